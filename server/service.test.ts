import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';
import { EXPOSED_HEADERS } from './app.ts';
import { expectEnvelope, testService } from './test/fixtures.ts';

describe('service-wide behaviour', () => {
  it('gives every response a correlation id and no-referrer policy', async () => {
    const svc = await testService();
    const ok = await svc.get('/tile/v2/surveys');
    expect(ok.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.headers['referrer-policy']).toBe('no-referrer');
    const a = expectEnvelope(await svc.inject({ method: 'GET', url: '/tile/v2/surveys' }), 401);
    const b = expectEnvelope(await svc.inject({ method: 'GET', url: '/tile/v2/surveys' }), 401);
    expect(a['x-correlation-id']).not.toBe(b['x-correlation-id']);
  });

  it('answers unknown routes with the 404 envelope', async () => {
    const svc = await testService();
    expectEnvelope(await svc.get('/nothing/here?api_key=secret'), 404, 'not_found');
    const body = (await svc.get('/nothing/here?api_key=secret')).body;
    expect(body).not.toContain('secret');
  });

  it('allows browser clients: CORS preflight with Authorization, exposed headers', async () => {
    const svc = await testService();
    const preflight = await svc.inject({
      method: 'OPTIONS',
      url: '/tile/v2/surveys',
      headers: {
        origin: 'https://viewer.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const response = await svc.get('/tile/v2/surveys', { origin: 'https://viewer.example' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    for (const header of EXPOSED_HEADERS)
      expect(String(response.headers['access-control-expose-headers'])).toContain(header);
  });

  it('redacts api_key from logged URLs', () => {
    expect(redactUrl('/tile/v2/surveys?page=2&api_key=eyJabc.def&x=1')).toBe(
      '/tile/v2/surveys?page=2&api_key=[REDACTED]&x=1',
    );
    expect(redactUrl('/tile/v2/a/16/1/2?API_KEY=zzz')).toBe('/tile/v2/a/16/1/2?API_KEY=[REDACTED]');
  });
});
