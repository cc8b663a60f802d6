import { pointToTile } from '@mapbox/tilebelt';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { Catalog } from '../catalog/catalog.ts';
import { configFromEnv } from '../config.ts';
import { proceduralTiles } from '../imagery/source.ts';
import { startRedisServer } from '../test/redis-server.ts';
import { expectEnvelope, FIXTURE_SURVEYS, issueToken, SIGNING_KEY } from '../test/fixtures.ts';

// Two service replicas sharing one real redis-server (Debian redis-server) behave as one.

let redisServer: Awaited<ReturnType<typeof startRedisServer>>;
let a: FastifyInstance;
let b: FastifyInstance;
const clients: Redis[] = [];

async function replica(): Promise<FastifyInstance> {
  const redis = await redisServer.connect();
  clients.push(redis);
  const config = configFromEnv(
    {},
    { signingKeyPem: SIGNING_KEY, rateLimits: { perMinute: 6, credentialsPerMinute: 100 } },
  );
  return buildApp({ config, catalog: new Catalog(FIXTURE_SURVEYS), tiles: proceduralTiles(), redis });
}

beforeAll(async () => {
  redisServer = await startRedisServer();
  a = await replica();
  b = await replica();
}, 30_000);

afterAll(async () => {
  redisServer?.disconnectAll();
  await redisServer?.stop();
  await a?.close();
  await b?.close();
});

const [dx, dy] = pointToTile(-104.98, 39.72, 16);
const tile = (key: string) => `/tiles/2024Q2-CO-DEN/16/${dx}/${dy}.png?key=${key}`;

async function makeKey(app: FastifyInstance): Promise<{ id: string; key: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/tile-keys',
    headers: { authorization: `Bearer ${await issueToken(app)}` },
    payload: { name: 'shared', surveys: ['2024Q2-CO-DEN'], expires_in: 3600 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('replicas sharing Redis', () => {
  it('share tile keys: made on one, used on the other, revoked there and refused by both at once', async () => {
    const { id, key } = await makeKey(a);
    expect((await b.inject({ url: tile(key) })).statusCode).toBe(200);
    const token = await issueToken(b);
    const listed = await b.inject({ url: '/tile-keys', headers: { authorization: `Bearer ${token}` } });
    expect(listed.json().keys.map((k: { id: string }) => k.id)).toContain(id);
    const revoke = await b.inject({
      method: 'DELETE',
      url: `/tile-keys/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoke.statusCode).toBe(204);
    expectEnvelope(await a.inject({ url: tile(key) }), 401, 'invalid_key');
    expectEnvelope(await b.inject({ url: tile(key) }), 401, 'invalid_key');
  });

  it('count rate limits across both', async () => {
    const { key } = await makeKey(a);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await a.inject({ url: tile(key) })).statusCode);
      statuses.push((await b.inject({ url: tile(key) })).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  it('refuse with a 503 envelope, never let through, while Redis is unreachable', async () => {
    const { key } = await makeKey(a);
    const token = await issueToken(a);
    // Both replicas' clients see their connection close.
    const closed = Promise.all(clients.map((client) => once(client, 'close')));
    await redisServer.stop();
    await closed;
    const down = await a.inject({ url: tile(key) });
    expectEnvelope(down, 503, 'shared_state_unavailable');
    expect(down.headers['retry-after']).toBe('1');
    // The catalog too: its rate limit cannot be counted.
    const list = await b.inject({ url: '/tile/v2/surveys', headers: { authorization: `Bearer ${token}` } });
    expectEnvelope(list, 503, 'shared_state_unavailable');
  });
});
