/** Messages between the page and the change worker. No credential travels in them (src/api/credential-channel.ts). */
import type { CredentialAnswer, CredentialQuestion, WorkerService } from '../../api/credential-channel.ts';
import type { TileImageFormat } from '../../api/tile-images.ts';
import type { ChangePair } from './change-pair.ts';
import {
  type ChangeResults,
  PAIR_STATUS,
  type PairFailure,
  type PairStatus,
  type ResultSink,
} from './change-results.ts';
import { CELLS } from './pixel-planes.ts';
import type { PairScore } from './score-pair.ts';

export interface ChangeRequest extends WorkerService {
  pairs: readonly ChangePair[];
  concurrency?: number;
  /** The tiles' format: the service's default (PNG) or JPEG (see FindChangesOptions). */
  format?: TileImageFormat;
}

/** The pairs ended since the last message, with their results (the arrays are transferred). */
export interface ChangeRows {
  indices: Uint32Array;
  status: Uint8Array;
  changedCells: Uint16Array;
  obscuredCount: Uint16Array;
  cells: Uint8Array;
  obscured: Uint8Array;
  failures: [index: number, failure: PairFailure][];
}

export type ToChangeWorker = { type: 'start'; request: ChangeRequest } | { type: 'cancel' } | CredentialAnswer;

/** Each message says how many imagery requests were sent since the last (`requested`), for the usage meter. */
export type FromChangeWorker =
  | CredentialQuestion
  | ({ requested: number } & (
      | { type: 'rows'; rows: ChangeRows }
      | { type: 'done'; rows: ChangeRows }
      | { type: 'failed'; message: string }
      | { type: 'cancelled' }
    ));

/** The worker's side: pairs' results kept until they are posted (the worker keeps nothing after). */
export class RowBuffer implements ResultSink {
  private entries: { index: number; status: PairStatus; score?: PairScore }[] = [];
  private failures: [number, PairFailure][] = [];

  get size(): number {
    return this.entries.length;
  }

  record(index: number, status: PairStatus, score?: PairScore, failure?: PairFailure): void {
    this.entries.push({ index, status, score });
    if (failure !== undefined) this.failures.push([index, failure]);
  }

  /** The rows kept so far, and forgotten here. */
  take(): ChangeRows {
    const n = this.entries.length;
    const rows: ChangeRows = {
      indices: new Uint32Array(n),
      status: new Uint8Array(n),
      changedCells: new Uint16Array(n),
      obscuredCount: new Uint16Array(n),
      cells: new Uint8Array(n * CELLS),
      obscured: new Uint8Array(n * CELLS),
      failures: this.failures,
    };
    this.entries.forEach(({ index, status, score }, k) => {
      rows.indices[k] = index;
      rows.status[k] = status;
      if (score) {
        rows.changedCells[k] = score.changedCells;
        rows.obscuredCount[k] = score.obscuredCells;
        rows.cells.set(score.cells, k * CELLS);
        rows.obscured.set(score.obscured, k * CELLS);
      }
    });
    this.entries = [];
    this.failures = [];
    return rows;
  }
}

/** The rows written into the page's results. */
export function mergeRows(results: ChangeResults, rows: ChangeRows): void {
  const failures = new Map(rows.failures);
  rows.indices.forEach((i, k) => {
    const cells = rows.cells.subarray(k * CELLS, (k + 1) * CELLS);
    const obscured = rows.obscured.subarray(k * CELLS, (k + 1) * CELLS);
    const score = { cells, obscured, changedCells: rows.changedCells[k], obscuredCells: rows.obscuredCount[k] };
    const status = rows.status[k] as PairStatus;
    results.record(i, status, status === PAIR_STATUS.scored ? score : undefined, failures.get(i));
  });
}

export const transferablesOf = (rows: ChangeRows): Transferable[] => [
  rows.indices.buffer,
  rows.status.buffer,
  rows.changedCells.buffer,
  rows.obscuredCount.buffer,
  rows.cells.buffer,
  rows.obscured.buffer,
];
