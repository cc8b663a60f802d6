import { describe, expect, it } from 'vitest';
import { TileRetrier, type TileErrorEvent } from './tile-retry.ts';

function harness(online = true) {
  const refreshed: string[][] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let isOnline = online;
  const map = {
    refreshTiles: (_source: string, tiles?: { x: number; y: number; z: number }[]) => refreshed.push((tiles ?? []).map((t) => `${t.z}/${t.x}/${t.y}`)),
    getSource: (id: string) => (id === 'preview' ? {} : undefined),
  };
  const retrier = new TileRetrier(map, 'preview', {
    random: () => 1,
    isOnline: () => isOnline,
    schedule: (run, ms) => {
      timers.push({ run, ms });
      return timers.length as unknown as ReturnType<typeof setTimeout>;
    },
    cancel: () => undefined,
    maxAttempts: 3,
  });
  const fail = (status: number | undefined, x = 1, sourceId = 'preview'): TileErrorEvent => ({
    sourceId, tile: { tileID: { canonical: { x, y: 2, z: 16 } } }, error: status === undefined ? {} : { status },
  });
  return { retrier, refreshed, timers, fail, goOnline: () => { isOnline = true; } };
}

describe('TileRetrier', () => {
  it('asks again for a tile that failed with 503, backing off', () => {
    const { retrier, refreshed, timers, fail } = harness();
    retrier.tileFailed(fail(503));
    expect(timers.map((t) => t.ms)).toEqual([500]);
    timers[0].run();
    expect(refreshed).toEqual([['16/1/2']]);
    retrier.tileFailed(fail(503));
    expect(timers[1].ms).toBe(1000);
  });

  it('retries network failures and 429, never 404 or other 4xx, nor other sources', () => {
    const { retrier, timers, fail } = harness();
    retrier.tileFailed(fail(undefined, 1));
    retrier.tileFailed(fail(429, 2));
    retrier.tileFailed(fail(404, 3));
    retrier.tileFailed(fail(403, 4));
    retrier.tileFailed(fail(401, 5));
    retrier.tileFailed(fail(503, 6, 'basemap'));
    expect(timers).toHaveLength(2);
  });

  it('gives up after the last attempt and schedules one retry per tile at a time', () => {
    const { retrier, timers, fail } = harness();
    retrier.tileFailed(fail(500));
    retrier.tileFailed(fail(500));
    expect(timers).toHaveLength(1);
    for (let i = 0; i < 5; i++) {
      timers[timers.length - 1].run();
      retrier.tileFailed(fail(500));
    }
    expect(timers).toHaveLength(3);
  });

  it('holds tiles that failed offline and asks for all of them when the network is back', () => {
    const { retrier, refreshed, timers, fail, goOnline } = harness(false);
    retrier.tileFailed(fail(undefined, 1));
    retrier.tileFailed(fail(undefined, 2));
    expect(timers).toHaveLength(0);
    goOnline();
    retrier.networkRestored();
    expect(refreshed).toEqual([['16/1/2', '16/2/2']]);
  });
});
