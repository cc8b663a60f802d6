import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, referenceUpstream, testGateway, type TestGateway } from './test/upstreams.ts';

/**
 * Issue 33's property: whatever path is sent to any gateway route, every URL the gateway asks the upstream for has an
 * allowed shape and lies within the key's scope (key routes) or is exactly the path that was asked (the session's
 * forwarded routes) — nothing folded, nothing widened.
 */

const A = '2024Q2-CO-DEN';
const ID = '[A-Za-z0-9][A-Za-z0-9._-]{0,127}';
/** The upstream paths the key routes may cause: the catalog list, a footprint, a tile at a supported zoom. */
const KEY_ROUTE_SHAPES = {
  list: /^\/tile\/v2\/surveys\?page=\d+&page_size=\d+$/,
  footprint: new RegExp(`^/tile/v2/(${ID})/footprint$`),
  tile: new RegExp(`^/tile/v2/(${ID})/(\\d+)/(\\d+)/(\\d+)\\.(?:png|jpeg)$`),
};
/** The interface's paths (README, "Use with a real deployment"), as the session's routes may forward them. */
const TILE = '\\d{1,2}/\\d{1,10}/\\d{1,10}(?:\\.(?:png|jpe?g))?';
const INTERFACE = new RegExp(
  `^/tile(?:/v2)?/(?:surveys|surveys/coverage|${ID}/(?:footprint|coverage|mosaic_updates)|rsm/${TILE}|${ID}/${TILE}|` +
    `${ID}/${ID}/${TILE})$`,
);

let upstream: Awaited<ReturnType<typeof referenceUpstream>>;
let gateway: TestGateway;
let base: string;
let upstreamOrigin: string;
const asked: string[] = [];
let keys: { one: string; all: string };
let cookie: string;

beforeAll(async () => {
  upstream = await referenceUpstream();
  upstreamOrigin = new URL(upstream.url).origin;
  const recording: typeof fetch = (input, init) => {
    asked.push(String(input));
    return fetch(input, init);
  };
  gateway = await testGateway(
    upstream.url,
    { GATEWAY_WMTS_RATE_LIMIT: '0', GATEWAY_KEY_RATE_LIMIT: '0' },
    {},
    { fetch: recording },
  );
  base = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  cookie = await gateway.cookie();
  const make = async (surveys: string[] | 'all') =>
    (
      await gateway.inject({
        method: 'POST',
        url: '/tile-keys',
        headers: { cookie },
        payload: { name: 'property', surveys, expires_in: 3600 },
      })
    ).json().key as string;
  keys = { one: await make([A]), all: await make('all') };
});
afterAll(async () => {
  await gateway?.app.close();
  await upstream?.close();
});

const segment = fc.oneof(
  fc.constantFrom(
    A,
    '2023Q3-CO-DEN',
    'basemap',
    'surveys',
    'footprint',
    'coverage',
    'tilejson.json',
    'v2',
    'tile',
    '16',
    '13656',
    '24876.png',
    '24876',
    '..',
    '.',
    '%2E%2E',
    '%2e.',
    '..%2F',
    '%2F',
    '%5C',
    '%5C..',
    '%252E%252E',
    '%252F',
    '%00',
    '%09',
    '%3F',
    '%23',
    '%EF%BC%8E',
    '',
  ),
  fc.string({ maxLength: 10 }).map(encodeURIComponent),
  fc.stringMatching(/^[A-Za-z0-9._~%-]{0,12}$/),
);
/** Valid paths of each route with at most one segment replaced or added, and paths of random segments. */
const mutated = (valid: string[][]) =>
  fc
    .tuple(fc.constantFrom(...valid), fc.nat(), segment, fc.constantFrom('keep', 'replace', 'insert'))
    .map(([parts, at, part, how]) => {
      const i = at % (parts.length + 1);
      if (how === 'keep') return parts.join('/');
      if (how === 'replace') return parts.map((p, j) => (j === i ? part : p)).join('/');
      return [...parts.slice(0, i), part, ...parts.slice(i)].join('/');
    });
const randomPath = fc.array(segment, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('/'));
const keyPath = fc.oneof(
  { weight: 1, arbitrary: randomPath },
  {
    weight: 2,
    arbitrary: mutated([
      [A, '16', '13656', '24876.png'],
      ['2023Q3-CO-DEN', '16', '13656', '24876.jpg'],
      ['basemap', '15', '6828', '12438'],
    ]),
  },
);
const interfacePath = fc.oneof(
  { weight: 1, arbitrary: randomPath },
  {
    weight: 3,
    arbitrary: mutated([['surveys'], [A, 'footprint'], [A, 'coverage'], [A, '16', '13656', '24876.png']]),
  },
);
const query = fc.constantFrom('', 'page=2', 'page_size=99', 'api_key=k', 'wkt=POLYGON((0%200))&zoom=16', 'a=%2F..');

/** A request to one of the gateway's routes, with a random path where the route takes one. */
const keyKind = fc.constantFrom('one', 'all' as const);
const request = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(keyKind, keyPath).map(([kind, p]) => ({ kind, target: `/tiles/${p}` })) },
  {
    weight: 1,
    arbitrary: fc.tuple(keyKind, segment).map(([kind, s]) => ({ kind, target: `/tiles/${s}/tilejson.json` })),
  },
  { weight: 1, arbitrary: fc.tuple(keyKind, randomPath).map(([kind, p]) => ({ kind, target: `/wmts/${p}` })) },
  { weight: 1, arbitrary: keyKind.map((kind) => ({ kind, target: '/wmts/1.0.0/WMTSCapabilities.xml' })) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom('/tile/v2/', '/tile/v2/', '/tile/', '/'), interfacePath, query)
      .map(([prefix, p, q]) => ({ kind: 'session' as const, target: `${prefix}${p}${q ? `?${q}` : ''}` })),
  },
);

/** Whether one upstream URL is allowed for a request of this kind; a reason when it is not. */
function problem(url: string, kind: 'one' | 'all' | 'session', target: string): string | null {
  const parsed = new URL(url);
  if (parsed.href !== url) return 'fetch would read another URL than the one checked';
  if (parsed.origin !== upstreamOrigin) return 'another origin';
  const local = `${parsed.pathname}${parsed.search}`;
  if (parsed.pathname === '/oauth/token') return null;
  if (kind === 'session') {
    if (!INTERFACE.test(parsed.pathname)) return 'not an interface path';
    const asked = target.split('?', 1)[0];
    return parsed.pathname === asked ? null : `forwarded ${parsed.pathname} for ${asked}`;
  }
  if (KEY_ROUTE_SHAPES.list.test(local)) return null;
  const footprint = KEY_ROUTE_SHAPES.footprint.exec(local);
  const tile = KEY_ROUTE_SHAPES.tile.exec(local);
  const survey = footprint?.[1] ?? tile?.[1];
  if (survey === undefined) return `not a key route's upstream path: ${local}`;
  if (kind === 'one' && survey !== A) return `survey ${survey} is outside the key`;
  if (tile) {
    const [z, x, y] = [Number(tile[2]), Number(tile[3]), Number(tile[4])];
    if (z < 14 || z > 21 || x >= 2 ** z || y >= 2 ** z) return `tile ${z}/${x}/${y} out of range`;
  }
  return null;
}

describe('every upstream URL the gateway asks for', () => {
  it('has an allowed shape and lies within the key’s or the session’s scope, for random paths on every route', {
    timeout: 60_000,
  }, async () => {
    const reached = { key: 0, session: 0 };
    await fc.assert(
      fc.asyncProperty(request, async ({ kind, target }) => {
        const from = asked.length;
        const headers: Record<string, string> = kind === 'session' ? { cookie } : {};
        const sent = kind === 'session' ? target : `${target}${target.includes('?') ? '&' : '?'}key=${keys[kind]}`;
        const answer = await rawRequest(base, sent, headers);
        expect(answer.status, sent).not.toBe(0);
        const urls = asked.slice(from);
        for (const url of urls) expect(problem(url, kind, target), `${sent} → ${url}`).toBeNull();
        if (urls.length > 0) reached[kind === 'session' ? 'session' : 'key']++;
      }),
      { numRuns: 300 },
    );
    // The inputs are not all refused before the upstream: the property was put to the test.
    expect(reached.key).toBeGreaterThan(10);
    expect(reached.session).toBeGreaterThan(10);
  });

  it('for key creation asks only for the catalog list, whatever ids are sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(segment, fc.string({ maxLength: 20 })), { minLength: 1, maxLength: 30 }),
        async (ids) => {
          const from = asked.length;
          await gateway.inject({
            method: 'POST',
            url: '/tile-keys',
            headers: { cookie },
            payload: { name: 'property', surveys: ids, expires_in: 3600 },
          });
          for (const url of asked.slice(from)) {
            const parsed = new URL(url);
            expect(`${parsed.pathname}${parsed.search}`).toMatch(KEY_ROUTE_SHAPES.list);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
