/**
 * A run's results, kept compactly (typed arrays by pair: 16 × 16 cell scores and obscured reasons, two counts and a
 * status — about 520 bytes a pair, 5 MB for 10,000), and what each says about its place.
 */
import { latOfTileY, lonOfTileX } from '../../../core/geo/tile-address.ts';
import type { ChangeCapture, ChangePair } from './change-pair.ts';
import { CHANGE_THRESHOLDS } from './change-thresholds.ts';
import { CELL_GRID, CELLS } from './pixel-planes.ts';
import { type ChangeSummary, type PairScore, summarise } from './score-pair.ts';
import { type Hemisphere, hemisphereOf, type Season, seasonAt } from './seasons.ts';

/** How a pair ended: not yet, scored, byte-identical tiles (0 without decoding), a side without imagery, failed. */
export const PAIR_STATUS = { pending: 0, scored: 1, identical: 2, noImagery: 3, failed: 4 } as const;
export type PairStatus = (typeof PAIR_STATUS)[keyof typeof PAIR_STATUS];

/** Why a pair has no score, as the service said it: HTTP status (0: no answer), message and correlation id. */
export interface PairFailure {
  status: number;
  message: string;
  correlationId: string | null;
}

/** A score that explains itself: the two captures and their dates, its parts, and the seasons. */
export interface ChangeExplanation extends ChangeSummary {
  status: PairStatus;
  before: ChangeCapture;
  after: ChangeCapture;
  seasons: [before: Season, after: Season];
  differentSeasons: boolean;
  hemisphere: Hemisphere;
  /** Why the pair has no score (status failed). */
  failure?: PairFailure;
}

/** Where a run puts each pair's end. */
export interface ResultSink {
  record(index: number, status: PairStatus, score?: PairScore, failure?: PairFailure): void;
}

export class ChangeResults implements ResultSink {
  readonly status: Uint8Array;
  readonly changedCells: Uint16Array;
  readonly obscuredCount: Uint16Array;
  /** Pair i's cells at [i · 256, (i + 1) · 256): scores 0–255 (changed from 128) and OBSCURED reasons. */
  readonly cells: Uint8Array;
  readonly obscured: Uint8Array;
  readonly failures = new Map<number, PairFailure>();

  constructor(readonly size: number) {
    this.status = new Uint8Array(size);
    this.changedCells = new Uint16Array(size);
    this.obscuredCount = new Uint16Array(size);
    this.cells = new Uint8Array(size * CELLS);
    this.obscured = new Uint8Array(size * CELLS);
  }

  /** Pairs that have ended, whatever their status. */
  get done(): number {
    let n = 0;
    for (let i = 0; i < this.size; i++) if (this.status[i] !== PAIR_STATUS.pending) n++;
    return n;
  }

  record(i: number, status: PairStatus, score?: PairScore, failure?: PairFailure): void {
    this.status[i] = status;
    if (score) {
      this.changedCells[i] = score.changedCells;
      this.obscuredCount[i] = score.obscuredCells;
      this.cells.set(score.cells, i * CELLS);
      this.obscured.set(score.obscured, i * CELLS);
    } else if (status === PAIR_STATUS.noImagery || status === PAIR_STATUS.failed) {
      this.obscuredCount[i] = CELLS;
    }
    if (failure !== undefined) this.failures.set(i, failure);
  }

  cellScores = (i: number): Uint8Array => this.cells.subarray(i * CELLS, (i + 1) * CELLS);
  obscuredCells = (i: number): Uint8Array => this.obscured.subarray(i * CELLS, (i + 1) * CELLS);

  /** The verdict on some pairs together (a location's tiles, an area), or on all. */
  summary(pairs: Iterable<number> = this.status.keys()): ChangeSummary {
    let changedCells = 0;
    let obscuredCells = 0;
    let cells = 0;
    for (const i of pairs) {
      changedCells += this.changedCells[i];
      obscuredCells += this.obscuredCount[i];
      cells += CELLS;
    }
    return summarise({ changedCells, obscuredCells, cells }, CHANGE_THRESHOLDS);
  }

  explain(i: number, pair: ChangePair): ChangeExplanation {
    const lat = latOfTileY(pair.y + 0.5, pair.z);
    const seasons: [Season, Season] = [seasonAt(pair.before.date, lat), seasonAt(pair.after.date, lat)];
    return {
      ...this.summary([i]),
      status: this.status[i] as PairStatus,
      before: pair.before,
      after: pair.after,
      seasons,
      differentSeasons: seasons[0] !== seasons[1],
      hemisphere: hemisphereOf(lat),
      ...(this.failures.has(i) && { failure: this.failures.get(i) }),
    };
  }

  /** Scored pairs, most changed cells first (ties: the higher cell scores' sum). */
  ranked(): number[] {
    const sums = new Float64Array(this.size);
    for (let i = 0; i < this.size; i++) for (const s of this.cellScores(i)) sums[i] += s;
    return [...this.status.keys()]
      .filter((i) => this.changedCells[i] > 0)
      .sort((a, b) => this.changedCells[b] - this.changedCells[a] || sums[b] - sums[a]);
  }
}

/** The centre of cell c of a tile, [lon, lat]. */
export function cellCentre({ z, x, y }: Pick<ChangePair, 'z' | 'x' | 'y'>, c: number): [number, number] {
  const cx = c % CELL_GRID;
  const cy = (c - cx) / CELL_GRID;
  return [lonOfTileX(x + (cx + 0.5) / CELL_GRID, z), latOfTileY(y + (cy + 0.5) / CELL_GRID, z)];
}
