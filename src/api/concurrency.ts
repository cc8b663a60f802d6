/** Runs at most `limit` tasks at once; the others wait their turn in order. */
export function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  /** Hands the finished task's slot to the next waiter, or frees it. */
  const release = () => {
    const waiter = waiting.shift();
    if (waiter) waiter();
    else running -= 1;
  };

  return async function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      signal?.throwIfAborted();
      return await task();
    } finally {
      release();
    }
  };
}
