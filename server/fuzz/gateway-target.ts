import { request as httpRequest } from 'node:http';
import { ANTIMERIDIAN_SURVEY, FIXTURE_SURVEYS, testService } from '../test/fixtures.ts';
import { testGateway } from '../gateway/test/upstreams.ts';
import type { GatewayInput } from './arbitraries.ts';
import { hostileUpstream } from './hostile-upstream.ts';

export interface RawAnswer {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  json(): unknown;
}

/** GET with the request target sent as written (no client-side folding of "..", "%2e" or backslashes). */
function rawGet(base: string, target: string, headers: Record<string, string>): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: hostname, port, path: target, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('latin1');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        resolve({
          statusCode: response.statusCode ?? 0,
          body,
          headers: response.headers,
          json: () => JSON.parse(body),
        }),
      );
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

/**
 * The gateway as the fuzzer meets it: listening on loopback, in front of an upstream listening in this process — the
 * reference service (the fixture surveys) or, with `hostile`, an upstream that attacks it with every answer
 * (hostile-upstream.ts) — with a session and two tile keys, and no rate limits (the fuzzer is one very busy analyst).
 */
export async function gatewayFuzzTarget({ hostile = false } = {}) {
  const upstream = hostile
    ? await hostileUpstream()
    : await (async () => {
        const service = await testService({ rateLimits: null }, [...FIXTURE_SURVEYS, ANTIMERIDIAN_SURVEY]);
        return { url: await service.app.listen({ port: 0, host: '127.0.0.1' }), close: () => service.app.close() };
      })();
  const gateway = await testGateway(upstream.url, {
    GATEWAY_USER_RATE_LIMIT: '0',
    GATEWAY_TEAM_RATE_LIMIT: '0',
    GATEWAY_KEY_RATE_LIMIT: '0',
    GATEWAY_WMTS_RATE_LIMIT: '0',
  });
  const base = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  const cookie = await gateway.cookie();
  const makeKey = async (surveys: string[] | 'all') => {
    const made = await gateway.inject({
      method: 'POST',
      url: '/tile-keys',
      headers: { cookie },
      payload: { name: 'fuzz', surveys, expires_in: 3600 },
    });
    const key = (made.json() as { key?: string }).key;
    if (!key) throw new Error(`no tile key for the fuzzer: ${made.body}`);
    return key;
  };
  const keys = {
    key: await makeKey(['2024Q2-CO-DEN']),
    'all-key': await makeKey('all'),
    'bad-key': `tk_${'A'.repeat(43)}`,
  };
  return {
    base,
    /** Sends one input as its caller would. */
    send(input: GatewayInput): Promise<RawAnswer> {
      const key = input.as === 'key' || input.as === 'all-key' || input.as === 'bad-key' ? keys[input.as] : null;
      const url = key === null ? input.url : `${input.url}${input.url.includes('?') ? '&' : '?'}key=${key}`;
      return rawGet(base, url, input.as === 'session' ? { cookie } : {});
    },
    async close() {
      await gateway.app.close();
      await upstream.close();
    },
  };
}
