import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { Catalog } from './catalog/catalog.ts';
import { configFromEnv } from './config.ts';
import { DEFAULT_FAULT_SEED, faultInjector, parseFaults } from './faults.ts';
import { proceduralTiles } from './imagery/source.ts';
import { expectEnvelope, FIXTURE_SURVEYS, SIGNING_KEY, testService } from './test/fixtures.ts';

describe('input limits before expensive work', () => {
  it.each([
    ['deep nesting', `GEOMETRYCOLLECTION(${'('.repeat(50)}${')'.repeat(50)})`, 'invalid_wkt'],
    ['unbalanced parentheses', 'POLYGON((0 0, 1 0, 1 1, 0 0)))', 'invalid_wkt'],
    [
      'too many vertices',
      `POLYGON((${Array.from({ length: 10_001 }, (_, i) => `${i * 1e-5} 0`).join(', ')}))`,
      'too_many_vertices',
    ],
  ])('refuse %s with a 400 envelope', async (_name, wkt, code) => {
    const svc = await testService();
    expectEnvelope(await svc.get(`/tile/v2/surveys/coverage?wkt=${encodeURIComponent(wkt)}`), 400, code);
  });

  it('refuses an oversized credential body with 413', async () => {
    const svc = await testService();
    const response = await svc.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { client_id: 'x'.repeat(70_000), client_secret: 'y', audience: 'z', grant_type: 'client_credentials' },
    });
    expectEnvelope(response, 413);
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After and the envelope once a client spends its budget', async () => {
    const svc = await testService({ rateLimits: { perMinute: 3, credentialsPerMinute: 100 } });
    for (let i = 0; i < 3; i++) expect((await svc.get('/tile/v2/surveys')).statusCode).toBe(200);
    const limited = await svc.get('/tile/v2/surveys');
    const body = expectEnvelope(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(body.message).toMatch(/3 a minute/);
  });

  it('counts each credential separately', async () => {
    const svc = await testService({ rateLimits: { perMinute: 2, credentialsPerMinute: 100 } });
    const other = (
      await svc.inject({
        method: 'POST',
        url: '/oauth/static_key',
        payload: { client_id: 'demo', client_secret: 'demo-secret' },
      })
    ).json().api_key;
    await svc.get('/tile/v2/surveys');
    await svc.get('/tile/v2/surveys');
    expect((await svc.get('/tile/v2/surveys')).statusCode).toBe(429);
    expect((await svc.inject({ method: 'GET', url: `/tile/v2/surveys?api_key=${other}` })).statusCode).toBe(200);
  });

  it('is tighter on the credential endpoints', async () => {
    const svc = await testService({ rateLimits: { perMinute: 1000, credentialsPerMinute: 2 } });
    const ask = () =>
      svc.inject({ method: 'POST', url: '/oauth/static_key', payload: { client_id: 'demo', client_secret: 'wrong' } });
    expect((await ask()).statusCode).toBe(401);
    expect((await ask()).statusCode).toBe(401);
    expectEnvelope(await ask(), 429, 'rate_limited');
  });
});

describe('fault injection', () => {
  it('parses a plan and refuses a bad one', () => {
    expect(parseFaults('503:0.1,429:0.05,latency:500')).toEqual({
      statuses: [
        { status: 503, probability: 0.1 },
        { status: 429, probability: 0.05 },
      ],
      latencyMs: 500,
      seed: DEFAULT_FAULT_SEED,
    });
    expect(parseFaults('503:0.1,seed:42').seed).toBe(42);
    expect(() => parseFaults('418:0.1')).toThrow(/not one of/);
    expect(() => parseFaults('503:2')).toThrow(/probability/);
    expect(() => parseFaults('503:0.1,seed:x')).toThrow(/seed must be an integer/);
  });

  it("rolls from the plan's seed, so a run replays: the same seed the same faults, another seed others", async () => {
    const faults = async (spec: string) => {
      const inject = faultInjector(parseFaults(spec));
      const statuses: number[] = [];
      for (let i = 0; i < 200; i += 1)
        statuses.push(
          await inject({} as never).then(
            () => 200,
            (error: { statusCode: number }) => error.statusCode,
          ),
        );
      return statuses;
    };
    const first = await faults('503:0.1,429:0.05');
    expect(first).toContain(503);
    expect(first).toContain(429);
    expect(first).toContain(200);
    expect(await faults('503:0.1,429:0.05')).toEqual(first);
    expect(await faults(`503:0.1,429:0.05,seed:${DEFAULT_FAULT_SEED}`)).toEqual(first);
    expect(await faults('503:0.1,429:0.05,seed:7')).not.toEqual(first);
  });

  it('answers injected faults with the envelope, and 429 with Retry-After', async () => {
    const rolls = [0.01, 0.99, 0.01];
    const inject = faultInjector(parseFaults('503:0.05,429:0.05'), () => rolls.shift() ?? 0.99);
    await expect(inject({} as never)).rejects.toMatchObject({ statusCode: 503 });
    await expect(inject({} as never)).rejects.toMatchObject({ statusCode: 429, headers: { 'retry-after': '1' } });
    await expect(inject({} as never)).resolves.toBeUndefined();
  });

  it('applies to the tile routes only, so sign-in keeps working', async () => {
    const svc = await testService({ faults: parseFaults('503:1') });
    expect(
      (
        await svc.inject({
          method: 'POST',
          url: '/oauth/static_key',
          payload: { client_id: 'demo', client_secret: 'demo-secret' },
        })
      ).statusCode,
    ).toBe(200);
    expectEnvelope(await svc.get('/tile/v2/surveys'), 503, 'service_unavailable');
  });
});

describe('tokens signed elsewhere', () => {
  it('rejects a token signed by another key that points at its own JWKS (jku)', async () => {
    const svc = await testService();
    const attacker = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const token = await new SignJWT({ sub: 'demo' })
      .setProtectedHeader({ alg: 'ES256', jku: 'https://attacker.example/jwks.json', kid: 'attacker' })
      .setIssuer(svc.config.issuer)
      .setAudience(svc.config.audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(attacker);
    expectEnvelope(
      await svc.inject({ method: 'GET', url: '/tile/v2/surveys', headers: { authorization: `Bearer ${token}` } }),
      401,
    );
  });
});

describe('the served viewer', () => {
  it('sends a strict Content-Security-Policy and no-referrer with its pages', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const dir = await mkdtemp('/tmp/viewer-');
    await writeFile(`${dir}/index.html`, '<!doctype html><title>x</title>');
    const app = await buildApp({
      config: configFromEnv({}, { signingKeyPem: SIGNING_KEY }),
      catalog: new Catalog(FIXTURE_SURVEYS),
      tiles: proceduralTiles(),
      viewer: { dir, config: { mode: 'direct' } },
    });
    const page = await app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(/connect-src 'self' http: https:/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});
