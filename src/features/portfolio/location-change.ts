/**
 * A change score per location between its capture before the event and its first after it (the change engine's,
 * src/features/change): which tiles are compared, what the tiles' results say about each location, and how a row
 * stands (changed, unchanged, obscured, no pair, failed, not scored) for the table's filter, its order and the export.
 */
import { tilesCovering } from '../../../core/geo/covered-tiles.ts';
import { type TileAddress, tilesAround, zxyKey } from '../../../core/geo/tile-address.ts';
import {
  CHANGE_TILE_CAP,
  CHANGE_ZOOM,
  type ChangePair,
  type ChangeResults,
  type ChangeVerdict,
  PAIR_STATUS,
  type PairFailure,
} from '../change/index.ts';
import type { MetSurvey } from './location-result.ts';
import { pointBuffer } from './location.ts';
import type { PortfolioRow } from './portfolio-rows.ts';

/** One location's score, from its tiles together, and what it was made of. */
export interface LocationChange {
  /** The engine's verdict on the location's tiles, or failed when none of them could be fetched and read. */
  verdict: ChangeVerdict | 'failed';
  /** 0–1: changed from CHANGED_SCORE (0.5). */
  score: number;
  /** Shares of the tiles' cells changed and not compared (cloud, cloud shadow, no imagery, failed). */
  changedShare: number;
  obscuredShare: number;
  differentSeasons: boolean;
  /** The two captures compared (survey ids): a row whose pair is no longer these has no score. */
  beforeId: string;
  afterId: string;
  tiles: number;
  /** Why its tiles failed (the first tile's answer: status, message, correlation id), where all did. */
  failure?: PairFailure;
}

/** How a row stands: a verdict; no pair (no capture on one side of the event); failed; not scored (yet). */
export type ChangeStatus = ChangeVerdict | 'failed' | 'no pair' | 'not scored';

export const CHANGE_FILTERS = ['all', 'changed', 'unchanged', 'obscured', 'failed', 'no pair'] as const;
export type ChangeFilter = (typeof CHANGE_FILTERS)[number];

/** The tile pairs of one run, and which belong to which location. */
export interface ChangePlan {
  pairs: ChangePair[];
  /** Each location's pairs are pairs[first, first + count). */
  locations: { id: number; first: number; count: number }[];
  /** Locations with a pair that did not fit under the run's tile cap (CHANGE_TILE_CAP), in file order. */
  overCap: number[];
  /** Names the plan (its locations, captures and tiles): the query's key. */
  key: string;
}

/** The tiles compared for a location: those its area covers; for a point, the 2 × 2 around it and its circle's. */
function tilesOf(row: PortfolioRow, radiusM: number, cap: number): TileAddress[] | null {
  const { area, position } = row.location;
  const around = area ? [] : tilesAround(position[0], position[1], CHANGE_ZOOM);
  const covered = tilesCovering(area ?? pointBuffer(position, radiusM), CHANGE_ZOOM, { cap });
  if (covered.kind === 'over-cap') return null;
  const byKey = new Map([...around, ...covered.tiles].map((t) => [zxyKey(t), { z: t.z, x: t.x, y: t.y }]));
  return byKey.size > cap ? null : [...byKey.values()];
}

/** FNV-1a, 32 bits: a short name for a long plan. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

const captureOf = (survey: MetSurvey, date: string) => ({ surveyId: survey.id, captureId: null, date });

/**
 * The pairs to compare: each checked location with a capture on both sides of the event, its tiles at the engine's
 * zoom in the capture before (its survey's newest there, as the comparison shows it; dated by its end) and the one
 * after (by its start). Locations past the tile cap are left for a later run.
 */
export function changePlan(rows: readonly PortfolioRow[], radiusM: number, cap = CHANGE_TILE_CAP): ChangePlan {
  const pairs: ChangePair[] = [];
  const locations: ChangePlan['locations'] = [];
  const overCap: number[] = [];
  const named: string[] = [];
  for (const row of rows) {
    const { before, after } = row.captures;
    if (!row.result || !before || !after) continue;
    const tiles = tilesOf(row, radiusM, cap - pairs.length);
    if (!tiles) {
      overCap.push(row.location.id);
      continue;
    }
    const first = pairs.length;
    for (const tile of tiles)
      pairs.push({
        ...tile,
        before: captureOf(before, before.captureEnd),
        after: captureOf(after, after.captureStart),
      });
    locations.push({ id: row.location.id, first, count: tiles.length });
    named.push(`${row.location.id}:${before.id}:${after.id}:${tiles.map(zxyKey).join(',')}`);
  }
  return { pairs, locations, overCap, key: `${locations.length}-${pairs.length}-${hashOf(named.join('|'))}` };
}

const UNEXPLAINED: PairFailure = { status: 0, message: 'its tiles could not be compared', correlationId: null };

/** Each planned location's score from its tiles' results. */
export function locationChanges(plan: ChangePlan, results: ChangeResults): Map<number, LocationChange> {
  const changes = new Map<number, LocationChange>();
  for (const { id, first, count } of plan.locations) {
    const indices = Array.from({ length: count }, (_, k) => first + k);
    const summary = results.summary(indices);
    const pair = plan.pairs[first];
    const allFailed = indices.every((i) => results.status[i] === PAIR_STATUS.failed);
    changes.set(id, {
      verdict: allFailed ? 'failed' : summary.verdict,
      score: summary.score,
      changedShare: summary.changedShare,
      obscuredShare: summary.obscuredShare,
      differentSeasons: results.explain(first, pair).differentSeasons,
      beforeId: pair.before.surveyId,
      afterId: pair.after.surveyId,
      tiles: count,
      ...(allFailed && { failure: results.failures.get(first) ?? UNEXPLAINED }),
    });
  }
  return changes;
}

/** A row's score, when it has one for the captures it now pairs (another event date pairs others). */
export function changeOfRow(
  row: PortfolioRow,
  changes: ReadonlyMap<number, LocationChange> | undefined,
): LocationChange | null {
  const change = changes?.get(row.location.id);
  const { before, after } = row.captures;
  return change && change.beforeId === before?.id && change.afterId === after?.id ? change : null;
}

export function changeStatusOf(
  row: PortfolioRow,
  changes: ReadonlyMap<number, LocationChange> | undefined,
): ChangeStatus {
  if (!row.result) return 'not scored';
  if (!row.captures.before || !row.captures.after) return 'no pair';
  return changeOfRow(row, changes)?.verdict ?? 'not scored';
}

/** The rows a filter shows. */
export function filterByChange(
  rows: readonly PortfolioRow[],
  filter: ChangeFilter,
  changes: ReadonlyMap<number, LocationChange> | undefined,
): readonly PortfolioRow[] {
  return filter === 'all' ? rows : rows.filter((row) => changeStatusOf(row, changes) === filter);
}

/** How many rows stand each way (for the filter's labels). */
export function countByChange(
  rows: readonly PortfolioRow[],
  changes: ReadonlyMap<number, LocationChange> | undefined,
): Record<ChangeStatus, number> {
  const counts: Record<ChangeStatus, number> = {
    changed: 0,
    unchanged: 0,
    obscured: 0,
    failed: 0,
    'no pair': 0,
    'not scored': 0,
  };
  for (const row of rows) counts[changeStatusOf(row, changes)] += 1;
  return counts;
}
