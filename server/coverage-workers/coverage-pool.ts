/**
 * The coverage routes' geometry on worker threads (a piscina pool), so that no request holds the event loop: the
 * service's other requests (tiles, lists, credentials) are answered meanwhile. A job reads and checks an area of
 * interest (WKT parsing alone takes ~100 ms for the longest allowed WKT before the JIT warms up) and, for tile
 * metadata, walks its tiles; or walks a survey's updated tiles for `mosaic_updates` (megabytes of JSON at zoom 18).
 * Each job has a budget of time on its worker: the worker stops itself when it is spent (the geometry spends from a
 * work budget), and a worker that does not answer shortly after is terminated and replaced. A worker that dies (out of
 * memory, say) takes only its own job with it.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { Overlap } from '../../core/geo/covered-tiles.ts';
import type { AreaGeometry } from '../../core/geo/geometry.ts';
import type { Survey } from '../catalog/survey.ts';
import type { UpdateWindow } from '../catalog/updated-tiles.ts';
import { fairQueue, QueueFull } from './fair-queue.ts';
import { jobStart, newJobClock } from './job-clock.ts';

/**
 * An area of interest to read and check; a survey's tiles to list in it; or a survey's tiles (re)published in a time
 * window (`mosaic_updates`). Lists are answered as the response body in the route's profile (so that serialising up
 * to the cap's worth of items does not hold the event loop either).
 */
export type CoverageJob =
  | { kind: 'area'; wkt: string }
  | {
      kind: 'tiles';
      wkt: string;
      survey: Survey;
      zoom: number;
      overlap: Overlap;
      cap: number;
      /** Keep tiles at least this percent covered. */
      tc?: number;
      profile: string;
      baseUrl: string;
    }
  | {
      kind: 'updates';
      survey: Survey;
      zoom: number;
      window: UpdateWindow;
      withPercent: boolean;
      cap: number;
      profile: string;
      baseUrl: string;
    };

export type CoverageAnswer =
  | { kind: 'area'; area: AreaGeometry }
  /** The answer's JSON, UTF-8. */
  | { kind: 'tiles'; body: Uint8Array }
  | { kind: 'over-cap' }
  /** The area was refused (an ApiError's parts: they do not cross threads as the class). */
  | { kind: 'refused'; statusCode: number; code: string; message: string };

/** A job as its worker receives it. */
export interface WorkerTask {
  job: CoverageJob;
  budgetMs: number;
  /** See job-clock.ts. */
  clock: SharedArrayBuffer;
}

/** The worker's answer, or word that the job's budget ran out. */
export type WorkerResult = CoverageAnswer | { kind: 'over-budget' };

/** Why a job has no answer: its budget ran out, too many jobs wait, or its worker failed. */
export class CoverageRefused extends Error {
  constructor(
    readonly reason: 'budget' | 'busy' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

class CoveragePoolClosed extends CoverageRefused {
  constructor() {
    super('failed', 'The coverage pool is closed.');
  }
}

/** A worker that does not answer this long after its budget is terminated. */
const GRACE_MS = 250;
/** Jobs waiting for a worker beyond these (in all, and of one client) are refused at once. */
const MAX_WAITING = 256;
const MAX_WAITING_PER_CLIENT = 16;
/** Heap for a worker: a runaway job ends its worker, not the service. */
const WORKER_HEAP_MB = 512;

const WORKER = new URL('./coverage-worker.ts', import.meta.url);
// The worker is TypeScript: its thread starts with tsx's loader (`node --import tsx`), found from here so that any
// working directory will do.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface CoveragePool {
  /** Runs the job in `client`'s turn (fair-queue.ts: round robin, at most size − 1 of one client's jobs at once). */
  run(job: CoverageJob, budgetMs: number, client?: string): Promise<CoverageAnswer>;
  /** What runs and waits, and how many jobs each client has started (tests). */
  counts(): ReturnType<ReturnType<typeof fairQueue>['counts']>;
  /** Starts the workers now rather than at the first job (which would otherwise wait for them to load). */
  warm(): void;
  close(): Promise<void>;
}

export interface PoolOptions {
  size?: number;
  /** The worker's module (tests use one that does not stop). */
  worker?: URL;
}

/**
 * Terminates the worker running a job past `limitMs` from the job's start; piscina then rejects the job and starts
 * another worker. (A piscina abort signal would terminate the worker too, but piscina queues abortable jobs apart from
 * its FIFO queue: out of order, and past `maxQueue`; piscina issue 899.)
 */
function watchdog(pool: Piscina, clock: SharedArrayBuffer, limitMs: number) {
  let timer: ReturnType<typeof setTimeout>;
  const watch = { expired: false, stop: () => clearTimeout(timer) };
  const check = () => {
    const start = jobStart(clock);
    const left = start ? start.at + limitMs - Date.now() : limitMs;
    if (left > 0) {
      timer = setTimeout(check, left);
      return;
    }
    watch.expired = true;
    void pool.threads.find((worker) => worker.threadId === start?.threadId)?.terminate();
  };
  timer = setTimeout(check, limitMs);
  return watch;
}

interface Workers {
  piscina: Piscina<WorkerTask, WorkerResult>;
  /** Why a worker could not load, once one could not. */
  loadFailure?: Error;
}

/**
 * Two workers by default, even on two cores: one is always kept from any one client's jobs, so that another's start at
 * once while one floods (the event loop's thread and the workers share the cores).
 */
export function createCoveragePool({ size = 2, worker = WORKER }: PoolOptions = {}): CoveragePool {
  let current: Workers | undefined;
  let closed = false;
  const queue = fairQueue({
    slots: size,
    perClient: Math.max(1, size - 1),
    waitingPerClient: MAX_WAITING_PER_CLIENT,
    waiting: MAX_WAITING,
  });

  function started(): Workers {
    if (current) return current;
    const workers: Workers = {
      piscina: new Piscina({
        filename: worker.href,
        execArgv: ['--import', TSX],
        minThreads: size,
        maxThreads: size,
        maxQueue: MAX_WAITING,
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      }),
    };
    // A worker fails outside a job only while it loads (it runs nothing between jobs), and then piscina starts no
    // other: the jobs waiting for one are refused, and the next job starts new workers.
    workers.piscina.on('error', (error: Error) => {
      workers.loadFailure = error;
      if (current === workers) current = undefined;
      void workers.piscina.destroy();
    });
    current = workers;
    return workers;
  }

  const overBudget = (budgetMs: number) =>
    new CoverageRefused('budget', `The tile computation took longer than its budget of ${budgetMs} ms.`);

  /** A job on a worker: the queue starts it only when one is free, so piscina's own queue stays empty. */
  async function runOnWorker(job: CoverageJob, budgetMs: number): Promise<CoverageAnswer> {
    if (closed) throw new CoveragePoolClosed();
    const workers = started();
    const clock = newJobClock();
    const watch = watchdog(workers.piscina, clock, budgetMs + GRACE_MS);
    let result: WorkerResult;
    try {
      result = await workers.piscina.run({ job, budgetMs, clock });
    } catch (error) {
      if (watch.expired) throw overBudget(budgetMs);
      const cause = workers.loadFailure ?? (error as Error);
      throw new CoverageRefused('failed', `The coverage worker failed: ${cause?.message ?? cause}`);
    } finally {
      watch.stop();
    }
    if (result.kind === 'over-budget') throw overBudget(budgetMs);
    return result;
  }

  return {
    warm() {
      if (!closed) started();
    },
    async run(job, budgetMs, client = 'anonymous') {
      if (closed) throw new CoveragePoolClosed();
      try {
        return await queue.run(client, () => runOnWorker(job, budgetMs));
      } catch (error) {
        if (error instanceof QueueFull) throw new CoverageRefused('busy', 'Too many tile computations are waiting.');
        throw error;
      }
    },
    counts: () => queue.counts(),
    async close() {
      closed = true;
      queue.clear(new CoveragePoolClosed());
      // Waiting jobs are refused at once; running ones end within their budget.
      await current?.piscina.close({ force: true });
    },
  };
}

let shared: CoveragePool | undefined;

/** The process's pool, started on first use. */
export function coveragePool(): CoveragePool {
  shared ??= createCoveragePool();
  return shared;
}
