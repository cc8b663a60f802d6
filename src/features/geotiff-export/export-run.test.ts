import { encode as encodeJpeg } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { TileMetadataItem } from '../../../core/wire/model.ts';
import { isPlan, newestTiles, planExport } from './export-plan.ts';
import { tilesOf, type PlannedTile } from './tile-records.ts';
import { runExport, type ExportDeps, type ExportProgress } from './export-run.ts';
import { HALF } from './pyramid.ts';
import { selectTiles } from './tile-selection.ts';
import { zxyKey } from '../../../core/geo/tile-address.ts';

const metadata = (x: number, y: number): TileMetadataItem => ({
  z: 18,
  x,
  y,
  url: `https://api.example/tile/v2/S/18/${x}/${y}`,
  extent: null,
  captureId: null,
  captureStart: null,
  captureEnd: null,
  publishedDate: null,
  resolution: null,
  fileFormat: null,
  percentCovered: null,
});

function planOf(across: number, down: number) {
  const items = Array.from({ length: across * down }, (_, i) =>
    metadata(1000 + (i % across), 2000 + Math.floor(i / across)),
  );
  const survey = { surveyId: 'S', captureStart: '', captureEnd: '', cloudCover: null, tiles: newestTiles('S', items) };
  const plan = planExport(18, selectTiles([survey], { rule: 'selected-survey', maxCloudCover: null }));
  if (!isPlan(plan)) throw new Error('no plan');
  return plan;
}

/** A fake service whose tiles answer as scripted, one answer per request, and a decoder of solid tiles. */
function fakeDeps(script: Record<string, (Error | 'ok' | 'none')[]>) {
  const sleeps: number[] = [];
  const deps: ExportDeps = {
    async fetchTile(tile) {
      const next = script[`${tile.x - 1000}/${tile.y - 2000}`]?.shift() ?? 'ok';
      if (next instanceof Error) throw next;
      return next === 'none' ? null : new TextEncoder().encode(String(tile.x));
    },
    async decode(_, size = 256) {
      return new Uint8Array(size * size * 4).fill(200);
    },
    mask: () => null,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 1,
  };
  return { deps, sleeps };
}

const unavailable = () => new ApiError(503, 'unavailable', 'Busy', 'corr-503');

describe('an export run', () => {
  it('retries with the app policy (Retry-After first), then marks a tile failed; 404 is no imagery', async () => {
    const plan = planOf(4, 4);
    const { deps, sleeps } = fakeDeps({
      '0/0': [unavailable(), unavailable(), 'ok'],
      '1/1': ['none'],
      '2/2': [unavailable(), unavailable(), unavailable()],
      '3/3': [new ApiError(429, 'rate_limited', 'Slow down', null, 1234), 'ok'],
      '3/0': [new ApiError(400, 'bad', 'Bad tile', 'corr-400')],
    });
    const requested: PlannedTile[] = [];
    let last: ExportProgress | null = null;
    const { tiff, outcomes } = await runExport(deps, {
      plan,
      description: 'test',
      concurrency: 3,
      maxRetries: 2,
      signal: new AbortController().signal,
      onProgress: (p) => (last = p),
      onRequest: (tile) => requested.push(tile),
    });
    const rows = new Map([...tilesOf(plan.tiles)].map((t, row) => [zxyKey(t), row]));
    const status = (x: number, y: number) => outcomes.get(rows.get(zxyKey({ z: 18, x: 1000 + x, y: 2000 + y }))!);
    expect(status(0, 0)).toEqual({ status: 'exported' });
    expect(status(1, 1)).toEqual({ status: 'no_imagery' });
    expect(status(2, 2)).toMatchObject({ status: 'failed', httpStatus: 503, correlationId: 'corr-503' });
    expect(status(3, 0)).toMatchObject({ status: 'failed', httpStatus: 400, message: 'Bad tile' });
    expect(status(3, 3)).toEqual({ status: 'exported' });
    // 16 tiles + 2 retries of 0/0 + 2 of 2/2 + 1 of 3/3; the 400 is not retried.
    expect(requested).toHaveLength(21);
    // Backoff with full jitter (random = 1): 500, 1000 ms; the 429's Retry-After as given.
    expect(sleeps.sort((a, b) => a - b)).toEqual([500, 500, 1000, 1000, 1234]);
    expect(last).toMatchObject({ done: 16, failed: 2, total: 16, held: 0 });
    expect(tiff.size).toBeGreaterThan(1000);
  });

  it('by default keeps six requests in flight, and asks a failing tile four more times before failing it', async () => {
    const plan = planOf(4, 4);
    const run = async (script: Parameters<typeof fakeDeps>[0]) => {
      const { deps } = fakeDeps(script);
      const counts = { asking: 0, mostAsking: 0, requests: 0 };
      const fetchTile = deps.fetchTile;
      deps.fetchTile = async (tile, signal) => {
        counts.asking += 1;
        counts.mostAsking = Math.max(counts.mostAsking, counts.asking);
        // Answered on a later turn: every slot has sent its request by then.
        await new Promise((resolve) => setImmediate(resolve));
        counts.asking -= 1;
        return fetchTile(tile, signal);
      };
      const { outcomes } = await runExport(deps, {
        plan,
        description: 'test',
        signal: new AbortController().signal,
        onProgress: () => {},
        onRequest: () => (counts.requests += 1),
      });
      const rows = new Map([...tilesOf(plan.tiles)].map((t, row) => [zxyKey(t), row]));
      const status = (x: number, y: number) => outcomes.get(rows.get(zxyKey({ z: 18, x: 1000 + x, y: 2000 + y }))!);
      return { ...counts, status };
    };
    expect((await run({})).mostAsking).toBe(6);
    const failing = await run({
      '0/0': [unavailable(), unavailable(), unavailable(), unavailable(), 'ok'],
      '1/1': [unavailable(), unavailable(), unavailable(), unavailable(), unavailable(), 'ok'],
    });
    expect(failing.status(0, 0)).toEqual({ status: 'exported' });
    expect(failing.status(1, 1)).toMatchObject({ status: 'failed', httpStatus: 503 });
    expect(failing.requests).toBe(16 + 4 + 4);
  });

  it('marks a tile the service sent unreadable, or that no answer came for, failed with why', async () => {
    const plan = planOf(2, 1);
    const { deps } = fakeDeps({});
    deps.fetchTile = async (tile) => {
      if (tile.x === 1001) throw new TypeError('Failed to fetch');
      return new Uint8Array([1, 2, 3]);
    };
    deps.decode = async () => {
      throw new Error('not an image');
    };
    const { outcomes } = await runExport(deps, {
      plan,
      description: 'test',
      maxRetries: 0,
      signal: new AbortController().signal,
      onProgress: () => {},
      onRequest: () => {},
    });
    const rows = new Map([...tilesOf(plan.tiles)].map((t, row) => [t.x, row]));
    expect(outcomes.get(rows.get(1000)!)).toEqual({
      status: 'failed',
      httpStatus: 0,
      code: 'undecodable_tile',
      message: 'The service sent tile 18/1000/2000 in a form that could not be read.',
      correlationId: null,
    });
    expect(outcomes.get(rows.get(1001)!)).toEqual({
      status: 'failed',
      httpStatus: 0,
      code: 'export_error',
      message: 'Failed to fetch',
      correlationId: null,
    });
  });

  it('holds a bounded number of decoded tiles however large the export', async () => {
    const plan = planOf(32, 32);
    const { deps } = fakeDeps({});
    let mostHeld = 0;
    await runExport(deps, {
      plan,
      description: 'test',
      concurrency: 6,
      maxRetries: 0,
      signal: new AbortController().signal,
      onProgress: (p) => (mostHeld = Math.max(mostHeld, p.held)),
      onRequest: () => {},
    });
    // 1,024 tiles: the in-flight ones and a few unfinished parents per level, never a level's worth.
    expect(mostHeld).toBeLessThanOrEqual(6 + 6 * plan.levels.length);
  });

  it('keeps its requests in flight while tiles are decoded, never more than the concurrency', async () => {
    const plan = planOf(4, 4);
    const { deps } = fakeDeps({});
    let asking = 0;
    let mostAsking = 0;
    let askedWhileDecoding = 0;
    let decoding = 0;
    const fetchTile = deps.fetchTile;
    deps.fetchTile = async (tile, signal) => {
      asking += 1;
      mostAsking = Math.max(mostAsking, asking);
      if (decoding > 0) askedWhileDecoding += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
      asking -= 1;
      return fetchTile(tile, signal);
    };
    const decode = deps.decode;
    deps.decode = async (image, size) => {
      decoding += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      decoding -= 1;
      return decode(image, size);
    };
    await runExport(deps, {
      plan,
      description: 'test',
      concurrency: 2,
      maxRetries: 0,
      signal: new AbortController().signal,
      onProgress: () => {},
      onRequest: () => {},
    });
    expect(mostAsking).toBe(2);
    // Each slot's next tile is asked for while its last one is decoded: all but the first two.
    expect(askedWhileDecoding).toBeGreaterThanOrEqual(plan.tiles.length - 2 - 2);
  });

  it('stops when cancelled', async () => {
    const plan = planOf(8, 8);
    const { deps } = fakeDeps({});
    const controller = new AbortController();
    const run = runExport(deps, {
      plan,
      description: 'test',
      concurrency: 2,
      maxRetries: 0,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.done === 10) controller.abort(new DOMException('Cancelled', 'AbortError'));
      },
      onRequest: () => {},
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('decodes the tiles it keeps as the service sent them at half size, for their overview; others whole', async () => {
    const plan = planOf(4, 4);
    const jpeg = new Uint8Array(
      encodeJpeg({ width: 256, height: 256, data: Buffer.alloc(256 * 256 * 4, 120) }, 80).data,
    );
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const decoded = new Map<string, number>();
    const { deps } = fakeDeps({});
    const masked = { x: 1002, y: 2001 };
    const run = await runExport(
      {
        ...deps,
        fetchTile: async (tile) => (tile.x === 1000 && tile.y === 2000 ? png : jpeg),
        decode: async (image, size = 256) => {
          decoded.set(image === png ? 'png' : `jpeg ${decoded.size}`, size);
          return new Uint8Array(size * size * 4).fill(120);
        },
        mask: (tile) => {
          if (tile.x !== masked.x || tile.y !== masked.y) return null;
          // The left half of the tile outside the area.
          const mask = new Uint8ClampedArray(256 * 256 * 4).fill(255);
          for (let p = 0; p < 256 * 256; p++) if (p % 256 < 128) mask[p * 4 + 3] = 0;
          return mask;
        },
        imagery: { kind: 'jpeg', encode: async () => jpeg, overviewSampling: 1 },
      },
      {
        plan,
        description: 'test',
        concurrency: 1,
        maxRetries: 0,
        signal: new AbortController().signal,
        onProgress: () => {},
        onRequest: () => {},
      },
    );
    expect(decoded.get('png')).toBe(256);
    expect([...decoded].filter(([key, size]) => key.startsWith('jpeg') && size === HALF)).toHaveLength(15);
    expect([...run.outcomes.rows('exported')]).toHaveLength(16);
  });
});
