/**
 * The coverage routes' geometry on worker threads, so that no request holds the event loop: the service's other
 * requests (tiles, lists, credentials) are answered meanwhile. A job reads and checks an area of interest (WKT
 * parsing alone takes ~100 ms for the longest allowed WKT before the JIT warms up) and, for tile metadata, walks its
 * tiles; or walks a survey's updated tiles for `mosaic_updates` (megabytes of JSON at zoom 18). Each job has a budget
 * of time on its worker: the worker stops itself when it is spent (the geometry spends from a work budget), and a
 * worker that does not answer shortly after is terminated and replaced. A worker that dies (out of memory, say) takes
 * only its own job with it.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Overlap } from '../../core/geo/covered-tiles.ts';
import type { AreaGeometry } from '../../core/geo/geometry.ts';
import type { Survey } from '../catalog/survey.ts';
import type { UpdateWindow } from '../catalog/updated-tiles.ts';

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

export interface JobMessage {
  id: number;
  job: CoverageJob;
  budgetMs: number;
}

export type ResultMessage =
  | { ready: true }
  | { id: number; answer: CoverageAnswer }
  | { id: number; failure: 'budget' | string };

/** Why a job has no answer: its budget ran out, too many jobs wait, or its worker failed. */
export class CoverageRefused extends Error {
  constructor(
    readonly reason: 'budget' | 'busy' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/** A worker that does not answer this long after its budget is terminated. */
const GRACE_MS = 250;
/** Jobs waiting for a worker beyond these are refused at once. */
const MAX_WAITING = 64;
/** Heap for a worker: a runaway job ends its worker, not the service. */
const WORKER_HEAP_MB = 512;

interface Pending {
  id: number;
  job: CoverageJob;
  budgetMs: number;
  resolve(answer: CoverageAnswer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  running?: Pending;
  timer?: ReturnType<typeof setTimeout>;
}

// The worker is TypeScript: it registers tsx's loader and then imports its module. tsx's ESM API (its package
// export "./esm/api") is found from here, so that any working directory will do; its CommonJS build cannot register
// from an eval'd worker.
const tsxApi = pathToFileURL(
  path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
).href;
const bootstrap = `
import(${JSON.stringify(tsxApi)})
  .then(({ register }) => register())
  .then(() => import(${JSON.stringify(new URL('./coverage-worker.ts', import.meta.url).href)}));
`;

export interface CoveragePool {
  run(job: CoverageJob, budgetMs: number): Promise<CoverageAnswer>;
  /** Starts the workers now rather than at the first job (which would otherwise wait for them to load). */
  warm(): void;
  close(): Promise<void>;
}

export function createCoveragePool(size = Math.max(1, Math.min(2, availableParallelism() - 1))): CoveragePool {
  const slots: Slot[] = [];
  const waiting: Pending[] = [];
  let nextId = 1;
  let closed = false;
  let bootFailures = 0;

  function start(): Slot {
    const worker = new Worker(bootstrap, { eval: true, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    worker.unref();
    const slot: Slot = { worker, ready: false };
    worker.on('message', (message: ResultMessage) => {
      if ('ready' in message) {
        slot.ready = true;
        bootFailures = 0;
        dispatch();
        return;
      }
      const pending = slot.running;
      if (!pending || pending.id !== message.id) return;
      finish(slot);
      if ('answer' in message) pending.resolve(message.answer);
      else if (message.failure === 'budget') pending.reject(overBudget(pending));
      else pending.reject(new CoverageRefused('failed', `The coverage worker failed: ${message.failure}`));
      dispatch();
    });
    const fail = (error: Error) => {
      const refused = new CoverageRefused('failed', `The coverage worker stopped: ${error.message}`);
      const pending = slot.running;
      // A worker that cannot even start (a broken install) would fail again: the jobs waiting for it are refused.
      const booting = !slot.ready;
      if (booting) bootFailures++;
      replace(slot, !booting || bootFailures < 3);
      pending?.reject(refused);
      if (booting) for (const waiter of waiting.splice(0)) waiter.reject(refused);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!closed && slots.includes(slot)) fail(new Error(`exit code ${code}`));
    });
    return slot;
  }

  function finish(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.running = undefined;
    slot.timer = undefined;
  }

  function replace(slot: Slot, restart = true): void {
    finish(slot);
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots.splice(index, 1);
    void slot.worker.terminate();
    if (!closed && restart) slots.push(start());
  }

  const overBudget = (pending: Pending) =>
    new CoverageRefused('budget', `The tile computation took longer than its budget of ${pending.budgetMs} ms.`);

  function dispatch(): void {
    for (const slot of slots) {
      if (!slot.ready || slot.running || waiting.length === 0) continue;
      const pending = waiting.shift() as Pending;
      slot.running = pending;
      slot.timer = setTimeout(() => {
        if (slot.running !== pending) return;
        replace(slot);
        pending.reject(overBudget(pending));
        dispatch();
      }, pending.budgetMs + GRACE_MS);
      slot.worker.postMessage({ id: pending.id, job: pending.job, budgetMs: pending.budgetMs } satisfies JobMessage);
    }
    // Idle workers do not keep the process alive; busy ones, and starting ones that jobs wait for, do.
    for (const slot of slots) {
      if (slot.running || (!slot.ready && waiting.length > 0)) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  function warm(): void {
    while (!closed && slots.length < size) slots.push(start());
  }

  return {
    warm,
    run(job, budgetMs) {
      if (closed) return Promise.reject(new CoverageRefused('failed', 'The coverage pool is closed.'));
      if (waiting.length >= MAX_WAITING)
        return Promise.reject(new CoverageRefused('busy', 'Too many tile computations are waiting.'));
      warm();
      return new Promise<CoverageAnswer>((resolve, reject) => {
        waiting.push({ id: nextId++, job, budgetMs, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      const stopped = [...waiting.splice(0), ...slots.flatMap((slot) => (slot.running ? [slot.running] : []))];
      for (const pending of stopped) pending.reject(new CoverageRefused('failed', 'The coverage pool closed.'));
      for (const slot of slots) finish(slot);
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}

let shared: CoveragePool | undefined;

/** The process's pool, started on first use. */
export function coveragePool(): CoveragePool {
  shared ??= createCoveragePool();
  return shared;
}
