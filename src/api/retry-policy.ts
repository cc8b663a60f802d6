/**
 * When a failed request is worth repeating, and when: never after a 4xx other than 429 (the answer
 * will not change; 401 is handled by the fetch wrapper's refresh), after Retry-After for 429, and
 * with exponential backoff and full jitter after a 5xx or no answer at all.
 */
export interface FailureLike {
  /** HTTP status, 0 when no answer arrived. */
  status: number;
  /** Milliseconds the service asked to wait (Retry-After), when it said. */
  retryAfterMs?: number | null;
}

const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 15_000;

export function isRetryable(failure: FailureLike): boolean {
  return failure.status === 0 || failure.status === 429 || failure.status >= 500;
}

/** Delay before retry number `attempt` (0-based). */
export function retryDelayMs(attempt: number, failure: FailureLike, random: () => number = Math.random): number {
  if (failure.status === 429 && failure.retryAfterMs != null) return failure.retryAfterMs;
  return Math.round(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt));
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

export interface RetryOptions {
  maxRetries: number;
  signal: AbortSignal;
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  random?(): number;
}

/**
 * Runs `attempt` until it succeeds, repeating retryable failures (those `failureOf` recognises) after the policy's
 * delay, at most `maxRetries` times; an abort ends it at once.
 */
export async function withRetries<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  failureOf: (error: unknown) => FailureLike | null,
  { maxRetries, signal, sleep = abortableSleep, random }: RetryOptions,
): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt(signal);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const failure = failureOf(error);
      if (!failure || !isRetryable(failure) || tries >= maxRetries) throw error;
      await sleep(retryDelayMs(tries, failure, random), signal);
    }
  }
}
