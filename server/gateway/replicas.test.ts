import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointToTile } from '@mapbox/tilebelt';
import { expectEnvelope } from '../test/fixtures.ts';
import { startRedisServer } from '../test/redis-server.ts';
import { referenceUpstream, testGateway, type TestGateway } from './test/upstreams.ts';

// Two gateway processes sharing one real redis-server behave as one: sessions ended, tile keys, rate limits and
// sign-in attempts.

const SHARED = { GATEWAY_SESSION_SECRET: 'shared-session-secret-0123456789abcdef', GATEWAY_USER_RATE_LIMIT: '8' };

/**
 * The minute the replicas' upstream budgets count in: each test that counts them takes a minute of its own, after a
 * quiet one, so that neither another test's requests nor the turn of a real minute change what it sees.
 */
let minute = Date.UTC(2030, 0, 1);
const clock = { now: () => minute };
const nextMinute = () => {
  minute += 2 * 60_000;
};

let redisServer: Awaited<ReturnType<typeof startRedisServer>>;
let upstream: Awaited<ReturnType<typeof referenceUpstream>>;
let one: TestGateway;
let two: TestGateway;
beforeAll(async () => {
  redisServer = await startRedisServer();
  upstream = await referenceUpstream();
  one = await testGateway(upstream.url, SHARED, {}, { redis: await redisServer.connect(), ...clock });
  two = await testGateway(upstream.url, SHARED, {}, { redis: await redisServer.connect(), ...clock });
}, 30_000);
afterAll(async () => {
  redisServer?.disconnectAll();
  await redisServer?.stop();
  await upstream?.close();
});

const [dx, dy] = pointToTile(-104.98, 39.72, 16);

/** A session signed in from `remoteAddress` (whose share it spends). */
async function sessionFrom(gateway: TestGateway, remoteAddress: string): Promise<string> {
  const signIn = await gateway.inject({
    method: 'POST',
    url: '/gateway/session',
    payload: { access_key: 'team-access-key-0123456789' },
    remoteAddress,
  });
  return String(signIn.headers['set-cookie']).split(';', 1)[0];
}

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

  it('count a person’s forwarded requests across both', async () => {
    // An address of its own: the person's share is the address's (its sessions together).
    const remoteAddress = '10.0.0.7';
    const cookie = await sessionFrom(two, remoteAddress);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await one.inject({ url: '/tile/v2/surveys', headers: { cookie }, remoteAddress })).statusCode);
      statuses.push((await two.inject({ url: '/tile/v2/surveys', headers: { cookie }, remoteAddress })).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });

  it('count a person’s upstream share across both, their tile keys’ tiles included', async () => {
    // Issue 48: the share is counted in Redis; were it counted afresh at each spend, every tile below would pass. Two
    // keys, each with its own per-key rate limit, so that only the maker's shared upstream share can refuse. An SSO
    // user's, as the team's live keys are at their cap after the test above.
    const sso = {
      ...SHARED,
      GATEWAY_ACCESS_KEY: '',
      GATEWAY_TRUST_HEADER: 'x-forwarded-user',
      GATEWAY_KEY_RATE_LIMIT: '3',
    };
    const replicas = [
      await testGateway(upstream.url, sso, {}, { redis: await redisServer.connect(), ...clock }),
      await testGateway(upstream.url, sso, {}, { redis: await redisServer.connect(), ...clock }),
    ];
    const made = [];
    for (let i = 0; i < 4; i++)
      made.push(
        await replicas[i % 2].inject({
          method: 'POST',
          url: '/tile-keys',
          headers: { 'x-forwarded-user': 'carol' },
          payload: { name: 'shared share', surveys: ['2024Q2-CO-DEN'], expires_in: 3600 },
        }),
      );
    // Keys made a minute (GATEWAY_KEY_RATE_LIMIT) are counted together too.
    expect(made.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 429]);
    const keys = made.slice(0, 2).map((answer) => answer.json().key as string);
    nextMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const tile = `/tiles/2024Q2-CO-DEN/16/${dx}/${dy}.png?key=${keys[i % 2]}`;
      statuses.push((await replicas[i % 2].inject({ url: tile })).statusCode);
    }
    // Eight a minute (SHARED), whichever replica and key: the share is the maker's, counted in one place.
    expect(statuses).toEqual([...new Array(8).fill(200), 429, 429]);
  });

  it('hold the team’s upstream budget together, shared fairly between the people using it', async () => {
    const team = { ...SHARED, GATEWAY_USER_RATE_LIMIT: '0', GATEWAY_TEAM_RATE_LIMIT: '10' };
    const replicas = [
      await testGateway(upstream.url, team, {}, { redis: await redisServer.connect(), ...clock }),
      await testGateway(upstream.url, team, {}, { redis: await redisServer.connect(), ...clock }),
    ];
    const cookie = await replicas[0].cookie();
    const ask = (person: string, i: number) =>
      replicas[i % 2].inject({ url: '/tile/v2/surveys', headers: { cookie }, remoteAddress: person });
    const [a, b] = ['10.0.1.1', '10.0.1.2'];
    nextMinute();
    // A minute in which both use the budget a little…
    for (const person of [a, b]) expect((await ask(person, 0)).statusCode).toBe(200);
    minute += 60_000;
    // …then one floods it: what the other is owed of a fair half stays theirs, and no more than the team's budget goes.
    const flood = [];
    for (let i = 0; i < 12; i++) flood.push((await ask(a, i)).statusCode);
    expect(flood).toEqual([...new Array(5).fill(200), ...new Array(7).fill(429)]);
    const late = [];
    for (let i = 0; i < 7; i++) late.push((await ask(b, i)).statusCode);
    expect(late).toEqual([...new Array(5).fill(200), 429, 429]);
    const refused = await ask(a, 0);
    expect(expectEnvelope(refused, 429, 'rate_limited').message).toMatch(/budget \(10 requests a minute/);
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
