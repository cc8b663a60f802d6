import { Agent, request as httpRequest } from 'node:http';
import { unescape as decodeQuery } from 'node:querystring';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { Catalog } from './catalog/catalog.ts';
import { configFromEnv } from './config.ts';
import { proceduralTiles } from './imagery/source.ts';
import { logSerializers, redactUrl } from './logging.ts';
import { FIXTURE_SURVEYS, SIGNING_KEY } from './test/fixtures.ts';

describe('redactUrl', () => {
  it('redacts api_key however the name is spelt or encoded, keeping the other parameters', () => {
    expect(redactUrl('/tile/v2/surveys?page=2&api_key=abc.def&x=1')).toBe(
      '/tile/v2/surveys?page=2&api_key=[REDACTED]&x=1',
    );
    expect(redactUrl('/tile/v2/a/16/1/2?API_KEY=zzz')).toBe('/tile/v2/a/16/1/2?API_KEY=[REDACTED]');
    expect(redactUrl('/tile/v2/surveys?api%5Fkey=secret1')).toBe('/tile/v2/surveys?api%5Fkey=[REDACTED]');
    expect(redactUrl('/tile/v2/surveys?api%5fkey=secret1&api_key=secret2')).toBe(
      '/tile/v2/surveys?api%5fkey=[REDACTED]&api_key=[REDACTED]',
    );
  });

  it('redacts other credential parameters and JWTs anywhere in the URL', () => {
    expect(redactUrl('/x?access_token=t1&client_secret=s1&token=t2')).toBe(
      '/x?access_token=[REDACTED]&client_secret=[REDACTED]&token=[REDACTED]',
    );
    expect(redactUrl('/tile/v2/eyJhbGciOiJI.eyJzdWIiOiJk.c2lnbmF0dXJl/coverage')).toBe('/tile/v2/[REDACTED]/coverage');
    expect(redactUrl('/x?wkt=eyJhbGciOiJI.eyJzdWIiOiJk.sig')).toBe('/x?wkt=[REDACTED]');
  });

  it('leaves URLs without credentials alone, including odd encodings', () => {
    for (const url of [
      '/tile/v2/surveys',
      '/tile/v2/surveys?page=2&limit=50',
      '/x?%E0%A4%A=1&b',
      '/x?keyboard=1&monkey=2',
      '/x?#frag',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

/** GET with the request target byte for byte. */
function rawGet(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  agent?: Agent,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}/`, { path, headers, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('redactUrl reads the request target as the router does (issue 16, item 10)', () => {
  it('redacts a credential after a raw "#", which the router takes as the start of the query', () => {
    expect(redactUrl('/tile/v2/surveys?page=1#&api_key=abc')).toBe('/tile/v2/surveys?page=1#&api_key=[REDACTED]');
    expect(redactUrl('/tile/v2/surveys#api_key=abc&page=2')).toBe('/tile/v2/surveys#api_key=[REDACTED]&page=2');
    // Here the parameter's name is "x?api_key", for the router as for the redaction.
    expect(redactUrl('/tile/v2/surveys#x&api_key=abc?api_key=d')).toBe('/tile/v2/surveys#x&api_key=[REDACTED]');
  });

  it('leaves no credential the router would read, for any request target', async () => {
    // The router's own reading: a route that answers with the query Fastify parsed, asked over a socket
    // (inject, like fetch, would drop what follows a "#").
    const app = Fastify();
    app.get('/x', async (request) => request.query);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true });
    const part = fc.constantFrom('api_key', 'API_KEY', 'api%5Fkey', 'page', 'a', '', '=', '&', '?', '#', ';', '%', '+');
    const value = fc.stringMatching(/^[A-Za-z0-9%+#?&;=._~-]{0,12}$/);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(part, fc.constantFrom('=', ''), value), { maxLength: 6 }), async (pairs) => {
        // Each value marked with its place, so that a value cannot be found by chance elsewhere in the URL.
        const target = `/x${pairs.map(([name, eq, v], i) => `${i === 0 ? '?' : '&'}${name}${eq}S${i}Q${v}`).join('')}`;
        for (const url of [target, target.replace('?', '#')]) {
          const answer = await rawGet(base, url, {}, agent);
          if (answer.status !== 200) continue;
          const query = JSON.parse(answer.body) as Record<string, string | string[]>;
          const secrets = Object.entries(query)
            .filter(([name]) => name.toLowerCase() === 'api_key')
            .flatMap(([, v]) => (Array.isArray(v) ? v : [v]))
            .filter((v) => /S\dQ/.test(v));
          const redacted = redactUrl(url);
          for (const secret of secrets) {
            expect(redacted, url).not.toContain(secret);
            // Decoded too, leniently (a stray or non-UTF-8 escape stays as it is).
            expect(decodeQuery(redacted), url).not.toContain(secret);
          }
        }
      }),
      { numRuns: 400 },
    );
    agent.destroy();
    await app.close();
  });
});

describe('access logs', () => {
  it('hold no client secret, token or api key after a session with each credential', async () => {
    let log = '';
    const stream = new Writable({
      write: (chunk, _encoding, done) => {
        log += String(chunk);
        done();
      },
    });
    const config = configFromEnv({}, { signingKeyPem: SIGNING_KEY, clientSecret: 'a-secret-of-this-test' });
    const app = await buildApp({
      config,
      catalog: new Catalog(FIXTURE_SURVEYS),
      tiles: proceduralTiles(),
      logger: { level: 'info', serializers: logSerializers, stream },
    });
    const client = { client_id: config.clientId, client_secret: config.clientSecret };
    const token = (
      await app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { ...client, audience: config.audience, grant_type: 'client_credentials' },
      })
    ).json().access_token as string;
    const key = (await app.inject({ method: 'POST', url: '/oauth/static_key', payload: client })).json()
      .api_key as string;
    expect(token).toMatch(/^eyJ/);
    expect(key.length).toBeGreaterThan(10);

    const asked = [
      await app.inject({ method: 'GET', url: '/tile/v2/surveys', headers: { authorization: `Bearer ${token}` } }),
      await app.inject({ method: 'GET', url: `/tile/v2/surveys?limit=2&api_key=${key}` }),
      await app.inject({ method: 'GET', url: `/tile/v2/surveys?api%5Fkey=${encodeURIComponent(key)}` }),
      await app.inject({ method: 'GET', url: `/tile/v2/no-such-route?api_key=${key}` }),
    ];
    // The router reads a query after a raw "#" (sent over a socket: inject would drop it), here with the
    // key spelt so that no JWT pattern can see it.
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const raw = [
      await rawGet(base, `/tile/v2/surveys?x=1#&api_key=%65${key.slice(1)}`),
      await rawGet(base, `/tile/v2/surveys#api_key=%65${key.slice(1)}`),
      // A legacy route also logs its successor's path.
      await rawGet(base, `/tile/surveys#api_key=%65${key.slice(1)}`),
    ];
    expect([...asked.map((r) => r.statusCode), ...raw.map((r) => r.status)]).toEqual([
      200, 200, 200, 404, 200, 200, 200,
    ]);
    await app.close();

    expect(log).toContain('/tile/v2/surveys?limit=2&api_key=[REDACTED]');
    expect(log).toContain('/tile/v2/surveys?api%5Fkey=[REDACTED]');
    for (const credential of [config.clientSecret, token, key, encodeURIComponent(key), key.slice(1)])
      expect(log).not.toContain(credential);
  });
});
