import { withinCloudLimit } from '../../../core/wire/model.ts';
import { chooseTiles } from './export-plan.ts';
import type { PlannedTile, TileRecords } from './tile-records.ts';
import { zxyKey } from '../../../core/geo/tile-address.ts';

/**
 * Which survey supplies each tile: the newest of the results there (as the service's `basemap` picks), the one with
 * the least cloud cover there (the newest on a tie), or the one survey the user selected.
 */
export type SelectionRule = 'newest' | 'least-cloud' | 'selected-survey';

export interface TileSelection {
  rule: SelectionRule;
  /** Percent: a survey cloudier than this, or one that publishes no cloud cover, is never used. Null: no limit. */
  maxCloudCover: number | null;
}

/** A survey the export may draw on, as the catalog describes it. */
export interface SourceSurvey {
  surveyId: string;
  captureStart: string;
  captureEnd: string;
  /** Percent, or null where the service publishes none. */
  cloudCover: number | null;
}

/** A survey and the number of tile positions it supplies (or, kept out by the limit, lists) in the area. */
export interface PlanSurvey extends SourceSurvey {
  tiles: number;
}

/** The tiles an export fetches, and what the rule and the cloud limit made of the surveys. */
export interface TileChoice {
  selection: TileSelection;
  tiles: PlannedTile[];
  /**
   * Positions where only surveys over the cloud limit have imagery: left empty (no data), each with the capture the
   * limit kept out.
   */
  overCloudLimit: PlannedTile[];
  /** The surveys the tiles come from, in the rule's order. */
  surveys: PlanSurvey[];
  /** The surveys over the cloud limit that list tiles here, in the rule's order. */
  leftOut: PlanSurvey[];
}

const recency = (s: SourceSurvey) => Date.parse(s.captureEnd || s.captureStart);
const newestFirst = (a: SourceSurvey, b: SourceSurvey) =>
  recency(b) - recency(a) || a.surveyId.localeCompare(b.surveyId);
/** A survey that publishes no cloud cover ranks after every one that does. */
const cloudOf = (s: SourceSurvey) => s.cloudCover ?? Number.POSITIVE_INFINITY;
const leastCloudFirst = (a: SourceSurvey, b: SourceSurvey) => cloudOf(a) - cloudOf(b) || newestFirst(a, b);

/** The surveys in the order the rule tries them at each tile, and those the cloud limit keeps out. */
export function rankSurveys<T extends SourceSurvey>(surveys: readonly T[], selection: TileSelection) {
  const order = selection.rule === 'least-cloud' ? leastCloudFirst : newestFirst;
  const ranked = [...surveys].sort(order);
  return {
    used: ranked.filter((s) => withinCloudLimit(s.cloudCover, selection.maxCloudCover)),
    leftOut: ranked.filter((s) => !withinCloudLimit(s.cloudCover, selection.maxCloudCover)),
  };
}

const describe = ({ surveyId, captureStart, captureEnd, cloudCover }: SourceSurvey, tiles: number): PlanSurvey => ({
  surveyId,
  captureStart,
  captureEnd,
  cloudCover,
  tiles,
});

/**
 * Each tile position's capture under the rule: the first survey in the rule's order whose tile metadata lists the
 * position supplies it, with its newest capture there. Surveys over the cloud limit supply nothing; a position only
 * they list is counted in `overCloudLimit`.
 */
export function selectTiles(
  /** With each survey's `newestTiles`. */
  sources: readonly (SourceSurvey & { tiles: TileRecords })[],
  selection: TileSelection,
): TileChoice {
  const { used, leftOut } = rankSurveys(sources, selection);
  const tiles = chooseTiles(used);
  const taken = new Set(tiles.map(zxyKey));
  const overCloudLimit = chooseTiles(leftOut).filter((t) => !taken.has(zxyKey(t)));
  const supplied = new Map<string, number>();
  for (const { surveyId } of tiles) supplied.set(surveyId, (supplied.get(surveyId) ?? 0) + 1);
  return {
    selection,
    tiles,
    overCloudLimit,
    surveys: used.filter((s) => supplied.has(s.surveyId)).map((s) => describe(s, supplied.get(s.surveyId) ?? 0)),
    leftOut: leftOut.map((s) => describe(s, s.tiles.length)).filter((s) => s.tiles > 0),
  };
}
