import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, isRetryable, parseRetryAfter, retryDelayMs } from './retry-policy.ts';

describe('retry policy', () => {
  it('retries 5xx, 429 and network failures, never other 4xx', () => {
    for (const status of [0, 429, 500, 502, 503, 504]) expect(isRetryable({ status })).toBe(true);
    for (const status of [400, 401, 403, 404, 413, 422]) expect(isRetryable({ status })).toBe(false);
  });

  it('backs off exponentially with full jitter, up to a cap', () => {
    expect(retryDelayMs(0, { status: 503 }, () => 1)).toBe(500);
    expect(retryDelayMs(3, { status: 503 }, () => 1)).toBe(4000);
    expect(retryDelayMs(3, { status: 503 }, () => 0.5)).toBe(2000);
    expect(retryDelayMs(20, { status: 0 }, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(retryDelayMs(2, { status: 503 }, () => 0)).toBe(0);
  });

  it('honours Retry-After on 429', () => {
    expect(retryDelayMs(0, { status: 429, retryAfterMs: 3000 }, () => 0)).toBe(3000);
    expect(retryDelayMs(1, { status: 429 }, () => 1)).toBe(1000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});
