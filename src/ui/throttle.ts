export interface ThrottleClock {
  now(): number;
  schedule(run: () => void, ms: number): unknown;
}

const realClock: ThrottleClock = { now: () => performance.now(), schedule: (run, ms) => setTimeout(run, ms) };

/** A throttled function; `cancel` drops the call waiting for its turn, if any. */
export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/**
 * Calls `fn` at most once per `ms`: the first call at once, later ones with the latest arguments when the interval
 * ends (a cursor's readout, a heat map drawn as results arrive, a worker's batches of results).
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  clock: ThrottleClock = realClock,
): Throttled<A> {
  let last = -Infinity;
  let pending: A | null = null;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending) return;
    const args = pending;
    pending = null;
    last = clock.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = last + ms - clock.now();
    if (wait <= 0 && !scheduled) {
      last = clock.now();
      fn(...args);
      return;
    }
    pending = args;
    if (!scheduled) {
      scheduled = true;
      clock.schedule(flush, Math.max(0, wait));
    }
  };
  return Object.assign(throttled, {
    cancel: () => {
      pending = null;
    },
  });
}
