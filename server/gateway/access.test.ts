import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../test/fixtures.ts';
import { buildGatewayApp } from './app.ts';
import { gatewayConfigFromEnv } from './config.ts';
import { forwardTarget } from './paths.ts';
import { anyShapeSchemas } from '../../core/wire/response-schemas.ts';
import { keepKnown } from './known-fields.ts';
import { urlRewriter } from './rewrite.ts';
import { SESSION_COOKIE, sessionTokens } from './session.ts';
import {
  ACCESS_KEY,
  UPSTREAM_ENV,
  rawRequest,
  referenceUpstream,
  testGateway,
  urlOf,
  type TestGateway,
} from './test/upstreams.ts';

let upstream: Awaited<ReturnType<typeof referenceUpstream>>;
let gateway: TestGateway;
beforeAll(async () => {
  upstream = await referenceUpstream();
  gateway = await testGateway(upstream.url);
});
afterAll(() => upstream.close());

describe('no open proxy by default', () => {
  it('refuses to start without a guard unless --gateway-open is given', () => {
    const env = { UPSTREAM_CLIENT_ID: 'demo', UPSTREAM_CLIENT_SECRET: 'demo-secret' };
    expect(() => gatewayConfigFromEnv(env, { upstream: 'http://127.0.0.1:1' })).toThrow(
      /Refusing to start an open gateway.*--gateway-open/,
    );
    expect(gatewayConfigFromEnv(env, { upstream: 'http://127.0.0.1:1', open: true }).guard.open).toBe(true);
    expect(
      gatewayConfigFromEnv({ ...env, GATEWAY_TRUST_HEADER: 'X-Forwarded-User' }, { upstream: 'http://127.0.0.1:1' })
        .guard.trustHeader,
    ).toBe('x-forwarded-user');
    expect(() =>
      gatewayConfigFromEnv({ ...env, GATEWAY_ACCESS_KEY: 'short' }, { upstream: 'http://127.0.0.1:1' }),
    ).toThrow(/at least 12/);
    expect(() => gatewayConfigFromEnv({ GATEWAY_ACCESS_KEY: ACCESS_KEY }, { upstream: 'http://127.0.0.1:1' })).toThrow(
      /UPSTREAM_CLIENT_ID and UPSTREAM_CLIENT_SECRET/,
    );
    expect(() => gatewayConfigFromEnv(UPSTREAM_ENV, { upstream: 'http://user:pw@provider.example' })).toThrow(
      /must not carry credentials/,
    );
    expect(() => gatewayConfigFromEnv(UPSTREAM_ENV, { upstream: 'file:///etc/passwd' })).toThrow(/http or https/);
    expect(gatewayConfigFromEnv(UPSTREAM_ENV, { upstream: 'https://provider.example/api/' }).upstreamUrl).toBe(
      'https://provider.example/api',
    );
  });

  it('refuses paths outside the interface without asking the upstream', async () => {
    const before = upstream.seen.length;
    for (const path of [
      '/tile',
      '/tile/',
      '/tile/v2',
      '/tile/v2/',
      '/tile/v2/surveys/a/b/c/d/e',
      '/tile/v2/a/b/footprint',
      '/tile/v3/surveys',
      '/tile/v2/a/14/1/2.gif',
      '/tile/v2/a/14/1/2/3/4',
    ]) {
      expectEnvelope(await gateway.get(path), 404, 'not_found');
    }
    for (const path of ['/admin', '/metrics', '/v2/surveys', '/gateway/anything'])
      expectEnvelope(await gateway.get(path), 404, 'not_found');
    expectEnvelope(
      await gateway.inject({ method: 'POST', url: '/oauth/token', payload: { client_id: 'x', client_secret: 'y' } }),
      403,
      'forbidden',
    );
    expectEnvelope(await gateway.get('/oauth/static_key'), 403, 'forbidden');
    expect(upstream.seen.length).toBe(before);
  });

  it('refuses every method but GET on /tile', async () => {
    const cookie = await gateway.cookie();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const) {
      const answer = await gateway.inject({
        method,
        url: '/tile/v2/surveys',
        headers: { cookie },
        ...(method !== 'HEAD' && method !== 'OPTIONS' && { payload: {} }),
      });
      expect(answer.statusCode).toBe(405);
      expect(answer.headers.allow).toBe('GET');
      if (method !== 'HEAD') expectEnvelope(answer, 405, 'method_not_allowed');
    }
  });

  it('refuses traversal, encoded slashes and dots, and absolute request targets sent byte for byte', async () => {
    await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    const base = urlOf(gateway.app);
    const cookie = await gateway.cookie();
    const before = upstream.seen.length;
    const targets = [
      '/tile/../oauth/token',
      '/tile/v2/../../oauth/token',
      '/tile/v2/%2e%2e/%2e%2e/oauth/token',
      '/tile/v2/..%2F..%2Foauth%2Ftoken/footprint',
      '/tile/v2/2024Q2-CO-DEN%2Ffootprint',
      '/tile/v2/%2E%2E/footprint',
      '/tile/v2/./surveys',
      '/tile/v2//surveys',
      '/tile/v2/a%00b/footprint',
      '/tile/v2/a\\..\\b/footprint',
      '/tile/v2/@evil.example/footprint',
      '/tile/v2/a%252e%252e/footprint',
      'http://evil.example/tile/v2/surveys',
      '//evil.example/tile/v2/surveys',
    ];
    for (const target of targets) {
      const answer = await rawRequest(base, target, { cookie });
      expect([400, 403, 404], target).toContain(answer.status);
      expect(answer.body, target).toMatch(/"status_code":(400|403|404)/);
    }
    expect(upstream.seen.slice(before).map((r) => r.url)).toEqual([]);
    // The same socket path to an allowed route works, so the refusals above are the path checks.
    expect((await rawRequest(base, '/tile/v2/surveys?page_size=1', { cookie })).status).toBe(200);
    await gateway.app.close();
    gateway = await testGateway(upstream.url);
  });

  it('allows only interface paths, and drops api_key from the query', () => {
    expect(forwardTarget('/tile/v2/surveys?page=2')).toEqual({ path: '/tile/v2/surveys', query: '?page=2' });
    expect(
      forwardTarget(
        '/tile/v2/2024Q4-FL-PTCH/20241101T181751_20241101T182126_20241101T193155_02301310020223/14/2945/6423',
      ),
    ).not.toBeNull();
    expect(forwardTarget('/tile/2024Q4-FL-PTCH/16/1/2.jpg')).not.toBeNull();
    expect(
      forwardTarget('/tile/v2/x/coverage?wkt=POLYGON((1%202%2C3%204))&api_key=k&Api_Key=k&api%5Fkey=k&zoom=14'),
    ).toEqual({
      path: '/tile/v2/x/coverage',
      query: '?wkt=POLYGON((1%202%2C3%204))&zoom=14',
    });
    expect(forwardTarget('/tile/v2/surveys?api_key=k')).toEqual({ path: '/tile/v2/surveys', query: '' });
    for (const bad of [
      '/tile/v2/../x/footprint',
      '/tile/v2/.hidden/footprint',
      '/tile/v2/a b/footprint',
      '/tile/v2/a%2Fb/footprint',
      'https://x/tile/v2/surveys',
      `/tile/v2/${'a'.repeat(600)}/footprint`,
    ]) {
      expect(forwardTarget(bad), bad).toBeNull();
    }
  });
});

describe('rewriting upstream URLs', () => {
  const rewrite = urlRewriter(['https://provider.example', 'https://tiles.provider.example/v1'], 'https://gw.example');
  it('touches only strings that start with an upstream base URL', () => {
    expect(rewrite('https://provider.example/tile/v2/a/1/2/3')).toBe('https://gw.example/tile/v2/a/1/2/3');
    expect(rewrite('HTTPS://Provider.Example/tile/v2/surveys?page=2')).toBe(
      'https://gw.example/tile/v2/surveys?page=2',
    );
    expect(rewrite('https://provider.example')).toBe('https://gw.example');
    expect(rewrite('https://tiles.provider.example/v1/tile/x')).toBe('https://gw.example/tile/x');
    for (const untouched of [
      'https://provider.example.evil.com/tile',
      'https://provider.exampleX/tile',
      'see https://provider.example/tile',
      'http://provider.example/tile',
      'https://tiles.provider.example/v10/x',
      'provider.example',
    ]) {
      expect(rewrite(untouched)).toBe(untouched);
    }
  });
  it('rewrites the known fields of JSON answers, and drops what the schemas do not know', () => {
    const KNOWN = anyShapeSchemas();
    const page = {
      results: [
        {
          id: 'S',
          capture_date_start: '2024-01-01T00:00:00Z',
          capture_date_end: '2024-01-02 00:00:00 UTC',
          links: [{ rel: 'self', href: 'https://provider.example/tile/v2/a', extra: 'dropped' }],
          debug: 'dropped',
        },
      ],
      page: 1.5,
      has_next: false,
      __proto__x: null,
    };
    expect(JSON.parse(JSON.stringify(keepKnown(page, KNOWN.surveyPage, rewrite)))).toEqual({
      results: [
        {
          id: 'S',
          capture_date_start: '2024-01-01T00:00:00Z',
          capture_date_end: '2024-01-02 00:00:00 UTC',
          links: [{ rel: 'self', href: 'https://gw.example/tile/v2/a' }],
        },
      ],
      has_next: false,
    });
    const escaped = JSON.parse('[{"static_url":"https:\\/\\/provider.example\\/tile\\/v2\\/a\\/1\\/2\\/3"}]');
    expect(keepKnown(escaped, KNOWN.tileItems, rewrite)).toEqual([
      { static_url: 'https://gw.example/tile/v2/a/1/2/3' },
    ]);
    const polluting = JSON.parse('{"__proto__": {"polluted": "https://provider.example/x"}, "survey_id": "S"}');
    expect({ ...(keepKnown(polluting, KNOWN.footprint, rewrite) as object) }).toEqual({ survey_id: 'S' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the access key guard', () => {
  it('without a session: 401 envelope, and the session endpoint says so', async () => {
    const body = expectEnvelope(
      await gateway.inject({ method: 'GET', url: '/tile/v2/surveys' }),
      401,
      'session_required',
    );
    expect(body.message).toMatch(/access key/);
    const status = await gateway.inject({ method: 'GET', url: '/gateway/session' });
    expect(status.json()).toEqual({ active: false, access: 'access_key' });
    expect(status.headers['cache-control']).toBe('no-store');
  });

  it('a wrong key: 401; the right key: a signed HttpOnly SameSite=Strict cookie that admits', async () => {
    expectEnvelope(
      await gateway.inject({ method: 'POST', url: '/gateway/session', payload: { access_key: 'wrong-key-wrong-key' } }),
      401,
      'invalid_access_key',
    );
    expectEnvelope(await gateway.inject({ method: 'POST', url: '/gateway/session', payload: {} }), 400);
    expectEnvelope(
      await gateway.inject({
        method: 'POST',
        url: '/gateway/session',
        payload: 'access_key=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
    );

    const answer = await gateway.inject({
      method: 'POST',
      url: '/gateway/session',
      payload: { access_key: ACCESS_KEY },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ active: true, expires_in: 8 * 3600 });
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toMatch(
      new RegExp(
        `^${SESSION_COOKIE}=v1\\.\\d+\\.[\\w-]{24}\\.[\\w-]{43}; Path=/; Max-Age=28800; HttpOnly; SameSite=Strict$`,
      ),
    );
    expect(cookie).not.toContain(ACCESS_KEY);
    const pair = cookie.split(';', 1)[0];
    expect(
      (await gateway.inject({ method: 'GET', url: '/tile/v2/surveys', headers: { cookie: `other=1; ${pair}` } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await gateway.inject({ method: 'GET', url: '/gateway/session', headers: { cookie: pair } })).json(),
    ).toMatchObject({ active: true, expires_in: expect.any(Number) });

    const tampered = pair.replace(/\.(\d+)\./, (_m, exp: string) => `.${Number(exp) + 1000}.`);
    expectEnvelope(
      await gateway.inject({ method: 'GET', url: '/tile/v2/surveys', headers: { cookie: tampered } }),
      401,
      'session_required',
    );
    expectEnvelope(
      await gateway.inject({
        method: 'GET',
        url: '/tile/v2/surveys',
        headers: { cookie: `${SESSION_COOKIE}=${ACCESS_KEY}` },
      }),
      401,
    );
  });

  it('sessions expire, end when the access key changes, and can be ended', async () => {
    const config = gatewayConfigFromEnv(
      { ...UPSTREAM_ENV, GATEWAY_SESSION_SECRET: 's3cret' },
      { upstream: upstream.url },
    );
    const tokens = sessionTokens(config);
    const { value } = tokens.issue(0);
    expect(tokens.remaining(value, 1000)).toBe(8 * 3600 - 1);
    expect(tokens.remaining(value, 8 * 3600 * 1000)).toBeNull();
    // Same secret, so sessions survive a restart, but not a new access key.
    expect(sessionTokens(config).remaining(value, 1000)).not.toBeNull();
    expect(
      sessionTokens({ ...config, guard: { ...config.guard, accessKey: 'a-new-access-key-123' } }).remaining(
        value,
        1000,
      ),
    ).toBeNull();

    const ended = await gateway.inject({
      method: 'DELETE',
      url: '/gateway/session',
      headers: { cookie: await gateway.cookie() },
    });
    expect(ended.statusCode).toBe(204);
    expect(String(ended.headers['set-cookie'])).toMatch(
      new RegExp(`^${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`),
    );
  });

  it("marks the cookie Secure over https (PUBLIC_URL, or a trusted proxy's X-Forwarded-Proto)", async () => {
    const viaPublicUrl = await testGateway(upstream.url, { PUBLIC_URL: 'https://viewer.example.org' });
    const a = await viaPublicUrl.inject({
      method: 'POST',
      url: '/gateway/session',
      payload: { access_key: ACCESS_KEY },
    });
    expect(String(a.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
    const behindProxy = await testGateway(upstream.url, {}, {}, { trustProxy: true });
    const b = await behindProxy.inject({
      method: 'POST',
      url: '/gateway/session',
      payload: { access_key: ACCESS_KEY },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(b.headers['set-cookie'])).toMatch(/; Secure$/);
    const untrusted = await gateway.inject({
      method: 'POST',
      url: '/gateway/session',
      payload: { access_key: ACCESS_KEY },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(untrusted.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('rate-limits the session endpoint per address', async () => {
    const limited = await testGateway(upstream.url, { GATEWAY_SESSION_RATE_LIMIT: '3' });
    const tries = [];
    for (let i = 0; i < 4; i += 1)
      tries.push(
        await limited.inject({
          method: 'POST',
          url: '/gateway/session',
          payload: { access_key: `guess-${i}-guess-guess` },
        }),
      );
    expect(tries.slice(0, 3).map((t) => t.statusCode)).toEqual([401, 401, 401]);
    expectEnvelope(tries[3], 429, 'rate_limited');
    expect(Number(tries[3].headers['retry-after'])).toBeGreaterThan(0);
    // Even the right key waits: guessing gets no faster.
    expect(
      (await limited.inject({ method: 'POST', url: '/gateway/session', payload: { access_key: ACCESS_KEY } }))
        .statusCode,
    ).toBe(429);
    // Only signing in is limited: the viewer still asks whether it is signed in, and signs out.
    expect((await limited.inject({ url: '/gateway/session' })).statusCode).toBe(200);
    expect((await limited.inject({ method: 'DELETE', url: '/gateway/session' })).statusCode).toBe(204);
  });
});

describe('other guards', () => {
  it('honours GATEWAY_TRUST_HEADER only from the configured proxy (issue 45: spoofing it)', async () => {
    const sso = { GATEWAY_ACCESS_KEY: '', GATEWAY_TRUST_HEADER: 'X-Forwarded-User' };
    const ask = (gateway: TestGateway, remoteAddress: string) =>
      gateway.inject({ url: '/tile/v2/surveys', headers: { 'x-forwarded-user': 'ana' }, remoteAddress });
    // Without GATEWAY_TRUST_PROXY: the proxy must be on this host.
    const local = await testGateway(upstream.url, sso);
    expect((await ask(local, '127.0.0.1')).statusCode).toBe(200);
    expectEnvelope(await ask(local, '203.0.113.9'), 401, 'session_required');
    // With it: from the proxies it names, and nowhere else (not even this host).
    const behind = await testGateway(upstream.url, sso, {}, { trustProxy: '10.0.0.5' });
    expect((await ask(behind, '10.0.0.5')).statusCode).toBe(200);
    for (const spoofer of ['203.0.113.9', '127.0.0.1', '10.0.0.6'])
      expectEnvelope(await ask(behind, spoofer), 401, 'session_required');
  });

  it("GATEWAY_TRUST_HEADER admits requests carrying the SSO proxy's header", async () => {
    const sso = await testGateway(upstream.url, { GATEWAY_ACCESS_KEY: '', GATEWAY_TRUST_HEADER: 'X-Forwarded-User' });
    expectEnvelope(await sso.inject({ method: 'GET', url: '/tile/v2/surveys' }), 401, 'session_required');
    expectEnvelope(
      await sso.inject({ method: 'GET', url: '/tile/v2/surveys', headers: { 'x-forwarded-user': ' ' } }),
      401,
    );
    expect(
      (await sso.inject({ method: 'GET', url: '/tile/v2/surveys', headers: { 'x-forwarded-user': 'ana@example.org' } }))
        .statusCode,
    ).toBe(200);
    expect(upstream.resourceRequests().at(-1)!.headers['x-forwarded-user']).toBeUndefined();
    expect(
      (await sso.inject({ method: 'GET', url: '/gateway/session', headers: { 'x-forwarded-user': 'ana' } })).json(),
    ).toEqual({ active: true, access: 'header' });
    expectEnvelope(
      await sso.inject({ method: 'POST', url: '/gateway/session', payload: { access_key: ACCESS_KEY } }),
      404,
    );
    expect((await sso.inject({ method: 'GET', url: '/config.json' })).json()).toEqual({
      mode: 'gateway',
      serviceUrl: '',
      accessKeyRequired: false,
    });
  });

  it('--gateway-open admits everyone (local use only)', async () => {
    const config = gatewayConfigFromEnv(
      { ...UPSTREAM_ENV, GATEWAY_ACCESS_KEY: '' },
      { upstream: upstream.url, open: true },
    );
    const open = await buildGatewayApp({ gateway: config });
    expect((await open.inject({ method: 'GET', url: '/tile/v2/surveys' })).statusCode).toBe(200);
    expect((await open.inject({ method: 'GET', url: '/gateway/session' })).json()).toEqual({
      active: true,
      access: 'open',
    });
  });
});

describe("the viewer's runtime configuration", () => {
  it('says gateway mode and carries no upstream URL, client id, audience or secret', async () => {
    const answer = await gateway.inject({ method: 'GET', url: '/config.json' });
    expect(answer.json()).toEqual({ mode: 'gateway', serviceUrl: '', accessKeyRequired: true });
    expect(answer.body).not.toMatch(/demo|secret|127\.0\.0\.1|audience/);
  });
});
