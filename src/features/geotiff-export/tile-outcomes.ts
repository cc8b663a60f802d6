import type { TileOutcome } from './provenance.ts';
import type { TileRecords } from './tile-records.ts';
import { zxyKey } from '../../../core/geo/tile-address.ts';

type Failure = Extract<TileOutcome, { status: 'failed' }>;

/** Status codes; 0: not finished. */
const EXPORTED = 1;
const NO_IMAGERY = 2;
const FAILED = 3;

const exported: TileOutcome = Object.freeze({ status: 'exported' });
const noImagery: TileOutcome = Object.freeze({ status: 'no_imagery' });

/**
 * What became of each planned tile, by its row in the plan: a byte of status a tile, and the details of the few that
 * failed (a Map keyed by tile held ~0.1 KB a tile for the whole export).
 */
export class TileOutcomes {
  private readonly status: Uint8Array;
  private readonly failures = new Map<number, Failure>();
  /** Tiles with an outcome. */
  size = 0;

  constructor(readonly length: number) {
    this.status = new Uint8Array(length);
  }

  set(row: number, outcome: TileOutcome): void {
    if (this.status[row] === 0) this.size += 1;
    this.failures.delete(row);
    if (outcome.status === 'failed') this.failures.set(row, outcome);
    this.status[row] = outcome.status === 'exported' ? EXPORTED : outcome.status === 'no_imagery' ? NO_IMAGERY : FAILED;
  }

  /** The tile's outcome, or undefined while it has none. */
  get(row: number): TileOutcome | undefined {
    const status = this.status[row];
    if (status === EXPORTED) return exported;
    if (status === NO_IMAGERY) return noImagery;
    return status === FAILED ? this.failures.get(row) : undefined;
  }

  /** The rows whose outcome has this status, in order. */
  *rows(status: TileOutcome['status']): Generator<number> {
    const code = status === 'exported' ? EXPORTED : status === 'no_imagery' ? NO_IMAGERY : FAILED;
    for (let row = 0; row < this.length; row++) if (this.status[row] === code) yield row;
  }
}

/** Outcomes given by tile key (`z/x/y`), for the tiles of these records: tiles not named have none. */
export function outcomesByKey(tiles: TileRecords, byKey: ReadonlyMap<string, TileOutcome>): TileOutcomes {
  const outcomes = new TileOutcomes(tiles.length);
  for (let row = 0; row < tiles.length; row++) {
    const outcome = byKey.get(zxyKey({ z: tiles.z[row], x: tiles.x[row], y: tiles.y[row] }));
    if (outcome) outcomes.set(row, outcome);
  }
  return outcomes;
}
