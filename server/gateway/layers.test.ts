import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointToTile } from '@mapbox/tilebelt';
import { expectEnvelope } from '../test/fixtures.ts';
import { referenceUpstream, testGateway, type TestGateway } from './test/upstreams.ts';

// The layer endpoints behind a gateway: keys made with the team's session, tiles fetched upstream with the gateway's
// own token; the upstream credential appears in no URL or document.

let upstream: Awaited<ReturnType<typeof referenceUpstream>>;
let gateway: TestGateway;
beforeAll(async () => {
  upstream = await referenceUpstream();
  gateway = await testGateway(upstream.url);
});
afterAll(async () => {
  await upstream.close();
});

const SURVEY = '2024Q2-CO-DEN';
const [dx, dy] = pointToTile(-104.98, 39.72, 16);

async function makeKey(surveys: string[] | 'all') {
  const response = await gateway.inject({
    method: 'POST',
    url: '/tile-keys',
    headers: { cookie: await gateway.cookie() },
    payload: { name: 'QGIS', surveys, expires_in: 3600 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; key: string };
}

describe('layers behind the gateway', () => {
  it('need the session to make keys; a key opens its survey’s tiles (upstream bytes) and nothing else', async () => {
    const anonymous = await gateway.inject({
      method: 'POST',
      url: '/tile-keys',
      payload: { name: 'x', surveys: 'all', expires_in: 3600 },
    });
    expectEnvelope(anonymous, 401);

    const { id, key } = await makeKey([SURVEY]);
    const tile = await gateway.inject({ url: `/tiles/${SURVEY}/16/${dx}/${dy}.png?key=${key}` });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    const direct = await upstream.get(`/tile/v2/${SURVEY}/16/${dx}/${dy}.png`);
    expect(tile.rawPayload.equals(direct.rawPayload)).toBe(true);
    expectEnvelope(await gateway.inject({ url: `/tiles/2023Q3-CO-DEN/16/${dx}/${dy}.png?key=${key}` }), 403);
    // The key opens no forwarded route, and the upstream never sees it.
    expectEnvelope(await gateway.inject({ url: `/tile/v2/surveys?key=${key}` }), 401);
    expect(upstream.seen.some((r) => r.url.includes(key))).toBe(false);

    const listed = await gateway.get('/tile-keys');
    expect(listed.json().keys.map((k: { id: string }) => k.id)).toContain(id);
    const revoke = await gateway.inject({
      method: 'DELETE',
      url: `/tile-keys/${id}`,
      headers: { cookie: await gateway.cookie() },
    });
    expect(revoke.statusCode).toBe(204);
    expectEnvelope(await gateway.inject({ url: `/tiles/${SURVEY}/16/${dx}/${dy}.png?key=${key}` }), 401, 'invalid_key');
  });

  it('describe layers from the upstream’s footprints, with the gateway’s URLs and no upstream credential', async () => {
    const { key } = await makeKey('all');
    const capabilities = await gateway.inject({ url: `/wmts/1.0.0/WMTSCapabilities.xml?key=${key}` });
    expect(capabilities.statusCode).toBe(200);
    const layers = [...capabilities.body.matchAll(/<Layer>[\s\S]*?<ows:Identifier>([^<]+)</g)].map((m) => m[1]);
    expect(layers.sort()).toEqual(['2022Q4-NV-LAS', '2023Q3-CO-DEN', '2024Q2-CO-DEN', '2025-P01-CO-DEN', 'basemap']);
    expect(capabilities.body).toContain('<ows:LowerCorner>-105 39.7</ows:LowerCorner>');
    expect(capabilities.body).not.toContain(upstream.url);
    const tileJson = await gateway.inject({ url: `/tiles/${SURVEY}/tilejson.json?key=${key}` });
    expect(tileJson.json().bounds).toEqual([-105, 39.7, -104.9, 39.8]);
    for (const body of [capabilities.body, tileJson.body]) {
      expect(body).not.toMatch(/eyJ[\w-]+\./);
      expect(body).not.toContain('demo-secret');
    }
    expectEnvelope(await gateway.inject({ url: `/tiles/NOPE/tilejson.json?key=${key}` }), 404, 'survey_not_found');
  });
});
