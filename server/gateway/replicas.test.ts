import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointToTile } from '@mapbox/tilebelt';
import { expectEnvelope } from '../test/fixtures.ts';
import { startRedisServer } from '../test/redis-server.ts';
import { referenceUpstream, testGateway, type TestGateway } from './test/upstreams.ts';

// Two gateway processes sharing one real redis-server behave as one: sessions ended, tile keys, rate limits and
// sign-in attempts.

const SHARED = { GATEWAY_SESSION_SECRET: 'shared-session-secret-0123456789abcdef', GATEWAY_USER_RATE_LIMIT: '8' };

let redisServer: Awaited<ReturnType<typeof startRedisServer>>;
let upstream: Awaited<ReturnType<typeof referenceUpstream>>;
let one: TestGateway;
let two: TestGateway;
beforeAll(async () => {
  redisServer = await startRedisServer();
  upstream = await referenceUpstream();
  one = await testGateway(upstream.url, SHARED, {}, { redis: await redisServer.connect() });
  two = await testGateway(upstream.url, SHARED, {}, { redis: await redisServer.connect() });
}, 30_000);
afterAll(async () => {
  redisServer?.disconnectAll();
  await redisServer?.stop();
  await upstream?.close();
});

const [dx, dy] = pointToTile(-104.98, 39.72, 16);

describe('gateway replicas sharing Redis', () => {
  it('share tile keys: made on one, revoked on the other, refused by both at once', async () => {
    const made = await one.inject({
      method: 'POST',
      url: '/tile-keys',
      headers: { cookie: await one.cookie() },
      payload: { name: 'team', surveys: ['2024Q2-CO-DEN'], expires_in: 3600 },
    });
    const { id, key } = made.json();
    const tile = `/tiles/2024Q2-CO-DEN/16/${dx}/${dy}.png?key=${key}`;
    expect((await two.inject({ url: tile })).statusCode).toBe(200);
    const revoked = await two.inject({
      method: 'DELETE',
      url: `/tile-keys/${id}`,
      headers: { cookie: await two.cookie() },
    });
    expect(revoked.statusCode).toBe(204);
    expectEnvelope(await one.inject({ url: tile }), 401, 'invalid_key');
  });

  it('hold the live-key cap together: 300 keys made at once over both leave exactly 100', async () => {
    // Issue 33, item 4: each replica counted, then wrote. Without the per-session limits, so only the cap refuses.
    const unlimited = { ...SHARED, GATEWAY_USER_RATE_LIMIT: '0', GATEWAY_KEY_RATE_LIMIT: '0' };
    const replicas = [
      await testGateway(upstream.url, unlimited, {}, { redis: await redisServer.connect() }),
      await testGateway(upstream.url, unlimited, {}, { redis: await redisServer.connect() }),
    ];
    const cookie = await replicas[0].cookie();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        replicas[i % 2].inject({
          method: 'POST',
          url: '/tile-keys',
          headers: { cookie },
          payload: { name: `race ${i}`, surveys: 'all', expires_in: 3600 },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(100);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) expectEnvelope(refused, 400, 'too_many_keys');
    const listed = await replicas[1].inject({ url: '/tile-keys', headers: { cookie } });
    expect(listed.json().keys).toHaveLength(100);
  });

  it('share sign-out: a session ended on one is refused by the other', async () => {
    const cookie = await one.cookie();
    expect((await two.inject({ url: '/tile/v2/surveys', headers: { cookie } })).statusCode).toBe(200);
    const out = await one.inject({ method: 'DELETE', url: '/gateway/session', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expectEnvelope(await two.inject({ url: '/tile/v2/surveys', headers: { cookie } }), 401);
  });

  it('count a user’s forwarded requests across both', async () => {
    const signIn = await two.inject({
      method: 'POST',
      url: '/gateway/session',
      payload: { access_key: 'team-access-key-0123456789' },
    });
    const cookie = String(signIn.headers['set-cookie']).split(';', 1)[0];
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await one.inject({ url: '/tile/v2/surveys', headers: { cookie } })).statusCode);
      statuses.push((await two.inject({ url: '/tile/v2/surveys', headers: { cookie } })).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });

  it('count sign-in attempts across both: guessing the access key on each in turn gets no more tries', async () => {
    // Ten sign-in attempts a minute from an address (GATEWAY_SESSION_RATE_LIMIT's default), some used above; each
    // gateway counting alone would let all twelve guesses through (six each).
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const gateway = i % 2 === 0 ? one : two;
      const guess = { access_key: `guess-${i}-0123456789abcdef` };
      statuses.push((await gateway.inject({ method: 'POST', url: '/gateway/session', payload: guess })).statusCode);
    }
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(statuses.slice(0, first)).toEqual(new Array(first).fill(401));
    expect(statuses.slice(first)).toEqual(new Array(12 - first).fill(429));
  });
});
