import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error.ts';
import { BACKOFF_CAP_MS, isRetryable, retryDelayMs } from '../api/retry-policy.ts';

/** Automatic retries after the first failure; after that the error shows, with its own Retry. */
export const MAX_QUERY_RETRIES = 3;

/**
 * Only failures the service or the network may get over: 5xx, 429 and no answer. Other 4xx will not
 * change (401 was already refreshed and retried by the fetch wrapper); nor will an error that is not
 * an ApiError, which is a fault of ours. A 429 asking for a longer wait than the backoff cap is shown
 * at once rather than leaving the view loading.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (!isApiError(error) || !isRetryable(error)) return false;
  if (error.status === 429 && error.retryAfterMs != null && error.retryAfterMs > BACKOFF_CAP_MS) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** Retry-After for 429; otherwise exponential backoff with full jitter. `failureCount` counts from 0. */
export function queryRetryDelay(failureCount: number, error: unknown, random: () => number = Math.random): number {
  const failure = isApiError(error) ? error : { status: 0 };
  return retryDelayMs(failureCount, failure, random);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: (failureCount, error) => queryRetryDelay(failureCount, error),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
