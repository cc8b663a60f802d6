/** Which tiles Find changes compares: the same z/x/y in the two surveys' tile metadata over the area. */
import { zxyKey } from '../../../core/geo/tile-address.ts';
import { newestCapture, type Survey, type TileMetadataItem } from '../../../core/wire/model.ts';
import type { ChangeCapture, ChangePair } from '../change/index.ts';

export interface AreaPairs {
  pairs: ChangePair[];
  /** Tiles of the area with imagery in only one of the two (or without a capture date). */
  unpaired: number;
}

/** Each tile's capture as its survey shows it (the newest, pinned by its mosaic_stac_id). */
function capturesByTile(surveyId: string, items: readonly TileMetadataItem[]): Map<string, ChangeCapture> {
  const byTile = new Map<string, TileMetadataItem[]>();
  for (const item of items) {
    const key = zxyKey(item);
    const list = byTile.get(key);
    if (list) list.push(item);
    else byTile.set(key, [item]);
  }
  const captures = new Map<string, ChangeCapture>();
  for (const [key, list] of byTile) {
    // A tile that does not say when it was captured cannot be explained: it is left out (counted as unpaired).
    const item = newestCapture(list);
    if (!item?.captureStart) continue;
    captures.set(key, {
      surveyId,
      captureId: item.captureId,
      date: item.captureStart,
      ...(item.url && { url: item.url }),
    });
  }
  return captures;
}

/** The tiles both surveys have, the earlier survey's capture first, in the metadata's order (north to south). */
export function areaPairs(
  before: { surveyId: string; tiles: readonly TileMetadataItem[] },
  after: { surveyId: string; tiles: readonly TileMetadataItem[] },
): AreaPairs {
  const earlier = capturesByTile(before.surveyId, before.tiles);
  const later = capturesByTile(after.surveyId, after.tiles);
  const tiles = new Set([...before.tiles, ...after.tiles].map(zxyKey));
  const pairs: ChangePair[] = [];
  for (const [key, capture] of earlier) {
    const other = later.get(key);
    if (!other) continue;
    const [z, x, y] = key.split('/').map(Number);
    pairs.push({ z, x, y, before: capture, after: other });
  }
  return { pairs, unpaired: tiles.size - pairs.length };
}

const sortedAnswers = new WeakMap<readonly Survey[], readonly Survey[]>();

/**
 * Surveys in time order (by the start of their capture). An answer is sorted once, however often it is shown: an area's
 * may hold thousands of surveys, and answers are not changed in place.
 */
export function inCaptureOrder(surveys: readonly Survey[]): readonly Survey[] {
  const known = sortedAnswers.get(surveys);
  if (known) return known;
  const start = new Map(surveys.map((s) => [s, Date.parse(s.captureStart)]));
  const sorted = [...surveys].sort((a, b) => start.get(a)! - start.get(b)! || a.id.localeCompare(b.id));
  sortedAnswers.set(surveys, sorted);
  return sorted;
}

/**
 * Before and after a day (YYYY-MM-DD): the last survey captured entirely before it and the first captured from it on;
 * null when either side has none.
 */
export function surveysAround(surveys: readonly Survey[], day: string): { before: Survey; after: Survey } | null {
  const at = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(at)) return null;
  const ordered = inCaptureOrder(surveys);
  const before = ordered.filter((s) => Date.parse(s.captureEnd) < at).at(-1);
  const after = ordered.find((s) => Date.parse(s.captureStart) >= at);
  return before && after ? { before, after } : null;
}

/** The chosen two in time order (null unless they are two different surveys). */
export function orderedSides(surveys: readonly Survey[], a: string | null, b: string | null) {
  const first = surveys.find((s) => s.id === a);
  const second = surveys.find((s) => s.id === b);
  if (!first || !second || first === second) return null;
  const [before, after] = inCaptureOrder([first, second]);
  return { before, after };
}
