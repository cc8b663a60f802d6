import { beforeAll, describe, expect, it } from 'vitest';
import { pointToTile } from '@mapbox/tilebelt';
import { PNG } from 'pngjs';
import { quadkeyOf } from '../../core/geo/tile-address.ts';
import type { Survey } from '../catalog/survey.ts';
import { legacyProfile, providerProfile, seedProfile, type Profile } from '../profiles/profile.ts';
import { expectContract } from '../../core/test/contract.ts';
import { expectEnvelope, FIXTURE_SURVEYS, testService, type TestService } from '../test/fixtures.ts';
import { MAX_PAGE_SIZE } from './survey-routes.ts';

// 2024Q2-CO-DEN (captured June 2024, published 2024-06-03) re-published twice over its south-west zoom-14 tiles.
const [px, py] = pointToTile(-104.99, 39.71, 14);
const PATCH = [quadkeyOf({ z: 14, x: px, y: py }), quadkeyOf({ z: 14, x: px + 1, y: py })];
const REPUBLISHED: Survey = {
  ...FIXTURE_SURVEYS[0],
  lastUpdated: '2025-12-05T00:00:00.000Z',
  republished: [
    {
      captureStart: '2025-03-10T16:00:00Z',
      captureEnd: '2025-03-10T19:00:00Z',
      publishedDate: '2025-03-20T00:00:00Z',
      quadkeys: PATCH,
    },
    {
      captureStart: '2025-11-20T16:00:00Z',
      captureEnd: '2025-11-20T18:00:00Z',
      publishedDate: '2025-12-05T00:00:00Z',
      quadkeys: [PATCH[0]],
    },
  ],
};
const SURVEYS = [REPUBLISHED, ...FIXTURE_SURVEYS.slice(1)];
const ID = REPUBLISHED.id;

let seed: TestService;
let provider: TestService;
beforeAll(async () => {
  seed = await testService({}, SURVEYS);
  provider = await testService({ profile: 'provider' }, SURVEYS);
});

const cases: { name: string; prefix: string; profile: Profile; service: () => TestService; time: RegExp }[] = [
  { name: 'seed', prefix: '/tile/v2', profile: seedProfile, service: () => seed, time: /Z$/ },
  { name: 'provider', prefix: '/tile/v2', profile: providerProfile, service: () => provider, time: /Z$/ },
  { name: 'legacy seed', prefix: '/tile', profile: legacyProfile('seed'), service: () => seed, time: / UTC$/ },
  {
    name: 'legacy provider',
    prefix: '/tile',
    profile: legacyProfile('provider'),
    service: () => provider,
    time: / UTC$/,
  },
];

type Item = Record<string, unknown> & { static_url: string; mosaic_stac_id: string; published_date: string };

describe.each(cases)('mosaic_updates, $name', ({ prefix, profile, service, time }) => {
  const updates = async (query: string) => {
    const answer = await service().get(`${prefix}/${ID}/mosaic_updates${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    if (prefix === '/tile') expect(answer.headers.deprecation).toMatch(/^@\d+$/);
    expectContract(profile.schemas.mosaicUpdates, answer.json());
    return answer.json() as Item[][];
  };

  it('lists the re-published tiles at zoom 14 with capture-specific URLs, newest capture first', async () => {
    const since = prefix === '/tile' ? '2025-01-01 00:00:00 UTC' : '2025-01-01T00:00:00Z';
    const tiles = await updates(`?since=${encodeURIComponent(since)}`);
    expect(tiles).toHaveLength(2);
    const [first] = tiles.find((position) => position.length === 2) ?? [];
    expect(first.mosaic_stac_id).toMatch(new RegExp(`^20251120T160000_20251120T180000_20251205T000000_${PATCH[0]}$`));
    expect(first.static_url).toMatch(new RegExp(`${prefix}/${ID}/${first.mosaic_stac_id}/14/${px}/${py}$`));
    expect(first.published_date).toMatch(time);
    expect(first).not.toHaveProperty('percent_covered');
    for (const position of tiles)
      for (const item of position)
        expect(item.mosaic_stac_id.endsWith(PATCH[0]) || item.mosaic_stac_id.endsWith(PATCH[1])).toBe(true);
  });

  it('bounds the window with since and until, and adds percent_covered when asked', async () => {
    const tiles = await updates('?since=2025-01-01&until=2025-06-01&include_percent_covered=true');
    expect(tiles.map((position) => position.length)).toEqual([1, 1]);
    for (const [item] of tiles) {
      expect(item.mosaic_stac_id).toMatch(/^20250310T160000_/);
      expect(item.percent_covered).toBeGreaterThan(0);
    }
    expect(await updates('?since=2026-01-01')).toEqual([]);
  });

  it('lists every tile of the survey when its first publication is in the window, at the zoom asked', async () => {
    const all = await updates('');
    const z14 = all.length;
    expect(z14).toBeGreaterThan(2);
    const z15 = await updates('?zoom=15&until=2024-12-31');
    expect(z15.length).toBeGreaterThan(z14);
    for (const [item] of z15) expect(item.static_url).toMatch(/\/15\/\d+\/\d+$/);
  });

  it('refuses bad windows, zooms and ids with the error envelope', async () => {
    expectEnvelope(await service().get(`${prefix}/${ID}/mosaic_updates?since=2025-02-30`), 400, 'invalid_time');
    expectEnvelope(
      await service().get(`${prefix}/${ID}/mosaic_updates?since=2025-06-01&until=2025-01-01`),
      400,
      'invalid_window',
    );
    expectEnvelope(await service().get(`${prefix}/${ID}/mosaic_updates?zoom=22`), 422, 'zoom_out_of_range');
    expectEnvelope(
      await service().get(`${prefix}/${ID}/mosaic_updates?include_percent_covered=maybe`),
      400,
      'invalid_parameter',
    );
    expectEnvelope(await service().get(`${prefix}/NOPE/mosaic_updates`), 404, 'survey_not_found');
  });
});

describe('mosaic_updates bounds its work with the tile cap', () => {
  it('answers 422 past the cap', async () => {
    const capped = await testService({ tileCap: 5 }, SURVEYS);
    expectEnvelope(await capped.get(`/tile/v2/${ID}/mosaic_updates`), 422, 'too_many_tiles');
    // The re-published patches alone stay under it.
    expect((await capped.get(`/tile/v2/${ID}/mosaic_updates?since=2025-01-01`)).statusCode).toBe(200);
  });
});

describe.each(cases)('historical tiles, $name', ({ prefix, service }) => {
  const [x, y] = pointToTile(-104.995, 39.715, 16);
  const items = async (query: string) => {
    const answer = await service().get(`${prefix}/${ID}/16/${x}/${y}${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Item[];
  };

  it('lists every capture of a tile, newest first, whatever value metadata has', async () => {
    const listed = await items('?metadata=true');
    expect(listed.map((item) => item.mosaic_stac_id.slice(0, 8))).toEqual(['20251120', '20250310', '20240601']);
    expect(await items('?metadata=1')).toEqual(listed);
    expect(await items('?metadata=')).toEqual(listed);
  });

  it("serves an older capture's own imagery through its capture-specific URL", async () => {
    const listed = await items('?metadata=true');
    const latest = await service().get(`${prefix}/${ID}/16/${x}/${y}`);
    const bodies = await Promise.all(listed.map((item) => service().get(new URL(item.static_url).pathname)));
    for (const body of bodies) expect(body.statusCode).toBe(200);
    expect(bodies[0].rawPayload.equals(latest.rawPayload)).toBe(true);
    expect(bodies[1].rawPayload.equals(latest.rawPayload)).toBe(false);
    expect(bodies[2].rawPayload.equals(bodies[1].rawPayload)).toBe(false);
    expect(PNG.sync.read(bodies[2].rawPayload).width).toBe(256);
    const older = `${prefix}/${ID}/${listed[2].mosaic_stac_id}/16/${x}/${y}`;
    const olderItems = (await service().get(`${older}?metadata=1`)).json() as Item[];
    expect(olderItems.map((item) => item.mosaic_stac_id)).toEqual([listed[2].mosaic_stac_id]);
    const unknown = listed[2].mosaic_stac_id.replace(/^2024/, '2023');
    expectEnvelope(await service().get(`${prefix}/${ID}/${unknown}/16/${x}/${y}`), 404, 'capture_not_found');
  });

  it('answers cache=false with Cache-Control: no-store', async () => {
    const answer = await service().get(`${prefix}/${ID}/16/${x}/${y}?cache=false`);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect((await service().get(`${prefix}/${ID}/16/${x}/${y}`)).headers['cache-control']).toMatch(/max-age/);
  });
});

describe.each([
  ['seed', () => seed],
  ['provider', () => provider],
] as const)('GET /tile/rsm/{z}/{x}/{y}.{ext}, %s', (_name, service) => {
  const [x, y] = pointToTile(-104.995, 39.715, 16);

  it('serves the newest imagery at the tile, as basemap does, PNG or JPEG', async () => {
    const rsm = await service().get(`/tile/rsm/16/${x}/${y}.png`);
    expect(rsm.statusCode).toBe(200);
    expect(rsm.headers['content-type']).toBe('image/png');
    expect(rsm.headers.deprecation).toBeUndefined();
    const basemap = await service().get(`/tile/v2/basemap/16/${x}/${y}`);
    expect(rsm.rawPayload.equals(basemap.rawPayload)).toBe(true);
    const named = await service().get(`/tile/rsm/16/${x}/${y}.png?survey=NSL_BASEMAP_v7`);
    expect(named.rawPayload.equals(rsm.rawPayload)).toBe(true);
    expect((await service().get(`/tile/rsm/16/${x}/${y}.jpeg`)).headers['content-type']).toBe('image/jpeg');
  });

  it('answers 404 out of range, for an unknown mosaic and where there is no imagery', async () => {
    expectEnvelope(await service().get(`/tile/rsm/13/${x >> 3}/${y >> 3}.png`), 404, 'tile_out_of_range');
    expectEnvelope(await service().get('/tile/rsm/16/70000/0.png'), 404, 'tile_out_of_range');
    expectEnvelope(await service().get(`/tile/rsm/16/${x}/${y}.png?survey=OTHER`), 404, 'mosaic_not_found');
    expectEnvelope(await service().get('/tile/rsm/16/0/0.png'), 404, 'no_imagery');
    expectEnvelope(await service().inject({ method: 'GET', url: `/tile/rsm/16/${x}/${y}.png` }), 401);
  });
});

describe('survey list order and page_size', () => {
  it('orders the provider profile by last_updated and the seed by newest capture', async () => {
    const byProvider = (await provider.get('/tile/v2/surveys?page_size=50')).json().results as { id: string }[];
    expect(byProvider[0].id).toBe(ID);
    const updated = byProvider.map((s) => (s as unknown as { last_updated: string }).last_updated);
    expect([...updated].sort().reverse()).toEqual(updated);
    const bySeed = (await seed.get('/tile/v2/surveys?page_size=50')).json().results as { capture_date_end: string }[];
    const ends = bySeed.map((s) => s.capture_date_end);
    expect([...ends].sort().reverse()).toEqual(ends);
    const legacy = (await provider.get('/tile/surveys')).json() as { id: string }[];
    expect(legacy.map((s) => s.id)).toEqual(byProvider.map((s) => s.id));
  });

  it('serves a page_size over 100, clamped to the maximum and said so, never a 400', async () => {
    for (const svc of [seed, provider]) {
      const big = await svc.get('/tile/v2/surveys?page_size=500');
      expect(big.statusCode).toBe(200);
      expect(big.json()).toMatchObject({ page_size: 500, results: expect.any(Array) });
      const huge = await svc.get('/tile/v2/surveys?page_size=1000000');
      expect(huge.statusCode).toBe(200);
      expect(huge.json().page_size).toBe(MAX_PAGE_SIZE);
      expect(huge.json().total_pages).toBe(1);
    }
  });
});
