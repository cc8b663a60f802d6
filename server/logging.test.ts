import { Writable } from 'node:stream';
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
    expect(asked.map((r) => r.statusCode)).toEqual([200, 200, 200, 404]);
    await app.close();

    expect(log).toContain('/tile/v2/surveys?limit=2&api_key=[REDACTED]');
    expect(log).toContain('/tile/v2/surveys?api%5Fkey=[REDACTED]');
    for (const credential of [config.clientSecret, token, key, encodeURIComponent(key)])
      expect(log).not.toContain(credential);
  });
});
