import { pointToTile } from '@mapbox/tilebelt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SURVEYS } from '../test/fixtures.ts';
import { referenceUpstream, testGateway, type TestGateway } from './test/upstreams.ts';

// A tile key opens its surveys by their whole ids through the gateway too: upstream catalogs have ids that extend
// others (a re-flight "A-2" beside "A").
const A = '2024Q2-CO-DEN';
const IDS = [A, `${A}-2`, `${A}-20`];
const [x, y] = pointToTile(-104.98, 39.72, 16);

let upstream: Awaited<ReturnType<typeof referenceUpstream>>;
let gateway: TestGateway;
beforeAll(async () => {
  const den = FIXTURE_SURVEYS.find((s) => s.id === A)!;
  upstream = await referenceUpstream({}, [
    ...FIXTURE_SURVEYS.filter((s) => s !== den),
    ...IDS.map((id) => ({ ...den, id })),
  ]);
  gateway = await testGateway(upstream.url);
});
afterAll(async () => {
  await gateway?.app.close();
  await upstream?.close();
});

async function keyFor(surveys: string[]): Promise<string> {
  const made = await gateway.inject({
    method: 'POST',
    url: '/tile-keys',
    headers: { cookie: await gateway.cookie() },
    payload: { name: 'QGIS', surveys, expires_in: 3600 },
  });
  expect(made.statusCode, made.body).toBe(201);
  return (made.json() as { key: string }).key;
}

describe('the gateway: a tile key for one survey', () => {
  it('opens neither the surveys whose ids extend its own nor the one its own extends', async () => {
    for (const own of [A, `${A}-2`]) {
      const key = await keyFor([own]);
      const statuses = [];
      for (const id of IDS)
        statuses.push((await gateway.inject({ url: `/tiles/${id}/16/${x}/${y}.png?key=${key}` })).statusCode);
      expect(statuses, own).toEqual(IDS.map((id) => (id === own ? 200 : 403)));
    }
  });
});
