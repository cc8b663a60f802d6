import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { BACKOFF_CAP_MS } from '../api/retry-policy.ts';
import { createQueryClient, MAX_QUERY_RETRIES, queryRetryDelay, shouldRetryQuery } from './query-client.ts';

const failure = (status: number, retryAfterMs: number | null = null) =>
  new ApiError(status, status === 0 ? 'network_error' : `http_${status}`, 'failed', 'corr-1', retryAfterMs);

/** How many times the client's default policy calls a query function that always fails with `error`. */
async function attemptsUntilGivenUp(error: unknown): Promise<number> {
  let calls = 0;
  const client = createQueryClient();
  await expect(
    client.fetchQuery({
      queryKey: ['always-fails'],
      queryFn: () => {
        calls += 1;
        throw error;
      },
    }),
  ).rejects.toBe(error);
  return calls;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('query retry policy', () => {
  it('never retries a 4xx other than 429 (401 was already refreshed by the fetch wrapper)', async () => {
    for (const status of [400, 401, 403, 404, 409, 413, 422]) {
      expect(await attemptsUntilGivenUp(failure(status))).toBe(1);
    }
  });

  it('does not retry an error of our own, or a malformed answer', async () => {
    expect(await attemptsUntilGivenUp(new TypeError('bug'))).toBe(1);
    expect(await attemptsUntilGivenUp(new ApiError(200, 'invalid_response', 'Unexpected answer'))).toBe(1);
  });

  it('retries 5xx, 429 and network failures a bounded number of times', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    for (const error of [failure(500), failure(503), failure(0), failure(429, 0)]) {
      expect(await attemptsUntilGivenUp(error)).toBe(1 + MAX_QUERY_RETRIES);
    }
  });

  it('stops retrying once a retry succeeds', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let calls = 0;
    const data = await createQueryClient().fetchQuery({
      queryKey: ['flaky'],
      queryFn: () => {
        calls += 1;
        if (calls < 3) throw failure(503);
        return 'ok';
      },
    });
    expect(data).toBe('ok');
    expect(calls).toBe(3);
  });

  it('waits as long as Retry-After says on 429', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const done = createQueryClient().fetchQuery({
      queryKey: ['rate-limited'],
      queryFn: () => {
        calls += 1;
        if (calls === 1) throw failure(429, 2000);
        return 'ok';
      },
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await expect(done).resolves.toBe('ok');
  });

  it('backs off exponentially with jitter on 5xx and network failures', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const times: number[] = [];
    const start = Date.now();
    const done = createQueryClient().fetchQuery({
      queryKey: ['down'],
      queryFn: () => {
        times.push(Date.now() - start);
        throw failure(503);
      },
    });
    const settled = expect(done).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    // Full jitter with random() = 1 is the ceiling: 500, 1000, 2000 ms between attempts.
    expect(times).toEqual([0, 500, 1500, 3500]);
  });

  it('shows a 429 at once when the wait asked for is longer than the backoff cap', () => {
    expect(shouldRetryQuery(0, failure(429, BACKOFF_CAP_MS + 1))).toBe(false);
    expect(shouldRetryQuery(0, failure(429, BACKOFF_CAP_MS))).toBe(true);
  });

  it('draws the delay from full jitter: anywhere from 0 up to the exponential ceiling', () => {
    expect(queryRetryDelay(2, failure(502), () => 0)).toBe(0);
    expect(queryRetryDelay(2, failure(502), () => 0.5)).toBe(1000);
    expect(queryRetryDelay(1, failure(0), () => 1)).toBe(1000);
    expect(queryRetryDelay(0, failure(429, 1000), () => 0)).toBe(1000);
  });
});
