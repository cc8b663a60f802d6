/**
 * The heat map drawn while a run goes on: each tile's features made once, when it ends (the map, a by-id source, is
 * then sent only the new ones), and the map updated at most once every DRAW_INTERVAL_MS — the run's end at once.
 */
import type { IdFeature } from '../../map/feature-diff.ts';
import { type ThrottleClock, throttle } from '../../ui/throttle.ts';
import { type ChangePair, type ChangeResults, PAIR_STATUS } from '../change/index.ts';
import { tileFeatures } from './heat-map.ts';

/** The least time between two updates of the map while a run goes on (its workers report a few times a second). */
const DRAW_INTERVAL_MS = 500;

/** The features of a run's tiles ended so far; a tile's are made once, and kept as they were made. */
export class HeatMapTiles {
  private readonly made: Uint8Array;
  private readonly features: IdFeature[] = [];

  constructor(readonly pairs: readonly ChangePair[]) {
    this.made = new Uint8Array(pairs.length);
  }

  of(results: ChangeResults): IdFeature[] {
    for (let i = 0; i < this.pairs.length; i++) {
      if (this.made[i] || results.status[i] === PAIR_STATUS.pending) continue;
      this.made[i] = 1;
      for (const feature of tileFeatures(results, i, this.pairs[i])) this.features.push(feature);
    }
    return [...this.features];
  }
}

/**
 * A run's heat map as its results arrive: `soFar` draws at most once every DRAW_INTERVAL_MS (the latest results
 * then), `ended` draws the answer at once, `stop` drops a draw waiting for its turn.
 */
export function heatMapDraws(
  pairs: readonly ChangePair[],
  update: (features: IdFeature[]) => void,
  clock?: ThrottleClock,
) {
  const tiles = new HeatMapTiles(pairs);
  const soFar = throttle((results: ChangeResults) => update(tiles.of(results)), DRAW_INTERVAL_MS, clock);
  return {
    soFar,
    ended(results: ChangeResults): void {
      soFar.cancel();
      update(tiles.of(results));
    },
    stop: soFar.cancel,
  };
}
