import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pointToTile } from '@mapbox/tilebelt';
import Fastify from 'fastify';
import { buildApp } from './app.ts';
import { createTokenIssuer } from './auth/tokens.ts';
import { Catalog } from './catalog/catalog.ts';
import { LiveCatalog } from './catalog/live-catalog.ts';
import { configFromEnv, type ServiceConfig } from './config.ts';
import { createFastPath } from './fast-path.ts';
import { proceduralTiles } from './imagery/source.ts';
import { logSerializers } from './logging.ts';
import { FIXTURE_SURVEYS, SIGNING_KEY } from './test/fixtures.ts';

const [tx, ty] = pointToTile(-115.15, 36.15, 16);
const TILE = `/tile/v2/2022Q4-NV-LAS/16/${tx}/${ty}`;
const PAGE = '/tile/v2/surveys?page=1&page_size=2';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Listening {
  /** Requests that reached Fastify's lifecycle (the fast path answers the others). */
  seenByFastify: () => number;
  base: string;
  token: string;
  get(
    url: string,
    init?: RequestInit & { headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Record<string, string>; body: Buffer }>;
  close(): Promise<void>;
}

const running: Listening[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/** The service on a real socket: the fast path sits in front of Fastify's handler, which `inject` bypasses. */
async function listening(
  overrides: Partial<ServiceConfig> = {},
  catalog: Catalog | LiveCatalog = new Catalog(FIXTURE_SURVEYS),
  stream?: Writable,
): Promise<Listening> {
  const config = configFromEnv({}, { signingKeyPem: SIGNING_KEY, rateLimits: null, ...overrides });
  const app = await buildApp({
    config,
    catalog,
    tiles: proceduralTiles(),
    ...(stream && { logger: { level: 'info', serializers: logSerializers, stream } }),
  });
  let seen = 0;
  app.addHook('onResponse', (_request, _reply, done) => {
    seen += 1;
    done();
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const tokenAnswer = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      audience: config.audience,
      grant_type: 'client_credentials',
    }),
  });
  const token = ((await tokenAnswer.json()) as { access_token: string }).access_token;
  const service: Listening = {
    seenByFastify: () => seen,
    base,
    token,
    async get(url, init = {}) {
      const response = await fetch(base + url, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...init.headers },
      });
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      };
    },
    close: () => app.close(),
  };
  running.push(service);
  return service;
}

const withoutPerRequest = (headers: Record<string, string>) => {
  const { date: _date, 'x-correlation-id': _id, ...rest } = headers;
  return rest;
};

describe('fast path for repeated cached GETs', () => {
  it(
    'answers a repeated survey page and tile with the bytes and headers ' + 'Fastify gave, and a fresh correlation id',
    async () => {
      const svc = await listening();
      for (const url of [PAGE, TILE]) {
        const first = await svc.get(url);
        const seen = svc.seenByFastify();
        const again = await svc.get(url);
        expect(svc.seenByFastify()).toBe(seen);
        expect(first.status).toBe(200);
        expect(again.status).toBe(200);
        expect(again.body.equals(first.body)).toBe(true);
        expect(withoutPerRequest(again.headers)).toEqual(withoutPerRequest(first.headers));
        expect(again.headers['access-control-allow-origin']).toBe('*');
        expect(again.headers['x-content-type-options']).toBe('nosniff');
        expect(again.headers['x-correlation-id']).toMatch(UUID);
        expect(again.headers['x-correlation-id']).not.toBe(first.headers['x-correlation-id']);
      }
    },
  );

  it(
    'leaves to Fastify what it cannot answer from memory: unknown tokens, ' +
      'api_key, revalidation, HEAD, legacy routes',
    async () => {
      const svc = await listening();
      const tile = await svc.get(TILE);
      await svc.get(PAGE);
      const count = async (
        request: () => Promise<{ status: number; headers: Record<string, string>; body: Buffer }>,
      ) => {
        const seen = svc.seenByFastify();
        const answer = await request();
        expect(svc.seenByFastify()).toBe(seen + 1);
        return answer;
      };

      const forged = await count(() =>
        svc.get(PAGE, { headers: { authorization: `Bearer ${svc.token.slice(0, -4)}AAAA` } }),
      );
      expect(forged.status).toBe(401);
      expect(JSON.parse(forged.body.toString()).error).toBe('invalid_token');
      expect((await count(() => svc.get(PAGE, { headers: { authorization: 'Basic abc' } }))).status).toBe(401);
      // Other spellings are answered (refused) there.
      expect((await count(() => svc.get(PAGE, { headers: { authorization: `bearer  ${svc.token}` } }))).status).toBe(
        401,
      );
      for (let i = 0; i < 2; i++) {
        const byKey = await count(async () => {
          const response = await fetch(`${svc.base}${PAGE}&api_key=${svc.token}`);
          return {
            status: response.status,
            headers: Object.fromEntries(response.headers),
            body: Buffer.from(await response.arrayBuffer()),
          };
        });
        expect(byKey.status).toBe(200);
      }
      const revalidated = await count(() => svc.get(TILE, { headers: { 'if-none-match': tile.headers.etag } }));
      expect(revalidated.status).toBe(304);
      expect((await count(() => svc.get(TILE, { method: 'HEAD' }))).status).toBe(200);
      for (let i = 0; i < 2; i++) {
        const legacy = await count(() => svc.get('/tile/surveys?page=1&page_size=2'));
        expect(legacy.headers.deprecation).toMatch(/^@\d+$/);
      }
    },
  );

  it('sends an expired token to Fastify, which answers the 401', async () => {
    const svc = await listening({ tokenTtl: 60 });
    expect((await svc.get(PAGE)).status).toBe(200);
    const before = svc.seenByFastify();
    expect((await svc.get(PAGE)).status).toBe(200);
    expect(svc.seenByFastify()).toBe(before);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    const seen = svc.seenByFastify();
    const expired = await svc.get(PAGE);
    expect(expired.status).toBe(401);
    expect(JSON.parse(expired.body.toString()).error).toBe('token_expired');
    expect(svc.seenByFastify()).toBe(seen + 1);
  });

  it('never answers from a catalog that has been replaced', async () => {
    const live = new LiveCatalog(new Catalog(FIXTURE_SURVEYS));
    const svc = await listening({}, live);
    await svc.get(PAGE);
    const seen = svc.seenByFastify();
    expect(JSON.parse((await svc.get(PAGE)).body.toString()).total_results).toBe(FIXTURE_SURVEYS.length);
    expect(svc.seenByFastify()).toBe(seen);
    live.replace(new Catalog(FIXTURE_SURVEYS.slice(0, 1)));
    expect(JSON.parse((await svc.get(PAGE)).body.toString()).total_results).toBe(1);
  });

  it('is off with rate limits or injected faults: every request goes through Fastify', async () => {
    for (const overrides of [
      { rateLimits: { perMinute: 1000, credentialsPerMinute: 30 } },
      { faults: { statuses: [], latencyMs: 0, seed: 1 } },
    ]) {
      const svc = await listening(overrides);
      await svc.get(PAGE);
      const seen = svc.seenByFastify();
      const again = await svc.get(PAGE);
      expect(again.status).toBe(200);
      expect(svc.seenByFastify()).toBe(seen + 1);
      if (overrides.rateLimits) expect(again.headers['x-ratelimit-limit']).toBe('1000');
    }
  });

  it('writes the same access log lines as Fastify, under the correlation id, without the token', async () => {
    let log = '';
    const stream = new Writable({
      write: (chunk, _encoding, done) => {
        log += String(chunk);
        done();
      },
    });
    const svc = await listening({}, new Catalog(FIXTURE_SURVEYS), stream);
    await svc.get(PAGE);
    const seen = svc.seenByFastify();
    const fast = await svc.get(PAGE);
    expect(svc.seenByFastify()).toBe(seen);
    const linesOf = (id: string) =>
      log
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => l.reqId === id);
    await vi.waitFor(() =>
      expect(linesOf(fast.headers['x-correlation-id']).map((l) => l.msg)).toEqual([
        'incoming request',
        'request completed',
      ]),
    );
    const [incoming, completed] = linesOf(fast.headers['x-correlation-id']);
    expect(incoming.req).toEqual({ method: 'GET', url: PAGE, remoteAddress: '127.0.0.1' });
    expect(completed.res).toEqual({ statusCode: 200 });
    expect(typeof completed.responseTime).toBe('number');
    // The same fields as Fastify's own lines for the first request.
    const [fastifyIncoming, fastifyCompleted] = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')
      .slice(-4);
    expect(Object.keys(incoming).sort()).toEqual(Object.keys(fastifyIncoming).sort());
    expect(Object.keys(completed).sort()).toEqual(Object.keys(fastifyCompleted).sort());
    expect(log).not.toContain(svc.token);
  });
});

describe('the fast path plugin', () => {
  it('serves again only the routes whose config says fastPath: true', async () => {
    const config = configFromEnv({}, { signingKeyPem: SIGNING_KEY });
    const issuer = await createTokenIssuer(config);
    const { token } = await issuer.issue('access');
    await issuer.verify(token);
    const fastPath = createFastPath();
    const app = Fastify({ serverFactory: fastPath.serverFactory });
    await app.register(fastPath.plugin, { issuer, catalog: new LiveCatalog(new Catalog(FIXTURE_SURVEYS)) });
    const handled: string[] = [];
    for (const [url, fast] of [
      ['/declared', true],
      ['/undeclared', false],
    ] as const) {
      app.get(url, { config: { fastPath: fast } }, async (_request, reply) => {
        handled.push(url);
        return reply.type('text/plain').send(Buffer.from(url));
      });
    }
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    running.push({ close: () => app.close() } as Listening);
    for (let i = 0; i < 3; i++) {
      for (const url of ['/declared', '/undeclared']) {
        const answer = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
        expect(await answer.text()).toBe(url);
      }
    }
    expect(handled).toEqual(['/declared', '/undeclared', '/undeclared', '/undeclared']);
  });
});
