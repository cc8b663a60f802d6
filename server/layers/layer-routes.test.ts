import { beforeAll, describe, expect, it } from 'vitest';
import { pointToTile } from '@mapbox/tilebelt';
import { buildApp } from '../app.ts';
import { Catalog } from '../catalog/catalog.ts';
import { configFromEnv } from '../config.ts';
import { proceduralTiles } from '../imagery/source.ts';
import { redactUrl } from '../logging.ts';
import {
  ANTIMERIDIAN_SURVEY,
  expectEnvelope,
  FIXTURE_SURVEYS,
  SIGNING_KEY,
  testService,
  type TestService,
} from '../test/fixtures.ts';
import { MemoryTileKeyStore, newTileKey } from './tile-keys.ts';

let service: TestService;
beforeAll(async () => {
  service = await testService();
});

const HOUR = 3600;
const [dx, dy] = pointToTile(-104.98, 39.72, 16);
const denverTile = (id: string, key: string, ext = 'png') => `/tiles/${id}/16/${dx}/${dy}.${ext}?key=${key}`;

async function makeKey(body: Record<string, unknown>, status = 201) {
  const response = await service.inject({
    method: 'POST',
    url: '/tile-keys',
    headers: { authorization: `Bearer ${await service.token()}` },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

describe('tile keys', () => {
  it('are made, listed without their text, and revoked by their owner', async () => {
    const made = (await makeKey({ name: 'QGIS', surveys: ['2024Q2-CO-DEN'], expires_in: HOUR })).json();
    expect(made.key).toMatch(/^tk_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(made.expires_at) - Date.parse(made.created_at)).toBe(HOUR * 1000);
    const list = await service.get('/tile-keys');
    const listed = list.json().keys.find((k: { id: string }) => k.id === made.id);
    expect(listed).toEqual({
      id: made.id,
      name: 'QGIS',
      surveys: ['2024Q2-CO-DEN'],
      created_at: made.created_at,
      expires_at: made.expires_at,
    });
    expect(list.body).not.toContain(made.key);
    expect((await service.inject({ url: denverTile('2024Q2-CO-DEN', made.key) })).statusCode).toBe(200);

    const revoke = await service.inject({
      method: 'DELETE',
      url: `/tile-keys/${made.id}`,
      headers: { authorization: `Bearer ${await service.token()}` },
    });
    expect(revoke.statusCode).toBe(204);
    expectEnvelope(await service.inject({ url: denverTile('2024Q2-CO-DEN', made.key) }), 401, 'invalid_key');
    const again = await service.inject({
      method: 'DELETE',
      url: `/tile-keys/${made.id}`,
      headers: { authorization: `Bearer ${await service.token()}` },
    });
    expectEnvelope(again, 404, 'tile_key_not_found');
  });

  it('open only their surveys: another survey, basemap and the catalog routes are 403', async () => {
    const { key } = (await makeKey({ name: 'one', surveys: ['2024Q2-CO-DEN'], expires_in: HOUR })).json();
    expectEnvelope(await service.inject({ url: denverTile('2023Q3-CO-DEN', key) }), 403, 'out_of_scope');
    expectEnvelope(await service.inject({ url: denverTile('basemap', key) }), 403, 'out_of_scope');
    expectEnvelope(await service.inject({ url: `/tiles/2023Q3-CO-DEN/tilejson.json?key=${key}` }), 403);
    for (const url of [
      `/tile/v2/surveys?key=${key}`,
      `/tile/v2/surveys?api_key=${key}`,
      `/tile/v2/2024Q2-CO-DEN/16/${dx}/${dy}?key=${key}`,
    ])
      expectEnvelope(await service.inject({ url }), 403, 'tile_key_read_only');
    const bearer = await service.inject({ url: '/tile/v2/surveys', headers: { authorization: `Bearer ${key}` } });
    expectEnvelope(bearer, 403, 'tile_key_read_only');
    const made = await service.inject({
      method: 'POST',
      url: '/tile-keys',
      headers: { authorization: `Bearer ${key}` },
      payload: { name: 'escalate', surveys: 'all', expires_in: HOUR },
    });
    expectEnvelope(made, 403, 'tile_key_read_only');
  });

  it('open a survey by its whole id: not the surveys whose ids extend it, nor the one it extends', async () => {
    // A catalog where ids extend others, as a provider's re-flights do (A, A-2, A-20).
    const den = FIXTURE_SURVEYS.find((s) => s.id === '2024Q2-CO-DEN')!;
    const ids = ['2024Q2-CO-DEN', '2024Q2-CO-DEN-2', '2024Q2-CO-DEN-20'];
    const extended = await testService({}, [
      ...FIXTURE_SURVEYS.filter((s) => s !== den),
      ...ids.map((id) => ({ ...den, id })),
    ]);
    const keyFor = async (surveys: string[]) => {
      const response = await extended.inject({
        method: 'POST',
        url: '/tile-keys',
        headers: { authorization: `Bearer ${await extended.token()}` },
        payload: { name: 'one', surveys, expires_in: HOUR },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().key as string;
    };
    const answers = async (key: string) => {
      const statuses: Record<string, number[]> = {};
      for (const id of ids) {
        const tile = await extended.inject({ url: denverTile(id, key) });
        const tileJson = await extended.inject({ url: `/tiles/${id}/tilejson.json?key=${key}` });
        statuses[id] = [tile.statusCode, tileJson.statusCode];
      }
      return statuses;
    };
    expect(await answers(await keyFor(['2024Q2-CO-DEN']))).toEqual({
      '2024Q2-CO-DEN': [200, 200],
      '2024Q2-CO-DEN-2': [403, 403],
      '2024Q2-CO-DEN-20': [403, 403],
    });
    const middle = await keyFor(['2024Q2-CO-DEN-2']);
    expect(await answers(middle)).toEqual({
      '2024Q2-CO-DEN': [403, 403],
      '2024Q2-CO-DEN-2': [200, 200],
      '2024Q2-CO-DEN-20': [403, 403],
    });
    const capabilities = await extended.inject({ url: `/wmts/1.0.0/WMTSCapabilities.xml?key=${middle}` });
    expect([...capabilities.body.matchAll(/<Layer>[\s\S]*?<ows:Identifier>([^<]+)</g)].map((m) => m[1])).toEqual([
      '2024Q2-CO-DEN-2',
    ]);
  });

  it('refuse a missing, unknown or expired key with 401', async () => {
    expectEnvelope(await service.inject({ url: `/tiles/2024Q2-CO-DEN/16/${dx}/${dy}.png` }), 401, 'missing_key');
    expectEnvelope(
      await service.inject({ url: denverTile('2024Q2-CO-DEN', `tk_${'A'.repeat(43)}`) }),
      401,
      'invalid_key',
    );
    const store = new MemoryTileKeyStore();
    const { key, hash, id } = newTileKey();
    const past = (ms: number) => new Date(Date.now() - ms).toISOString();
    await store.add(
      { id, name: 'old', owner: 'client', surveys: 'all', createdAt: past(HOUR * 1000), expiresAt: past(1) },
      hash,
      100,
      Date.now(),
    );
    const config = configFromEnv({}, { signingKeyPem: SIGNING_KEY });
    const app = await buildApp({
      config,
      catalog: new Catalog(FIXTURE_SURVEYS),
      tiles: proceduralTiles(),
      tileKeys: store,
    });
    expectEnvelope(await app.inject({ url: denverTile('2024Q2-CO-DEN', key) }), 401, 'invalid_key');
    expect(await store.list('client', Date.now())).toEqual([]);
  });

  it('are checked when made: expiry between an hour and 90 days, known surveys, a name', async () => {
    expectEnvelope(await makeKey({ name: 'x', surveys: 'all', expires_in: 60 }, 400), 400);
    expectEnvelope(await makeKey({ name: 'x', surveys: 'all', expires_in: 91 * 86_400 }, 400), 400);
    expectEnvelope(await makeKey({ name: '', surveys: 'all', expires_in: HOUR }, 400), 400);
    expectEnvelope(await makeKey({ name: 'x', surveys: ['NOPE'], expires_in: HOUR }, 404), 404, 'survey_not_found');
    expectEnvelope(await makeKey({ name: 'x', surveys: ['basemap'], expires_in: HOUR }, 400), 400);
    const anonymous = await service.inject({
      method: 'POST',
      url: '/tile-keys',
      payload: { name: 'x', surveys: 'all', expires_in: HOUR },
    });
    expectEnvelope(anonymous, 401);
  });

  it('are rate-limited per key', async () => {
    const limited = await testService({ rateLimits: { perMinute: 5, credentialsPerMinute: 100 } });
    const makeLimited = async () => {
      const response = await limited.inject({
        method: 'POST',
        url: '/tile-keys',
        headers: { authorization: `Bearer ${await limited.token()}` },
        payload: { name: 'busy', surveys: 'all', expires_in: HOUR },
      });
      return response.json().key as string;
    };
    const key = await makeLimited();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await limited.inject({ url: denverTile('2024Q2-CO-DEN', key) })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const other = await makeLimited();
    expect((await limited.inject({ url: denverTile('2024Q2-CO-DEN', other) })).statusCode).toBe(200);
  });

  it('never reach the logs: the key parameter and a key pasted into a path are redacted', () => {
    const key = `tk_${'b'.repeat(43)}`;
    expect(redactUrl(`/tiles/A/16/1/2.png?key=${key}`)).not.toContain(key);
    expect(redactUrl(`/tiles/${key}/16/1/2.png`)).not.toContain(key);
  });
});

describe('layer documents', () => {
  it('TileJSON 3.0.0 names the survey, its bounds, zooms 14–21 and a template carrying the key', async () => {
    const { key } = (await makeKey({ name: 'tj', surveys: ['2024Q2-CO-DEN'], expires_in: HOUR })).json();
    const response = await service.inject({ url: `/tiles/2024Q2-CO-DEN/tilejson.json?key=${key}` });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc).toMatchObject({ tilejson: '3.0.0', minzoom: 14, maxzoom: 21, scheme: 'xyz', name: '2024Q2-CO-DEN' });
    expect(doc.bounds).toEqual([-105, 39.7, -104.9, 39.8]);
    expect(doc.center).toEqual([-104.95, 39.75, 16]);
    expect(doc.tiles).toEqual([`http://localhost:80/tiles/2024Q2-CO-DEN/{z}/{x}/{y}.png?key=${key}`]);
    expect(doc.description).toContain('2024-06-01T16:00:00.000Z');
  });

  it('TileJSON centres a survey split at the antimeridian at 180°, not across the world at 0°', async () => {
    const fiji = await testService({}, [...FIXTURE_SURVEYS, ANTIMERIDIAN_SURVEY]);
    const made = await fiji.inject({
      method: 'POST',
      url: '/tile-keys',
      headers: { authorization: `Bearer ${await fiji.token()}` },
      payload: { name: 'fiji', surveys: ['ANTIMERIDIAN'], expires_in: HOUR },
    });
    const doc = (await fiji.inject({ url: `/tiles/ANTIMERIDIAN/tilejson.json?key=${made.json().key}` })).json();
    expect(doc.center).toEqual([180, -17.5, 16]);
  });

  it('WMTS capabilities list the key’s surveys (all of them and basemap for an "all" key)', async () => {
    const { key: one } = (await makeKey({ name: 'one', surveys: ['2024Q2-CO-DEN'], expires_in: HOUR })).json();
    const single = await service.inject({ url: `/wmts/1.0.0/WMTSCapabilities.xml?key=${one}` });
    expect(single.headers['content-type']).toBe('application/xml; charset=utf-8');
    const layers = (xml: string) => [...xml.matchAll(/<Layer>[\s\S]*?<ows:Identifier>([^<]+)</g)].map((m) => m[1]);
    expect(layers(single.body)).toEqual(['2024Q2-CO-DEN']);
    expect(single.body).toContain('<ows:Identifier>GoogleMapsCompatible</ows:Identifier>');
    expect(single.body).toContain(`/tiles/2024Q2-CO-DEN/{TileMatrix}/{TileCol}/{TileRow}.png?key=${one}`);
    const { key: all } = (await makeKey({ name: 'all', surveys: 'all', expires_in: HOUR })).json();
    const every = await service.inject({ url: `/wmts/1.0.0/WMTSCapabilities.xml?key=${all}` });
    expect(layers(every.body).sort()).toEqual(
      ['2022Q4-NV-LAS', '2023Q3-CO-DEN', '2024Q2-CO-DEN', '2025-P01-CO-DEN', 'basemap'].sort(),
    );
  });
});
