import { answerCredentialQuestion } from '../../api/credential-channel.ts';
import type { Connection } from '../../api/connection.ts';
import type { TileImageFormat } from '../../api/tile-images.ts';
import { authStore } from '../../auth/auth-store.ts';
import { usageStore } from '../../state/usage-store.ts';
import { CHANGE_TILE_CAP, type ChangePair, ChangeTileCapError } from './change-pair.ts';
import { type ChangeRows, type FromChangeWorker, mergeRows, type ToChangeWorker } from './change-protocol.ts';
import { ChangeResults, type PairFailure } from './change-results.ts';

export interface ChangeProgress {
  /** Pairs ended (scored, identical, without imagery or failed) of all. */
  done: number;
  total: number;
  /** Milliseconds since the run started, for an ETA: elapsed · (total − done) / done. */
  elapsedMs: number;
}

export interface FindChangesOptions {
  signal?: AbortSignal;
  /** After each batch of results (about twice a second a worker): `results` holds every pair ended so far. */
  onProgress?(progress: ChangeProgress, results: ChangeResults): void;
  /** Pairs in flight at once in each worker (two requests each); default 3. */
  concurrency?: number;
  /** Workers sharing the pairs; default one per core, at most two. */
  workers?: number;
  /**
   * The tiles asked for: JPEG (the default: a fifteenth of a PNG's bytes, and decoded already reduced — the browser
   * scales a JPEG as it decodes it), or the service's default, PNG.
   */
  format?: TileImageFormat;
}

let prepared: Worker | null = null;

const newWorker = () =>
  new Worker(new URL('./change.worker.ts', import.meta.url), { type: 'module', name: 'change-engine' });

/**
 * Starts the engine's first worker before it is needed (loading and compiling it takes a few hundred milliseconds on a
 * slow machine): the next findChanges takes it. Returns what ends it unless a run took it.
 */
export function prepareChangeWorker(): () => void {
  const worker = prepared ?? newWorker();
  prepared = worker;
  return () => {
    if (prepared !== worker) return;
    prepared = null;
    worker.terminate();
  };
}

const takeWorker = () => {
  const worker = prepared ?? newWorker();
  prepared = null;
  return worker;
};

/** The worker's rows with their pairs' indices in the whole run. */
const inRun = (rows: ChangeRows, share: readonly number[]): ChangeRows => ({
  ...rows,
  indices: rows.indices.map((local) => share[local]),
  failures: rows.failures.map(([local, failure]): [number, PairFailure] => [share[local], failure]),
});

/**
 * Scores every pair in workers of its own (fetching, decoding and scoring never run on this thread; the pairs dealt
 * out in turn): their credential questions answered from the session, their requests counted on the usage meter.
 * Resolves with every pair's result; rejects with ChangeTileCapError past CHANGE_TILE_CAP pairs, with the signal's
 * reason when aborted, and when the session ends.
 */
export function findChanges(
  connection: Connection,
  pairs: readonly ChangePair[],
  { signal, onProgress, concurrency, workers, format = 'jpeg' }: FindChangesOptions = {},
): Promise<ChangeResults> {
  if (pairs.length > CHANGE_TILE_CAP) return Promise.reject(new ChangeTileCapError(pairs.length));
  if (signal?.aborted) return Promise.reject(signal.reason);
  const count = Math.max(1, Math.min(workers ?? Math.min(2, navigator.hardwareConcurrency || 1), pairs.length));
  const shares = Array.from({ length: count }, (_, k) => pairs.flatMap((_, i) => (i % count === k ? [i] : [])));
  const running = shares.map(() => takeWorker());
  const results = new ChangeResults(pairs.length);
  const started = performance.now();
  let unfinished = count;
  return new Promise<ChangeResults>((resolve, reject) => {
    const session = authStore.getState().session;
    const unsubscribe = authStore.subscribe((state) => {
      if (state.session !== session) end(new Error('Signed out: Find changes stopped. Sign in and start again.'));
    });
    const cancel = () => {
      for (const worker of running) worker.postMessage({ type: 'cancel' } satisfies ToChangeWorker);
    };
    signal?.addEventListener('abort', cancel, { once: true });
    function end(error: unknown) {
      unsubscribe();
      signal?.removeEventListener('abort', cancel);
      for (const worker of running) worker.terminate();
      if (error === null) resolve(results);
      else reject(error);
    }
    running.forEach((worker, k) => {
      const send = (message: ToChangeWorker) => worker.postMessage(message);
      worker.onmessage = ({ data }: MessageEvent<FromChangeWorker>) => {
        if (data.type === 'credential') {
          answerCredentialQuestion({ postMessage: send }, connection.credentials, data);
          return;
        }
        if (data.requested > 0) usageStore.getState().imageryTilesRequested(data.requested);
        if (data.type === 'rows' || data.type === 'done') {
          mergeRows(results, inRun(data.rows, shares[k]));
          onProgress?.({ done: results.done, total: pairs.length, elapsedMs: performance.now() - started }, results);
          if (data.type === 'done' && --unfinished === 0) end(null);
        } else if (data.type === 'cancelled') end(signal?.reason ?? new DOMException('Cancelled.', 'AbortError'));
        else end(new Error(data.message));
      };
      worker.onerror = (event) => {
        event.preventDefault();
        end(new Error(`Find changes stopped: ${event.message || 'its worker failed'}.`));
      };
      send({
        type: 'start',
        request: {
          baseUrl: connection.baseUrl,
          sameOriginCookies: connection.sameOriginCookies === true,
          pairs: shares[k].map((i) => pairs[i]),
          concurrency,
          format,
        },
      });
    });
  });
}
