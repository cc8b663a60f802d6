/**
 * When a coverage job started on its worker, and which worker thread runs it: written by the worker, read by the pool,
 * which times a job from its start rather than from its wait in the queue (piscina times neither).
 */
const STARTED = 0;
const THREAD = 1;

/** A job's clock: shared memory, so that the pool reads it while the worker is busy. */
export const newJobClock = (): SharedArrayBuffer => new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT);

/** Called by the worker as it takes the job. */
export function markStarted(clock: SharedArrayBuffer, threadId: number): void {
  const cells = new BigInt64Array(clock);
  Atomics.store(cells, THREAD, BigInt(threadId));
  Atomics.store(cells, STARTED, BigInt(Date.now()));
}

/** When the job started (ms since the epoch) and on which thread, or undefined while it waits. */
export function jobStart(clock: SharedArrayBuffer): { at: number; threadId: number } | undefined {
  const cells = new BigInt64Array(clock);
  const at = Number(Atomics.load(cells, STARTED));
  return at === 0 ? undefined : { at, threadId: Number(Atomics.load(cells, THREAD)) };
}
