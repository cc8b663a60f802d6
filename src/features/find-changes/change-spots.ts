/** The ranked list's spots: the most-changed tiles, each placed where its changed cells are. */
import {
  CELL_GRID,
  type ChangeExplanation,
  type ChangePair,
  type ChangeResults,
  cellCentre,
  OBSCURED,
} from '../change/index.ts';

/** A cell score byte from which the cell is changed (its weighed differences past the threshold). */
export const CHANGED_CELL = 128;

/** At most this many spots are listed. */
const MAX_SPOTS = 20;

export interface ChangeSpot {
  /** The pair's index in the run. */
  index: number;
  pair: ChangePair;
  /** The mean centre of its changed cells, [lon, lat]. */
  place: [number, number];
  explanation: ChangeExplanation;
}

/** Where a pair's changed cells are: the mean of their centres (the tile's centre when none is). */
function changedPlace(results: ChangeResults, i: number, pair: ChangePair): [number, number] {
  const scores = results.cellScores(i);
  const obscured = results.obscuredCells(i);
  let lon = 0;
  let lat = 0;
  let n = 0;
  scores.forEach((score, c) => {
    if (score < CHANGED_CELL || obscured[c] !== OBSCURED.clear) return;
    const [x, y] = cellCentre(pair, c);
    lon += x;
    lat += y;
    n++;
  });
  if (n > 0) return [lon / n, lat / n];
  const middle = (CELL_GRID / 2) * CELL_GRID + CELL_GRID / 2;
  return cellCentre(pair, middle);
}

/** The tiles that changed most (results.ranked()), at most `limit`, each explained. */
export function rankedSpots(results: ChangeResults, pairs: readonly ChangePair[], limit = MAX_SPOTS): ChangeSpot[] {
  return results
    .ranked()
    .slice(0, limit)
    .map((index) => ({
      index,
      pair: pairs[index],
      place: changedPlace(results, index, pairs[index]),
      explanation: results.explain(index, pairs[index]),
    }));
}

/** "39.72153° N, 104.93121° W" */
export function formatPlace([lon, lat]: readonly [number, number]): string {
  const ns = lat >= 0 ? 'N' : 'S';
  const ew = lon >= 0 ? 'E' : 'W';
  return `${Math.abs(lat).toFixed(5)}° ${ns}, ${Math.abs(lon).toFixed(5)}° ${ew}`;
}

/** "about 40 s left", "about 3 min left", from what has been done so far. */
export function formatEta({ done, total, elapsedMs }: { done: number; total: number; elapsedMs: number }): string {
  if (done === 0 || done >= total) return '';
  const seconds = (elapsedMs * (total - done)) / done / 1000;
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s left`;
  return `about ${Math.round(seconds / 60)} min left`;
}
