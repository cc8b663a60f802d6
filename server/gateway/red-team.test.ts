import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../test/fixtures.ts';
import { SESSION_COOKIE } from './session.ts';
import { ACCESS_KEY, referenceUpstream, stubUpstream, testGateway, urlOf } from './test/upstreams.ts';

/** The gateway's findings of issue 16 (items 6–9 and the messages of "also seen"), each replayed. */

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
async function stub(...args: Parameters<typeof stubUpstream>) {
  const upstream = await stubUpstream(...args);
  closers.push(upstream.close);
  return upstream;
}
async function reference() {
  const upstream = await referenceUpstream();
  closers.push(upstream.close);
  return upstream;
}

/** The upstream token the stubs hand out, and the secret the gateway asks with. */
const UPSTREAM_TOKEN = 'upstream-token-7f3a9c2e51b8';
const tokenRoute = (app: Parameters<Parameters<typeof stubUpstream>[0]>[0]) =>
  app.post('/oauth/token', async () => ({ access_token: UPSTREAM_TOKEN, expires_in: 3600, token_type: 'Bearer' }));

const signIn = async (gateway: Awaited<ReturnType<typeof testGateway>>) => {
  const answer = await gateway.inject({ method: 'POST', url: '/gateway/session', payload: { access_key: ACCESS_KEY } });
  return String(answer.headers['set-cookie']).split(';', 1)[0];
};

describe('item 7: redirects are judged as a browser reads them', () => {
  it('refuses a Location that a browser would follow to another host, however it is spelt', async () => {
    const locations = [
      '/\\evil.example/x',
      '\\\\evil.example/x',
      '/\t/evil.example/x',
      '\t//evil.example/x',
      ' //evil.example/x',
      '/\\\tevil.example',
      'https:\\\\evil.example/x',
      'https:evil.example/x',
      'HTTPS://evil.example/x',
      '//evil.example/x',
      '///evil.example/x',
    ];
    const upstream = await stub((app) => {
      tokenRoute(app);
      app.get('/tile/v2/:n/footprint', async (request, reply) =>
        reply
          .status(302)
          .header('location', locations[Number((request.params as { n: string }).n)])
          .send(),
      );
    });
    const gateway = await testGateway(upstream.url);
    for (const [n, location] of locations.entries()) {
      const answer = await gateway.get(`/tile/v2/${n}/footprint`);
      expect(answer.statusCode, JSON.stringify(location)).toBe(502);
      expectEnvelope(answer, 502, 'upstream_redirect');
      expect(answer.headers.location).toBeUndefined();
    }
  });

  it('passes a same-origin redirect on, written as the browser will read it', async () => {
    const upstream = await stub((app) => {
      tokenRoute(app);
      app.get('/tile/v2/A/footprint', async (_request, reply) => reply.redirect('/tile/v2/B/footprint', 302));
      app.get('/tile/v2/C/footprint', async (_request, reply) =>
        reply.status(302).header('location', '/tile/v2\\D/footprint').send(),
      );
      app.get('/tile/v2/E/footprint', async (_request, reply) =>
        reply.redirect(`${urlOf(app)}/tile/v2/F/footprint`, 301),
      );
    });
    const gateway = await testGateway(upstream.url);
    expect((await gateway.get('/tile/v2/A/footprint')).headers.location).toBe('http://localhost/tile/v2/B/footprint');
    expect((await gateway.get('/tile/v2/C/footprint')).headers.location).toBe('http://localhost/tile/v2/D/footprint');
    expect((await gateway.get('/tile/v2/E/footprint')).headers.location).toBe('http://localhost/tile/v2/F/footprint');
  });
});

describe('item 8: the upstream token never comes back to the browser', () => {
  it('scrubs the token, any "Bearer …" and the client secret from relayed bodies and messages', async () => {
    const upstream = await stub((app) => {
      app.post('/oauth/token', async (request, reply) => {
        const body = request.body as { client_secret: string };
        if (body.client_secret === 'wrong-secret-echoed')
          return reply.status(400).send({ error: 'invalid_client', message: `bad secret ${body.client_secret}` });
        return { access_token: UPSTREAM_TOKEN, expires_in: 3600, token_type: 'Bearer' };
      });
      // A debugging upstream that echoes the request's headers in its errors, in every shape.
      app.get('/tile/v2/json/footprint', async (request, reply) =>
        reply
          .status(400)
          .header('x-correlation-id', 'up-1')
          .send({
            error: 'bad_request',
            message: `rejected ${request.headers.authorization}`,
            status_code: 400,
            'x-correlation-id': 'up-1',
            headers: request.headers,
          }),
      );
      app.get('/tile/v2/text/footprint', async (request, reply) =>
        reply.status(500).type('text/plain').send(`failed; authorization: ${request.headers.authorization}`),
      );
      app.get('/tile/v2/html/footprint', async (request, reply) =>
        reply
          .status(503)
          .type('text/html')
          .send(`<html><body><h1>Unavailable</h1><pre>${request.headers.authorization}</pre></body></html>`),
      );
      app.get('/tile/v2/ok/footprint', async (request) => ({
        survey_id: 'ok',
        footprint: null,
        debug: `token ${request.headers.authorization}`,
      }));
    });
    const gateway = await testGateway(upstream.url);
    for (const path of ['json', 'text', 'html', 'ok']) {
      const answer = await gateway.get(`/tile/v2/${path}/footprint`);
      expect(answer.body, path).not.toContain(UPSTREAM_TOKEN);
      expect(answer.body, path).not.toMatch(/bearer/i);
      expect(JSON.stringify(answer.headers), path).not.toContain(UPSTREAM_TOKEN);
    }
    // Since issue 45 no upstream message is relayed at all: the gateway's own, with the upstream's status.
    expect(expectEnvelope(await gateway.get('/tile/v2/json/footprint'), 400).message).toBe(
      'The upstream service answered HTTP 400 for /tile/v2/json/footprint. (upstream correlation id up-1)',
    );
    const html = expectEnvelope(await gateway.get('/tile/v2/html/footprint'), 503, 'upstream_error');
    expect(html.message).toBe('The upstream service answered HTTP 503 for /tile/v2/html/footprint.');
    // And of a 200, only the fields the interface knows.
    expect((await gateway.get('/tile/v2/ok/footprint')).json()).toEqual({ survey_id: 'ok' });

    const echoing = await testGateway(upstream.url, { UPSTREAM_CLIENT_SECRET: 'wrong-secret-echoed' });
    const refused = expectEnvelope(await echoing.get('/tile/v2/ok/footprint'), 502, 'upstream_auth_failed');
    expect(refused.message).not.toContain('wrong-secret-echoed');
  });

  it('never relays an HTML page, whatever its status', async () => {
    const upstream = await stub((app) => {
      tokenRoute(app);
      app.get('/tile/v2/surveys', async (_request, reply) =>
        reply.type('text/html').send('<html><script>alert(document.cookie)</script></html>'),
      );
    });
    const gateway = await testGateway(upstream.url);
    const answer = await gateway.get('/tile/v2/surveys');
    expectEnvelope(answer, 502, 'upstream_invalid_answer');
    expect(answer.body).not.toContain('<script>');
  });
});

describe('item 9: signing out ends the session', () => {
  it('refuses the cookie once DELETE /gateway/session has ended it', async () => {
    const upstream = await reference();
    const gateway = await testGateway(upstream.url);
    const cookie = await signIn(gateway);
    expect((await gateway.inject({ method: 'GET', url: '/tile/v2/surveys', headers: { cookie } })).statusCode).toBe(
      200,
    );
    const ended = await gateway.inject({ method: 'DELETE', url: '/gateway/session', headers: { cookie } });
    expect(ended.statusCode).toBe(204);
    // The browser forgets the cookie; someone who copied it replays it.
    expectEnvelope(
      await gateway.inject({ method: 'GET', url: '/tile/v2/surveys', headers: { cookie } }),
      401,
      'session_required',
    );
    expect((await gateway.inject({ method: 'GET', url: '/gateway/session', headers: { cookie } })).json()).toEqual({
      active: false,
      access: 'access_key',
    });
  });

  it('with several session cookies, admits by one that is valid and ends them all on sign-out', async () => {
    const upstream = await reference();
    const gateway = await testGateway(upstream.url);
    const a = await signIn(gateway);
    const b = await signIn(gateway);
    const garbage = `${SESSION_COOKIE}=v1.9999999999.${'x'.repeat(24)}.${'y'.repeat(43)}`;
    const get = (cookie: string) => gateway.inject({ method: 'GET', url: '/tile/v2/surveys', headers: { cookie } });

    // A cookie planted before ours (another path, a sibling domain) does not lock the user out.
    expect((await get(`${garbage}; ${a}`)).statusCode).toBe(200);
    await gateway.inject({ method: 'DELETE', url: '/gateway/session', headers: { cookie: a } });
    for (const cookie of [a, `${garbage}; ${a}`, `${a}; ${garbage}`, `${a}; ${a}`])
      expectEnvelope(await get(cookie), 401, 'session_required');
    expect((await get(`${a}; ${b}`)).statusCode).toBe(200);

    // Signing out with both ends both.
    await gateway.inject({ method: 'DELETE', url: '/gateway/session', headers: { cookie: `${b}; ${a}` } });
    expectEnvelope(await get(b), 401, 'session_required');
  });
});

describe('item 6: one session cannot spend the team’s upstream budget', () => {
  it('limits requests per person (GATEWAY_USER_RATE_LIMIT): one address’s sessions together', async () => {
    const upstream = await reference();
    const gateway = await testGateway(upstream.url, { GATEWAY_USER_RATE_LIMIT: '3' });
    const from = (remoteAddress: string) => async () => {
      const answer = await gateway.inject({
        method: 'POST',
        url: '/gateway/session',
        payload: { access_key: ACCESS_KEY },
        remoteAddress,
      });
      return String(answer.headers['set-cookie']).split(';', 1)[0];
    };
    const [a, again, b] = [await from('10.0.0.1')(), await from('10.0.0.1')(), await from('10.0.0.2')()];
    const get = (cookie: string, remoteAddress: string) =>
      gateway.inject({ method: 'GET', url: '/tile/v2/surveys', headers: { cookie }, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await get(i === 1 ? again : a, '10.0.0.1')).statusCode).toBe(200);
    const before = upstream.resourceRequests().length;
    // Signing in again from the same address adds no share (issue 45, item 3).
    for (const cookie of [a, again]) {
      const limited = await get(cookie, '10.0.0.1');
      const body = expectEnvelope(limited, 429, 'rate_limited');
      expect(body.message).toMatch(/3 a minute/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(upstream.resourceRequests().length).toBe(before);
    expect((await get(b, '10.0.0.2')).statusCode).toBe(200);
  });

  it('limits each user of an SSO proxy on their own', async () => {
    const upstream = await reference();
    const sso = await testGateway(upstream.url, {
      GATEWAY_ACCESS_KEY: '',
      GATEWAY_TRUST_HEADER: 'x-forwarded-user',
      GATEWAY_USER_RATE_LIMIT: '2',
    });
    const as = (user: string) =>
      sso.inject({ method: 'GET', url: '/tile/v2/surveys', headers: { 'x-forwarded-user': user } });
    expect([(await as('ana')).statusCode, (await as('ana')).statusCode, (await as('ana')).statusCode]).toEqual([
      200, 200, 429,
    ]);
    expect((await as('ben')).statusCode).toBe(200);
  });
});

describe('also seen: gateway failures do not name the internal upstream', () => {
  it('says 502 and 504 without the upstream URL', async () => {
    let release = () => {};
    const stalled = new Promise<void>((resolve) => {
      release = resolve;
    });
    closers.push(async () => release());
    const upstream = await stub((app) => {
      tokenRoute(app);
      // Answers only once the test is over: the gateway's limit ends the exchange.
      app.get('/tile/v2/surveys', async () => {
        await stalled;
        return { results: [] };
      });
    });
    const slow = await testGateway(upstream.url, { UPSTREAM_TIMEOUT_MS: '500' });
    const timeout = expectEnvelope(await slow.get('/tile/v2/surveys'), 504, 'upstream_timeout');
    // (On a busy machine the token request itself may be the one that times out.)
    expect(timeout.message).toMatch(
      /^The upstream service did not answer within 0\.5 s( while requesting its token)?\.$/,
    );

    const closed = Fastify();
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const url = urlOf(closed);
    await closed.close();
    const gone = await testGateway(url);
    const unreachable = expectEnvelope(await gone.get('/tile/v2/surveys'), 502, 'upstream_unreachable');
    expect(unreachable.message).toBe(
      'The gateway could not reach the upstream service while requesting its token (ECONNREFUSED).',
    );
    for (const message of [timeout.message, unreachable.message]) {
      expect(message).not.toContain('127.0.0.1');
      expect(message).not.toContain(new URL(url).port);
    }
  });
});
