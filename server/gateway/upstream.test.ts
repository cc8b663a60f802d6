import { afterEach, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { expectEnvelope } from '../test/fixtures.ts';
import { referenceUpstream, stubUpstream, testGateway, urlOf } from './test/upstreams.ts';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
async function reference(...args: Parameters<typeof referenceUpstream>) {
  const upstream = await referenceUpstream(...args);
  closers.push(upstream.close);
  return upstream;
}
async function stub(...args: Parameters<typeof stubUpstream>) {
  const upstream = await stubUpstream(...args);
  closers.push(upstream.close);
  return upstream;
}
/** Moves the clock (the reference service in this process checks token expiry by it) on; timers run as usual. */
function advanceClock(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}
afterEach(() => {
  vi.useRealTimers();
});

/** An upstream that never answers until the test ends (closing the stub releases it). */
function never(): { wait: Promise<void>; release(): void } {
  let release = () => {};
  const wait = new Promise<void>((resolve) => {
    release = resolve;
  });
  closers.push(async () => release());
  return { wait, release };
}

describe('the upstream token', () => {
  it('50 concurrent requests at expiry make exactly one upstream token request', async () => {
    const upstream = await reference();
    let now = Date.UTC(2026, 0, 1);
    const gateway = await testGateway(upstream.url, {}, {}, { tokens: { now: () => now } });
    await gateway.get('/tile/v2/surveys?page_size=1');
    expect(upstream.tokenRequests()).toBe(1);

    now += 3300_000; // due at issued + 3600 − 300 s: not yet
    await gateway.get('/tile/v2/surveys?page_size=1');
    expect(upstream.tokenRequests()).toBe(1);

    now += 1;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => gateway.get(`/tile/v2/surveys?page_size=1&page=${(i % 4) + 1}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(upstream.tokenRequests()).toBe(2);
    const bearers = new Set(
      upstream
        .resourceRequests()
        .slice(-50)
        .map((r) => r.headers.authorization),
    );
    expect(bearers.size).toBe(1);
  });

  it(
    'an upstream 401 (token expired upstream) makes one renewal and one ' + 'retry, shared by concurrent requests',
    async () => {
      // Three seconds of life: a renewed token outlives the retries even on a loaded machine.
      const upstream = await reference({ tokenTtl: 3 });
      // The gateway's clock stands still, so only the upstream's 401 can tell it the token is stale.
      const gateway = await testGateway(upstream.url, {}, {}, { tokens: { now: () => Date.UTC(2026, 0, 1) } });
      expect((await gateway.get('/tile/v2/surveys?page_size=1')).statusCode).toBe(200);
      advanceClock(3100);

      const before = upstream.resourceRequests().length;
      const answer = await gateway.get('/tile/v2/surveys?page_size=1');
      expect(answer.statusCode).toBe(200);
      expect(upstream.tokenRequests()).toBe(2);
      expect(upstream.resourceRequests().length - before).toBe(2); // the refused one and the retry

      advanceClock(3100);
      const many = await Promise.all(Array.from({ length: 10 }, () => gateway.get('/tile/v2/surveys?page_size=1')));
      expect(many.every((a) => a.statusCode === 200)).toBe(true);
      expect(upstream.tokenRequests()).toBe(3);
    },
  );

  it("a token the upstream keeps refusing is renewed once, then the gateway's 502 (never a 401)", async () => {
    let issued = 0;
    const upstream = await stub((app) => {
      app.post('/oauth/token', async () => ({
        access_token: `token-${++issued}`,
        expires_in: 3600,
        token_type: 'Bearer',
      }));
      app.get('/tile/v2/surveys', async (_request, reply) =>
        reply.status(401).header('x-correlation-id', 'up-401').send({
          error: 'invalid_token',
          message: 'Wrong audience.',
          status_code: 401,
          'x-correlation-id': 'up-401',
        }),
      );
    });
    const gateway = await testGateway(upstream.url);
    const answer = await gateway.get('/tile/v2/surveys');
    // To the browser a 401 means its own session ended; the upstream's refusal of the gateway's token does not.
    const body = expectEnvelope(answer, 502, 'upstream_error');
    expect(body.message).toBe(
      'The upstream service answered HTTP 401 for /tile/v2/surveys. (upstream correlation id up-401)',
    );
    expect(answer.body).not.toContain('Wrong audience');
    expect(issued).toBe(2);
    expect(upstream.seen.filter((r) => r.startsWith('GET')).length).toBe(2);
  });

  it('wrong upstream credentials: a 502 that names the settings to check and shows no secret', async () => {
    const upstream = await reference();
    const gateway = await testGateway(upstream.url, { UPSTREAM_CLIENT_SECRET: 'not-the-secret' });
    const body = expectEnvelope(await gateway.get('/tile/v2/surveys'), 502, 'upstream_auth_failed');
    expect(body.message).toMatch(/HTTP 401.*UPSTREAM_CLIENT_SECRET/);
    expect(body.message).toMatch(/upstream correlation id [0-9a-f-]{36}/);
    expect(JSON.stringify(body)).not.toContain('not-the-secret');
  });
});

describe('upstream failures', () => {
  it('an upstream that does not answer in time: 504 envelope (resource and token endpoint)', async () => {
    const slow = never();
    let answered = false;
    let abandoned = 0;
    const upstream = await stub((app) => {
      app.post('/oauth/token', async (request) => {
        if ((request.body as { client_id: string }).client_id === 'slow') await slow.wait;
        return { access_token: 'token', expires_in: 3600 };
      });
      app.get('/tile/v2/surveys', async (request) => {
        request.raw.once('close', () => abandoned++);
        await slow.wait;
        answered = true;
        return { results: [] };
      });
    });
    const gateway = await testGateway(upstream.url, { UPSTREAM_TIMEOUT_MS: '100' });
    const body = expectEnvelope(await gateway.get('/tile/v2/surveys'), 504, 'upstream_timeout');
    // Answered while the upstream still had not: the gateway's own limit, not the upstream, ended it.
    expect(answered).toBe(false);
    expect(body.message).toBe('The upstream service did not answer within 0.1 s.');
    // And the upstream request was aborted, not left running.
    await vi.waitFor(() => expect(abandoned).toBe(1));

    const slowToken = await testGateway(upstream.url, { UPSTREAM_TIMEOUT_MS: '100', UPSTREAM_CLIENT_ID: 'slow' });
    expect(expectEnvelope(await slowToken.get('/tile/v2/surveys'), 504, 'upstream_timeout').message).toContain(
      'while requesting its token',
    );
  });

  it('an upstream that refuses connections: 502 envelope', async () => {
    const closed = Fastify();
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const url = urlOf(closed);
    await closed.close();
    const gateway = await testGateway(url);
    const body = expectEnvelope(await gateway.get('/tile/v2/surveys'), 502, 'upstream_unreachable');
    expect(body.message).toBe(
      'The gateway could not reach the upstream service while requesting its token (ECONNREFUSED).',
    );
  });

  it('upstream 5xx: the gateway’s own envelope (503 and Retry-After kept); an HTML page relays nothing', async () => {
    const upstream = await stub((app) => {
      app.post('/oauth/token', async () => ({ access_token: 'token', expires_in: 3600 }));
      app.get('/tile/v2/surveys', async (_request, reply) =>
        reply.status(503).header('x-correlation-id', 'up-503').header('retry-after', '5').send({
          error: 'unavailable',
          message: 'Down for maintenance.',
          status_code: 503,
          'x-correlation-id': 'up-503',
        }),
      );
      app.get('/tile/v2/:id/footprint', async (_request, reply) =>
        reply
          .status(502)
          .type('text/html')
          .send('<html><body><h1>502 Bad Gateway</h1><script>alert(1)</script></body></html>'),
      );
    });
    const gateway = await testGateway(upstream.url);
    const passed = await gateway.get('/tile/v2/surveys');
    expect(expectEnvelope(passed, 503, 'upstream_error').message).toBe(
      'The upstream service answered HTTP 503 for /tile/v2/surveys. (upstream correlation id up-503)',
    );
    expect(passed.headers['retry-after']).toBe('5');

    const wrapped = expectEnvelope(await gateway.get('/tile/v2/X/footprint'), 502, 'upstream_error');
    expect(wrapped.message).toBe('The upstream service answered HTTP 502 for /tile/v2/X/footprint.');
  });

  it('does not follow upstream redirects elsewhere', async () => {
    const upstream = await stub((app) => {
      app.post('/oauth/token', async () => ({ access_token: 'token', expires_in: 3600 }));
      app.get('/tile/v2/surveys', async (_request, reply) => reply.redirect('https://elsewhere.example/steal', 302));
      app.get('/tile/v2/X/footprint', async (_request, reply) =>
        reply.redirect(`${urlOf(app)}/tile/v2/Y/footprint`, 301),
      );
    });
    const gateway = await testGateway(upstream.url);
    expectEnvelope(await gateway.get('/tile/v2/surveys'), 502, 'upstream_redirect');
    const inside = await gateway.get('/tile/v2/X/footprint');
    expect(inside.statusCode).toBe(301);
    // Absolute, as the browser resolves it (WHATWG URL drops the default port).
    expect(inside.headers.location).toBe('http://localhost/tile/v2/Y/footprint');
    expect(upstream.seen).not.toContain('GET /tile/v2/Y/footprint');
  });
});
