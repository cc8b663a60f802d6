import { describe, expect, it } from 'vitest';
import { TileRetrier, type TileErrorEvent } from './tile-retry.ts';

function harness(online = true) {
  let reloads = 0;
  const timers: { run: () => void; ms: number }[] = [];
  let isOnline = online;
  const retrier = new TileRetrier('preview', () => reloads++, {
    random: () => 1,
    isOnline: () => isOnline,
    schedule: (run, ms) => {
      timers.push({ run, ms });
      return timers.length as unknown as ReturnType<typeof setTimeout>;
    },
    cancel: () => undefined,
    maxAttempts: 3,
  });
  const fail = (status: number | undefined, sourceId = 'preview'): TileErrorEvent => ({
    sourceId,
    tile: {},
    error: status === undefined ? {} : { status },
  });
  return {
    retrier,
    reloads: () => reloads,
    timers,
    fail,
    goOnline: () => {
      isOnline = true;
    },
  };
}

describe('TileRetrier', () => {
  it('reloads once per backoff step however many tiles failed together', () => {
    const { retrier, reloads, timers, fail } = harness();
    retrier.tileFailed(fail(503));
    retrier.tileFailed(fail(503));
    expect(timers.map((t) => t.ms)).toEqual([500]);
    timers[0].run();
    expect(reloads()).toBe(1);
    retrier.tileFailed(fail(503));
    expect(timers[1].ms).toBe(1000);
  });

  it('retries network failures and 429, never 404 or other 4xx, nor other sources', () => {
    for (const [status, source, expected] of [
      [undefined, 'preview', 1],
      [429, 'preview', 1],
      [404, 'preview', 0],
      [403, 'preview', 0],
      [401, 'preview', 0],
      [503, 'basemap', 0],
    ] as const) {
      const { retrier, timers, fail } = harness();
      retrier.tileFailed(fail(status, source));
      expect(timers, `status ${status} on ${source}`).toHaveLength(expected);
    }
  });

  it('gives up after the last attempt', () => {
    const { retrier, timers, fail } = harness();
    for (let i = 0; i < 6; i++) {
      retrier.tileFailed(fail(500));
      timers[timers.length - 1]?.run();
    }
    expect(timers).toHaveLength(3);
  });

  it('waits for the network, then reloads once', () => {
    const { retrier, reloads, timers, fail, goOnline } = harness(false);
    retrier.tileFailed(fail(undefined));
    retrier.tileFailed(fail(undefined));
    expect(timers).toHaveLength(0);
    goOnline();
    retrier.networkRestored();
    expect(reloads()).toBe(1);
  });
});
