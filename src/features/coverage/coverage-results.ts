import type { Polygon } from 'geojson';
import { bboxPolygon } from '@turf/turf';
import type { CoverageSurvey, TileMetadataItem } from '../../../core/wire/model.ts';
import type { AreaGeometry } from '../../../core/geo/geometry.ts';
import {
  percentsCovered,
  rankWithPercents,
  uncoveredPart,
  type RankedCoverage,
  type UncoveredPart,
} from '../../area/coverage-share.ts';
import type { TileCount } from '../../../core/geo/covered-tiles.ts';
import { tileExtent, zxyKey } from '../../../core/geo/tile-address.ts';
import type { FootprintCollection } from '../footprints/index.ts';
import type { TileGridCollection } from './tile-grid-on-map.ts';
import type { CoverageJob, CoverageJobAnswer } from './coverage-job.ts';
import { runCoverageJobOffThread } from './coverage-off-thread.ts';

export type CoverageResult = RankedCoverage<CoverageSurvey>;

export interface CoverageSummary {
  /** Best coverage of the area first, then the most recent. */
  results: CoverageResult[];
  /** What none of the results covers. */
  uncovered: UncoveredPart;
}

/**
 * The geometry work for a search's answer: every footprint. The clipping itself passes over those whose bounding box
 * misses the area's, so sorting them out here first only added a pass over every vertex to this thread.
 */
const jobFor = (area: AreaGeometry, surveys: readonly CoverageSurvey[]): CoverageJob => ({
  area,
  footprints: surveys.map((survey) => survey.footprint),
});

const summaryOf = (surveys: readonly CoverageSurvey[], answer: CoverageJobAnswer): CoverageSummary => ({
  results: rankWithPercents(surveys, answer.percents),
  uncovered: answer.uncovered,
});

const summaries = new WeakMap<readonly CoverageSurvey[], { area: AreaGeometry; summary: CoverageSummary }>();

/**
 * The results of a search ranked by the percent of the area each covers, and the uncovered part,
 * worked out on this thread (once per answer and area).
 */
export function summariseCoverage(area: AreaGeometry, surveys: readonly CoverageSurvey[]): CoverageSummary {
  const known = summaries.get(surveys);
  if (known && known.area === area) return known.summary;
  const job = jobFor(area, surveys);
  const summary = summaryOf(surveys, {
    percents: percentsCovered(area, job.footprints),
    uncovered: uncoveredPart(area, job.footprints),
  });
  summaries.set(surveys, { area, summary });
  return summary;
}

/** summariseCoverage, with the clipping done by the coverage worker so that the page stays responsive. */
export async function summariseCoverageOffThread(
  area: AreaGeometry,
  surveys: readonly CoverageSurvey[],
): Promise<CoverageSummary> {
  return summaryOf(surveys, await runCoverageJobOffThread(jobFor(area, surveys)));
}

/**
 * Result footprints for the map, drawn once when the answer arrives, in the service's order reversed
 * (its first on top). Ranking does not redraw them: that would make MapLibre tile thousands of footprints
 * a second time for a draw order nobody sees under faint fills; the hovered and the selected result are
 * drawn on top by their own layers. One collection per answer, so that whoever hands it to the map
 * first, the others hand over the same one.
 */
export function coverageFootprints(surveys: readonly CoverageSurvey[]): FootprintCollection {
  let collection = drawnAnswers.get(surveys);
  if (!collection) {
    collection = {
      type: 'FeatureCollection',
      features: [...surveys]
        .reverse()
        .map((s) => ({ type: 'Feature', properties: { id: s.id }, geometry: s.footprint })),
    };
    drawnAnswers.set(surveys, collection);
  }
  return collection;
}

const drawnAnswers = new WeakMap<readonly CoverageSurvey[], FootprintCollection>();

/** Above this many tiles the user is asked before endpoint 4 is called. */
const TILE_CONFIRM_THRESHOLD = 2_000;

export type TileFetchPlan =
  /** Small enough: fetched at once. */
  | { kind: 'fetch' }
  /** Large: fetched only once the user agrees; `overCap` when the service will likely refuse it. */
  | { kind: 'ask'; overCap: boolean }
  /** The survey has no tile in the area. */
  | { kind: 'none' };

export function tileFetchPlan({ count, overCap }: TileCount, approved: boolean): TileFetchPlan {
  if (count === 0) return { kind: 'none' };
  if ((!overCap && count <= TILE_CONFIRM_THRESHOLD) || approved) return { kind: 'fetch' };
  return { kind: 'ask', overCap };
}

/** One cell per tile position (the provider may list several captures of one position), from geospatial_extent. */
export function tileGridOf(tiles: readonly TileMetadataItem[]): TileGridCollection {
  const cells = new Map<string, { extent: [number, number, number, number]; percent: number | null }>();
  for (const tile of tiles) {
    const key = zxyKey(tile);
    const known = cells.get(key);
    const percent = tile.percentCovered;
    if (!known) cells.set(key, { extent: tile.extent ?? tileExtent(tile), percent });
    else if (percent !== null && (known.percent === null || percent > known.percent)) known.percent = percent;
  }
  return {
    type: 'FeatureCollection',
    features: [...cells].map(([key, { extent, percent }]) => ({
      type: 'Feature',
      properties: { key, percent },
      geometry: bboxPolygon(extent).geometry as Polygon,
    })),
  };
}

/** Distinct tile positions among the items. */
export const tilePositionCount = (tiles: readonly TileMetadataItem[]): number => new Set(tiles.map(zxyKey)).size;
