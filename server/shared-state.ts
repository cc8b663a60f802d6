import { Redis } from 'ioredis';

/**
 * State that service replicas share — tile keys, their revocations and rate-limit counters — in Redis when REDIS_URL
 * is set. A command fails at once while Redis is unreachable (never queued, never skipped): the request is answered
 * 503, never let through unchecked.
 */
export function connectSharedState(url: string, log: (message: string) => void = console.error): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) log(`shared state (Redis) unreachable: ${error.message}`);
    down = true;
  });
  redis.on('ready', () => {
    if (down) log('shared state (Redis) reachable again');
    down = false;
  });
  return redis;
}

/** Whether a failure is Redis being unreachable (from our stores or the rate limiter's). */
export function isSharedStateFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    /enableOfflineQueue|Connection is closed|ECONNREFUSED|ECONNRESET/.test(error.message)
  );
}

export const SHARED_STATE_MESSAGE =
  'Shared state (Redis) is unreachable: this request cannot be checked. Try again shortly.';
