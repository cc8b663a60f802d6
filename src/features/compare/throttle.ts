export interface ThrottleClock {
  now(): number;
  schedule(run: () => void, ms: number): unknown;
}

const realClock: ThrottleClock = { now: () => performance.now(), schedule: (run, ms) => setTimeout(run, ms) };

/**
 * Calls `fn` at most once per `ms`: the first call at once, later ones with the latest arguments when the interval
 * ends.
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  clock: ThrottleClock = realClock,
): (...args: A) => void {
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
  return (...args: A) => {
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
}
