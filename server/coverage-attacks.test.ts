/**
 * The red-team attacks on tile metadata (issue 16, items 1–4), replayed against a listening service with a
 * `--catalog` file: each is answered at once with a 4xx, or correctly within the cap, and the geometry never runs on
 * the event loop: the loop's thread spends little CPU on an attack, however the machine's other work delays it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { booleanPointInPolygon, circle } from '@turf/turf';
import type { FastifyInstance } from 'fastify';
import type { Position } from 'geojson';
import { stringify } from 'wellknown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyTilesInArea } from '../core/geo/covered-tiles.ts';
import type { AreaGeometry } from '../core/geo/geometry.ts';
import { tileAt, tileExtent } from '../core/geo/tile-address.ts';
import { buildApp } from './app.ts';
import { Catalog } from './catalog/catalog.ts';
import { loadCatalogFile } from './catalog/load-geojson.ts';
import { configFromEnv } from './config.ts';
import { proceduralTiles } from './imagery/source.ts';
import { SIGNING_KEY } from './test/fixtures.ts';
import { threadCpuMs } from './test/loop-cpu.ts';
import { squareRing } from '../core/test/shapes.ts';

/** Two surveys: one over Denver, one straddling the antimeridian (two polygons, at 180° and at −180°). */
const CATALOG = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {
        id: 'DENVER',
        capture_date_start: '2025-01-01T10:00:00Z',
        capture_date_end: '2025-01-02T10:00:00Z',
      },
      geometry: { type: 'Polygon', coordinates: [squareRing(-106, 39, -104, 41)] },
    },
    {
      type: 'Feature',
      properties: { id: 'FIJI', capture_date_start: '2025-02-01T10:00:00Z', capture_date_end: '2025-02-02T10:00:00Z' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [[squareRing(178, -18, 180, -16)], [squareRing(-180, -18, -178, -16)]],
      },
    },
  ],
};

let dir: string;
let app: FastifyInstance;
let base: string;
let token: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'coverage-attacks-'));
  const file = path.join(dir, 'catalog.geojson');
  await writeFile(file, JSON.stringify(CATALOG));
  const config = configFromEnv({}, { signingKeyPem: SIGNING_KEY, rateLimits: null });
  app = await buildApp({ config, catalog: new Catalog(await loadCatalogFile(file)), tiles: proceduralTiles() });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  const credentials = { client_id: config.clientId, client_secret: config.clientSecret, audience: config.audience };
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, grant_type: 'client_credentials' }),
  });
  token = ((await response.json()) as { access_token: string }).access_token;
  // The first tile-metadata request starts the worker threads; the attacks are timed without that.
  expect((await tileMetadata('DENVER', polygon(squareRing(-105, 40, -104.99, 40.01)), 16)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

const LOOP_CPU_MS = 100;

const polygon = (...rings: Position[][]): AreaGeometry => ({ type: 'Polygon', coordinates: rings });

const get = (url: string) => fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });

const tileMetadata = (survey: string, area: AreaGeometry | string, zoom: number, extra = '') =>
  get(
    `/tile/v2/${survey}/coverage?zoom=${zoom}${extra}&wkt=${encodeURIComponent(
      typeof area === 'string' ? area : stringify(area as Parameters<typeof stringify>[0]),
    )}`,
  );

interface Replay {
  status: number;
  body: { error?: string; message?: string } & unknown[];
  /** CPU time the event loop's thread spent on the attack (the request, the answer, its parsing here), ms. */
  loopCpuMs: number;
}

async function replay(attack: () => Promise<Response>): Promise<Replay> {
  const before = threadCpuMs();
  const response = await attack();
  const body = await response.json();
  return { status: response.status, body, loopCpuMs: threadCpuMs() - before };
}

/** What an attack may cost the loop: the request, its answer and the JSON; geometry runs on the coverage workers. */
function expectResponsive({ loopCpuMs }: Replay) {
  expect(loopCpuMs, "the event loop thread's CPU time for the attack, ms").toBeLessThan(LOOP_CPU_MS);
}

function star(points: number, step: number, lon: number, lat: number, radius: number): AreaGeometry {
  const positions: Position[] = [];
  for (let i = 0; i < points; i++) {
    const t = (2 * Math.PI * ((i * step) % points)) / points;
    positions.push([+(lon + radius * Math.cos(t)).toFixed(6), +(lat + radius * Math.sin(t)).toFixed(6)]);
  }
  return polygon([...positions, positions[0]]);
}

describe('tile-metadata attacks (issue 16, 1–4)', () => {
  it.each([
    ['a 201-point star', star(201, 100, -105, 40, 0.05)],
    ['a 2,001-point star', star(2001, 1000, -105, 40, 0.05)],
  ])('refuses %s with a 400 naming the first crossing, at once', async (_name, area) => {
    const result = await replay(() => tileMetadata('DENVER', area, 18));
    expect(result.status).toBe(400);
    expect(result.body.error).toBe('invalid_geometry');
    expect(result.body.message).toMatch(/crosses or touches itself at \(-?[\d.]+ -?[\d.]+\): edge 1 of the outer ring/);
    expectResponsive(result);
  });

  it('refuses a MultiPolygon of 300 overlapping squares with a 400', async () => {
    const squares: AreaGeometry = {
      type: 'MultiPolygon',
      coordinates: Array.from({ length: 300 }, (_, i) => [squareRing(-105 + i * 1e-4, 40, -104.99 + i * 1e-4, 40.01)]),
    };
    const result = await replay(() => tileMetadata('DENVER', squares, 18));
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/Rings meet at .*polygon 1 and .*polygon 2/);
    expectResponsive(result);
  });

  it('answers a 1,000-vertex circle with overlap=within at z18 correctly', async () => {
    const area = circle([-105, 40], 1.5, { steps: 999 }).geometry;
    const result = await replay(() => tileMetadata('DENVER', area, 18, '&overlap=within'));
    expect(result.status).toBe(200);
    const tiles = result.body as unknown as { x: number; y: number; z: number; percent_covered: number }[];
    const expected = surveyTilesInArea(CATALOG.features[0].geometry as AreaGeometry, area, 18, { overlap: 'within' });
    expect(tiles.length).toBe(expected.kind === 'tiles' ? expected.tiles.length : -1);
    expect(tiles.length).toBeGreaterThan(300);
    for (const tile of tiles) {
      const [w, s, e, n] = tileExtent(tile);
      for (const corner of [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
      ])
        expect(booleanPointInPolygon(corner, area), `corner of ${tile.x}/${tile.y}`).toBe(true);
      expect(tile.percent_covered).toBe(100);
    }
    expectResponsive(result);
  });

  it('refuses a comb of 1e-7° teeth at z21 with the 422 as soon as the cap is passed, never an estimate', async () => {
    const comb: Position[] = [[-105, 40]];
    for (let i = 0; i < 1_600; i++) {
      const x = +(-105 + i * 1e-4).toFixed(7);
      comb.push([x, 40.05], [+(x + 1e-7).toFixed(7), 40.05], [+(x + 1e-7).toFixed(7), 40.0001]);
    }
    comb.push([-104.8, 40.0001], [-104.8, 40], [-105, 40]);
    const area = polygon(comb);
    const result = await replay(() => tileMetadata('DENVER', area, 21));
    expect(result.status, JSON.stringify(result.body)).toBe(422);
    expect(result.body.error).toBe('too_many_tiles');
    expect(result.body.message).toMatch(/more than 10,000 tiles at zoom 21; the limit is 10,000/);
    expectResponsive(result);
    // The same comb at z14 is small enough, and answered.
    const small = await replay(() => tileMetadata('DENVER', area, 14));
    expect(small.status).toBe(200);
    expect((small.body as unknown[]).length).toBeGreaterThan(0);
    expectResponsive(small);
  });

  it.each([16, 21])(
    'keeps the cap for a 1° area at the antimeridian at z%i (a --catalog survey reaching 180°)',
    async (zoom) => {
      const area: AreaGeometry = {
        type: 'MultiPolygon',
        coordinates: [[squareRing(179.5, -17.5, 180, -16.5)], [squareRing(-180, -17.5, -179.5, -16.5)]],
      };
      const result = await replay(() => tileMetadata('FIJI', area, zoom));
      expect(result.status).toBe(422);
      expect(result.body.message).toMatch(new RegExp(`more than 10,000 tiles at zoom ${zoom}`));
      expectResponsive(result);
    },
  );

  it('lists the tiles on both sides of the antimeridian exactly, with the east edge in the last column', async () => {
    const area: AreaGeometry = {
      type: 'MultiPolygon',
      coordinates: [[squareRing(179.99, -17.01, 180, -17)], [squareRing(-180, -17.01, -179.99, -17)]],
    };
    const result = await replay(() => tileMetadata('FIJI', area, 16));
    expect(result.status).toBe(200);
    const tiles = result.body as unknown as { x: number; y: number }[];
    const last = 2 ** 16 - 1;
    const rows = tileAt(0, -17.01, 16).y - tileAt(0, -17, 16).y + 1;
    const columns = last - tileAt(179.99, -17, 16).x + 1;
    expect(tiles.filter((t) => t.x >= last - 10)).toHaveLength(rows * columns);
    expect(tiles.filter((t) => t.x <= 10)).toHaveLength(rows * columns);
    expect(tiles).toHaveLength(2 * rows * columns);
    expectResponsive(result);
  });
});
