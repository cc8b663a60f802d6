import { pointToTile } from '@mapbox/tilebelt';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryTileKeyStore, newTileKey } from '../layers/tile-keys.ts';
import { expectEnvelope } from '../test/fixtures.ts';
import {
  ACCESS_KEY,
  rawRequest,
  referenceUpstream,
  stubUpstream,
  testGateway,
  type TestGateway,
  urlOf,
} from './test/upstreams.ts';
import { ENCODINGS, leaks, SECRET, TOKEN } from './test/token-encodings.ts';

/**
 * Issue 33, the gateway's part: the tile-key routes had been written beside the proxy. Each attack of the red-team
 * report is replayed here as it was made, then the fixed behaviour shown.
 */

const A = '2024Q2-CO-DEN';
const B = '2023Q3-CO-DEN';
const [x, y] = pointToTile(-104.98, 39.72, 16);

let upstream: Awaited<ReturnType<typeof referenceUpstream>>;
let gateway: TestGateway;
let base: string;
beforeAll(async () => {
  upstream = await referenceUpstream();
  gateway = await testGateway(upstream.url);
  base = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await gateway?.app.close();
  await upstream?.close();
});

/** A session of its own (not the gateway's cached one). */
async function signIn(on: TestGateway): Promise<string> {
  const answer = await on.inject({ method: 'POST', url: '/gateway/session', payload: { access_key: ACCESS_KEY } });
  return String(answer.headers['set-cookie']).split(';', 1)[0];
}

async function makeKey(on: TestGateway, surveys: string[] | 'all', name = 'QGIS', cookie?: string) {
  return on.inject({
    method: 'POST',
    url: '/tile-keys',
    headers: { cookie: cookie ?? (await on.cookie()) },
    payload: { name, surveys, expires_in: 3600 },
  });
}
async function keyFor(on: TestGateway, surveys: string[] | 'all', cookie?: string): Promise<string> {
  const made = await makeKey(on, surveys, 'QGIS', cookie);
  expect(made.statusCode, made.body).toBe(201);
  return (made.json() as { key: string }).key;
}
const envelopeOf = (answer: { status: number; head: string; body: string }) => {
  const correlation = /\r\nx-correlation-id: ([^\r\n]+)/i.exec(answer.head)?.[1];
  return expectEnvelope(
    { statusCode: answer.status, headers: { 'x-correlation-id': correlation }, json: () => JSON.parse(answer.body) },
    answer.status,
  );
};

describe('item 1: a key cannot leave its survey, however the path is spelt', () => {
  /** The red-team's spellings first, then the further ones: encoded and raw dots, backslashes, double encoding. */
  const spellings = [
    `/tiles/${A}/%2E%2E/${B}/16%2F${x}%2F${y}.png`,
    `/tiles/${A}/%2E%2E/%2E%2E/surveys`,
    `/tiles/${A}/..%2Fbasemap/16/${x}%2F${y}.png`,
    `/tiles/${A}/..%2F../v2/surveys%3Fpage_size=99`,
    `/tiles/${A}/%2e%2e/${B}/16%2f${x}%2f${y}.png`,
    `/tiles/${A}/../${B}/16/${x}/${y}.png`,
    `/tiles/${A}/.%2E/${B}/16/${x}/${y}.png`,
    `/tiles/${A}/%2E./${B}/16/${x}/${y}.png`,
    `/tiles/${A}%2F..%2F${B}/16/${x}/${y}.png`,
    `/tiles/${A}%2F%2E%2E%2F${B}/16/${x}/${y}.png`,
    `/tiles/${A}%5C..%5C${B}/16/${x}/${y}.png`,
    `/tiles/${A}/%5C..%5C${B}%5C16/${x}/${y}.png`,
    `/tiles/${A}/16/..%5C..%5C${B}%5C16%5C${x}/${y}.png`,
    `/tiles/${A}/%252E%252E/${B}/16%252F${x}%252F${y}.png`,
    `/tiles/${A}%252F..%252F${B}/16/${x}/${y}.png`,
    `/tiles/${A}/16/${x}/${y}.png%2F..%2F..%2F..%2F${B}%2F16%2F${x}%2F${y}.png`,
    `/tiles/${A}/16/${x}/${y}%3F.png`,
    `/tiles/${A}/16/${x}/${y}%23.png`,
    `/tiles/${A}/%EF%BC%8E%EF%BC%8E/${B}/16%2F${x}%2F${y}.png`,
    `/tiles/${A}/16%00/${x}/${y}.png`,
    `/tiles/${A}/%09%2E%2E/${B}/16%2F${x}%2F${y}.png`,
    `/tiles/${A}/0x10/${x}/${y}.png`,
    `/tiles/${A}/1e1/${x}/${y}.png`,
    `/tiles/${A}/%2E%2E/%2E%2E/surveys/tilejson.json`,
    `/tiles/${A}%2F..%2F..%2Fsurveys/tilejson.json`,
    `/tiles/%2E%2E/tilejson.json`,
  ];

  it('answers each spelling with a 4xx envelope and asks the upstream nothing', async () => {
    const key = await keyFor(gateway, [A]);
    const before = upstream.resourceRequests().length;
    for (const spelling of spellings) {
      const answer = await rawRequest(base, `${spelling}?key=${key}`);
      expect(answer.status, spelling).toBeGreaterThanOrEqual(400);
      expect(answer.status, spelling).toBeLessThan(500);
      envelopeOf(answer);
      expect(answer.body, spelling).not.toContain('"results"');
      expect(answer.body, spelling).not.toContain('PNG');
    }
    expect(upstream.resourceRequests().slice(before)).toEqual([]);
  });

  it('opens its own survey’s tiles and nothing else; an all-surveys key reaches tiles only', async () => {
    const key = await keyFor(gateway, [A]);
    const own = await rawRequest(base, `/tiles/${A}/16/${x}/${y}.png?key=${key}`);
    expect(own.status).toBe(200);
    expect(envelopeOf(await rawRequest(base, `/tiles/${B}/16/${x}/${y}.png?key=${key}`)).error).toBe('out_of_scope');
    expect(envelopeOf(await rawRequest(base, `/tiles/basemap/16/${x}/${y}.png?key=${key}`)).error).toBe('out_of_scope');

    const all = await keyFor(gateway, 'all');
    const before = upstream.resourceRequests().length;
    for (const spelling of [
      `/tiles/%2E%2E/v2/surveys/1`,
      `/tiles/basemap/%2E%2E/surveys%3Fpage_size=99/1.png`,
      `/tiles/${B}/%2E%2E/%2E%2E/surveys`,
      `/tiles/surveys%3Fpage_size=99%23/16/${x}/${y}.png`,
      `/tiles/%2E%2E%2Fsurveys/16/${x}/${y}.png`,
    ]) {
      const answer = await rawRequest(base, `${spelling}?key=${all}`);
      expect(answer.status, spelling).toBeGreaterThanOrEqual(400);
      expect(answer.status, spelling).toBeLessThan(500);
    }
    expect(upstream.resourceRequests().slice(before)).toEqual([]);
  });

  it('asks the upstream exactly the tile it was asked for, and out of range is refused', async () => {
    const key = await keyFor(gateway, [A]);
    const before = upstream.resourceRequests().length;
    expect((await rawRequest(base, `/tiles/${A}/16/${x}/${y}?key=${key}`)).status).toBe(200);
    expect((await rawRequest(base, `/tiles/${A}/16/${x}/${y}.jpg?key=${key}`)).status).toBe(200);
    expect(envelopeOf(await rawRequest(base, `/tiles/${A}/22/${x}/${y}.png?key=${key}`)).error).toBe(
      'zoom_out_of_range',
    );
    expect(envelopeOf(await rawRequest(base, `/tiles/${A}/16/65536/${y}.png?key=${key}`)).error).toBe(
      'tile_out_of_range',
    );
    expect(
      upstream
        .resourceRequests()
        .slice(before)
        .map((r) => r.url),
    ).toEqual([`/tile/v2/${A}/16/${x}/${y}.png`, `/tile/v2/${A}/16/${x}/${y}.jpeg`]);
  });
});

describe('items 2 and 8: the upstream token does not reach a key holder or a browser, however it is written', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  /** An upstream that echoes the request's Authorization header in each encoding, in bodies and headers. */
  async function echoingUpstream() {
    const names = Object.keys(ENCODINGS);
    const echo = await stubUpstream((app) => {
      app.post('/oauth/token', async () => ({ access_token: TOKEN, expires_in: 3600, token_type: 'Bearer' }));
      app.get('/tile/v2/surveys', async () => ({
        results: [{ id: 'S', capture_date_start: '2024-01-01T00:00:00Z', capture_date_end: '2024-01-02T00:00:00Z' }],
        has_next: false,
      }));
      app.get('/tile/v2/S/:z/:x/:y', async (request, reply) => {
        const { x: column, y: row } = request.params as { x: string; y: string };
        const encode = ENCODINGS[names[Number(column) % names.length]];
        const said = encode(String(request.headers.authorization));
        const withHeaders = (status: number) =>
          reply
            .status(status)
            .header('x-correlation-id', said.slice(0, 90).replace(/[^\w.:-]/g, ''))
            .header('warning', `299 - "${said}"`)
            .header('etag', `"${said.slice(0, 80)}"`);
        // Row 0: a 404 envelope whose message echoes; 1: text; 2: a 200 JSON answer that echoes (metadata-like).
        if (row.startsWith('0'))
          return withHeaders(404).send({ error: 'not_found', message: `no tile for ${said}`, status_code: 404 });
        if (row.startsWith('1')) return withHeaders(500).type('text/plain').send(`failed for ${said}`);
        return withHeaders(200).send({ debug: said, nested: [{ [said.slice(0, 40)]: said }] });
      });
    });
    closers.push(echo.close);
    return echo;
  }

  it('relays no upstream text on the key routes: the gateway’s own message, status and correlation id', async () => {
    const echo = await echoingUpstream();
    const gw = await testGateway(echo.url);
    const key = await keyFor(gw, ['S']);
    for (const [n, name] of Object.keys(ENCODINGS).entries()) {
      for (const row of [0, 1]) {
        const answer = await gw.inject({ url: `/tiles/S/16/${n}/${row}.png?key=${key}` });
        const [upstreamStatus, status] = row === 0 ? [404, 404] : [500, 502];
        const body = expectEnvelope(answer, status, 'upstream_error');
        // The upstream's correlation id is kept only when it is a short, plain one that holds no secret.
        expect(body.message, name).toMatch(
          new RegExp(
            `^The upstream service answered HTTP ${upstreamStatus} for tile 16/${n}/${row} of survey S\\.` +
              '( \\(upstream correlation id [\\w.:-]{1,64}\\))?$',
          ),
        );
        expect(leaks(answer.body + JSON.stringify(answer.headers)), name).toBe(false);
      }
    }
  });

  it('scrubs the interface routes’ relayed messages, bodies and headers in every encoding', async () => {
    const echo = await echoingUpstream();
    const gw = await testGateway(echo.url, { UPSTREAM_CLIENT_SECRET: SECRET });
    for (const [n, name] of Object.keys(ENCODINGS).entries()) {
      for (const row of [0, 1, 2]) {
        const answer = await gw.get(`/tile/v2/S/16/${n}/${row}.png`);
        expect(leaks(answer.body), `${name}, row ${row}: ${answer.body}`).toBe(false);
        expect(leaks(JSON.stringify(answer.headers)), `${name}, row ${row} headers`).toBe(false);
      }
    }
  });
});

describe('item 1, last sentence: answers carry no upstream address', () => {
  it('rewrites or drops the upstream’s URLs and host in the headers and JSON a key or a session gets', async () => {
    const internal = await stubUpstream((app) => {
      app.post('/oauth/token', async () => ({ access_token: TOKEN, expires_in: 3600, token_type: 'Bearer' }));
      app.get('/tile/v2/surveys', async () => ({
        results: [{ id: 'S', capture_date_start: '2024-01-01T00:00:00Z', capture_date_end: '2024-01-02T00:00:00Z' }],
        has_next: false,
      }));
      app.get('/tile/v2/S/:z/:x/:y', async (request, reply) => {
        const self = `http://${request.headers.host}`;
        reply
          .header('link', `<${self}/tile/v2/S/16/1/2.png>; rel="alternate"`)
          .header('warning', `299 ${request.headers.host} "Deprecated"`)
          .header('content-disposition', `inline; filename="${request.headers.host}.png"`);
        if ((request.params as { y: string }).y.startsWith('1'))
          return reply.send([{ static_url: `${self}/tile/v2/S/16/1/1.png`, links: [{ rel: 'self', href: self }] }]);
        return reply.type('image/png').send(Buffer.from('89504e470d0a1a0a', 'hex'));
      });
    });
    try {
      const host = new URL(internal.url).host;
      const gw = await testGateway(internal.url);
      const key = await keyFor(gw, ['S']);
      for (const answer of [
        await gw.inject({ url: `/tiles/S/16/1/2.png?key=${key}` }),
        await gw.inject({ url: `/tiles/S/16/1/1.png?key=${key}` }),
        await gw.get('/tile/v2/S/16/1/2.png'),
        await gw.get('/tile/v2/S/16/1/1.png'),
      ]) {
        expect(JSON.stringify(answer.headers)).not.toContain(host);
        expect(answer.body).not.toContain(host);
      }
      // A key gets tiles only (issue 45): JSON on a tile route is the gateway's error.
      expectEnvelope(await gw.inject({ url: `/tiles/S/16/1/1.png?key=${key}` }), 502, 'upstream_invalid_answer');
      const tile = await gw.inject({ url: `/tiles/S/16/1/2.png?key=${key}` });
      expect(tile.statusCode).toBe(200);
      expect(tile.headers.link).toBe('<http://localhost:80/tile/v2/S/16/1/2.png>; rel="alternate"');
      const relayed = await gw.get('/tile/v2/S/16/1/1.png');
      expect(relayed.json()).toEqual([{ static_url: 'http://localhost:80/tile/v2/S/16/1/1.png' }]);
    } finally {
      await internal.close();
    }
  });
});

describe('item 3: one session cannot spend the team’s upstream budget', () => {
  it('checks 700 made-up ids against one cached list: ten floods cost a list; others are served', async () => {
    const ref = await referenceUpstream();
    try {
      const gw = await testGateway(ref.url);
      const otherCookie = await signIn(gw);
      // 700 ids in a 4 KB body, as the red team sent them.
      const ids = Array.from({ length: 700 }, (_, i) => (i + 36).toString(36).toUpperCase());
      const before = ref.resourceRequests().length;
      const cookie = await gw.cookie();
      const floods = await Promise.all(Array.from({ length: 10 }, () => makeKey(gw, ids, 'flood', cookie)));
      for (const flood of floods)
        expect(expectEnvelope(flood, 404, 'survey_not_found').message).toContain('No survey with id "10"');
      const asked = ref.resourceRequests().slice(before);
      expect(asked.every((r) => r.url.startsWith('/tile/v2/surveys?'))).toBe(true);
      // One reading of the list, and one more to see whether the ids were published since (not again within 30 s).
      expect(asked.length).toBeLessThanOrEqual(2);

      const catalog = await gw.inject({ url: '/tile/v2/surveys', headers: { cookie: otherCookie } });
      expect(catalog.statusCode).toBe(200);
      const key = await keyFor(gw, [A], otherCookie);
      expect((await gw.inject({ url: `/tiles/${A}/16/${x}/${y}.png?key=${key}` })).statusCode).toBe(200);
    } finally {
      await ref.close();
    }
  });

  it('bounds one person’s share of upstream requests, key tiles included; others keep being served', async () => {
    const ref = await referenceUpstream();
    try {
      const gw = await testGateway(ref.url, { GATEWAY_USER_RATE_LIMIT: '12' });
      const from = async (remoteAddress: string) => {
        const answer = await gw.inject({
          method: 'POST',
          url: '/gateway/session',
          payload: { access_key: ACCESS_KEY },
          remoteAddress,
        });
        return String(answer.headers['set-cookie']).split(';', 1)[0];
      };
      const [greedy, again, other] = [await from('10.0.0.1'), await from('10.0.0.1'), await from('10.0.0.2')];
      const make = (cookie: string, remoteAddress: string) =>
        gw.inject({
          method: 'POST',
          url: '/tile-keys',
          headers: { cookie },
          payload: { name: 'QGIS', surveys: [A], expires_in: 3600 },
          remoteAddress,
        });
      const key = (await make(greedy, '10.0.0.1')).json().key;
      const answers = [];
      for (let i = 0; i < 12; i++) answers.push(await gw.inject({ url: `/tiles/${A}/16/${x}/${y}.png?key=${key}` }));
      // The list read when the key was made counts too: 11 tiles, then the person's share is used up.
      expect(answers.map((a) => a.statusCode)).toEqual([...new Array(11).fill(200), 429]);
      const refused = answers[11];
      expect(expectEnvelope(refused, 429, 'rate_limited').message).toMatch(/share of each is 12 a minute/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The greedy person's own browsing is in the same share, from any of their sessions; another person's is not.
      for (const cookie of [greedy, again])
        expectEnvelope(
          await gw.inject({ url: '/tile/v2/surveys', headers: { cookie }, remoteAddress: '10.0.0.1' }),
          429,
        );
      const elsewhere = { headers: { cookie: other }, remoteAddress: '10.0.0.2' };
      expect((await gw.inject({ url: '/tile/v2/surveys', ...elsewhere })).statusCode).toBe(200);
      const otherKey = (await make(other, '10.0.0.2')).json().key;
      expect((await gw.inject({ url: `/tiles/${A}/16/${x}/${y}.png?key=${otherKey}` })).statusCode).toBe(200);
    } finally {
      await ref.close();
    }
  });

  it('limits key making and WMTS documents per session; footprints are read once and kept', async () => {
    const ref = await referenceUpstream();
    try {
      const gw = await testGateway(ref.url, { GATEWAY_KEY_RATE_LIMIT: '3', GATEWAY_WMTS_RATE_LIMIT: '2' });
      const made = [];
      for (let i = 0; i < 4; i++) made.push(await makeKey(gw, 'all'));
      expect(made.map((m) => m.statusCode)).toEqual([201, 201, 201, 429]);
      expectEnvelope(made[3], 429, 'rate_limited');
      const key = (made[0].json() as { key: string }).key;
      const before = ref.resourceRequests().length;
      const first = await gw.inject({ url: `/wmts/1.0.0/WMTSCapabilities.xml?key=${key}` });
      expect(first.statusCode).toBe(200);
      const footprints = ref.resourceRequests().slice(before);
      expect(footprints.filter((r) => r.url.endsWith('/footprint')).length).toBe(4);
      const again = await gw.inject({ url: `/wmts/1.0.0/WMTSCapabilities.xml?key=${key}` });
      expect(again.body).toBe(first.body);
      // The second document cost nothing upstream: list and footprints were kept.
      expect(ref.resourceRequests().length).toBe(before + footprints.length);
      expectEnvelope(await gw.inject({ url: `/wmts/1.0.0/WMTSCapabilities.xml?key=${key}` }), 429, 'rate_limited');
    } finally {
      await ref.close();
    }
  });
});

describe('item 4: the live-key cap holds under concurrent creation', () => {
  it('leaves exactly 100 keys of 300 made at once on one gateway', async () => {
    const gw = await testGateway(upstream.url, { GATEWAY_KEY_RATE_LIMIT: '0', GATEWAY_USER_RATE_LIMIT: '0' });
    const cookie = await gw.cookie();
    const answers = await Promise.all(Array.from({ length: 300 }, () => makeKey(gw, 'all', 'race', cookie)));
    expect(answers.filter((a) => a.statusCode === 201).length).toBe(100);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) expectEnvelope(refused, 400, 'too_many_keys');
    expect((await gw.get('/tile-keys')).json().keys).toHaveLength(100);
  });
});

describe('item 7: key names', () => {
  const gdalinfo = (url: string) =>
    promisify(execFile)('gdalinfo', ['-json', `WMTS:${url}`], { env: { ...process.env, GDAL_HTTP_TIMEOUT: '30' } });

  it('refuses control characters with the envelope; GDAL reads the WMTS document of any name', async () => {
    for (const name of [
      'QGIS\u0007',
      'a\u001b[31mred',
      'tab\there',
      'nul\u0000',
      'del\u007f',
      'c1\u0085',
      'lone\ud800',
    ])
      expectEnvelope(await makeKey(gateway, [A], name), 400);
    const made = await makeKey(gateway, [A], 'Team <QGIS> & "ArcGIS" — Øresund 🛰');
    expect(made.statusCode).toBe(201);
    const url = `${base}/wmts/1.0.0/WMTSCapabilities.xml?key=${(made.json() as { key: string }).key}`;
    const capabilities = await (await fetch(url)).text();
    expect(capabilities).toContain('Team &lt;QGIS&gt; &amp; &quot;ArcGIS&quot; — Øresund 🛰');
    await gdalinfo(url);

    // A key stored with such a name before names were checked: what XML cannot hold is left out.
    const store = new MemoryTileKeyStore();
    const old = newTileKey();
    const at = Date.now();
    const record = {
      id: old.id,
      name: 'old\u0007\u001b[31m\ud800name',
      owner: 'team',
      surveys: [A],
      createdAt: new Date(at).toISOString(),
      expiresAt: new Date(at + 3_600_000).toISOString(),
    };
    await store.add(record, old.hash, 100, at);
    const gw = await testGateway(upstream.url, {}, {}, { tileKeys: store });
    const legacy = await gw.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const document = await (await fetch(`${legacy}/wmts/1.0.0/WMTSCapabilities.xml?key=${old.key}`)).text();
      expect(document).toContain('Aerial imagery surveys (old[31mname)');
      await gdalinfo(`${legacy}/wmts/1.0.0/WMTSCapabilities.xml?key=${old.key}`);
    } finally {
      await gw.app.close();
    }
  });
});

describe('upstream URLs are checked as fetch reads them', () => {
  it('never sends a path that WHATWG parsing would fold', async () => {
    const { upstreamUrl } = await import('./paths.ts');
    const stub = await stubUpstream(() => undefined);
    try {
      for (const path of ['/tile/v2/%2e%2e/surveys', '/tile/v2/a/../surveys', '/tile/v2/a\\..\\b/footprint']) {
        expect(() => upstreamUrl(urlOf(stub.app), { path, query: '' }), path).toThrow();
      }
      expect(upstreamUrl(`${urlOf(stub.app)}/prefix`, { path: '/tile/v2/A/16/1/2.png', query: '' }).pathname).toBe(
        '/prefix/tile/v2/A/16/1/2.png',
      );
    } finally {
      await stub.close();
    }
  });
});
