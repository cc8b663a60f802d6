import { describe, expect, it } from 'vitest';
import { expectEnvelope, testService } from '../test/fixtures.ts';

/** The order of P-256's base point: an ECDSA signature (r, s) verifies as (r, n − s) too. */
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

const sOf = (token: string) =>
  BigInt(`0x${Buffer.from(token.split('.')[2], 'base64url').subarray(32).toString('hex')}`);

/** The same token with its signature's s replaced by n − s: as valid, but other text. */
function flippedS(token: string): string {
  const [header, payload, signature] = token.split('.');
  const bytes = Buffer.from(signature, 'base64url');
  const s = BigInt(`0x${bytes.subarray(32).toString('hex')}`);
  const flipped = Buffer.from((P256_ORDER - s).toString(16).padStart(64, '0'), 'hex');
  return `${header}.${payload}.${Buffer.concat([bytes.subarray(0, 32), flipped]).toString('base64url')}`;
}

/** Every way the red team sent one token: header spellings, whitespace, padding, the other s. */
function variants(token: string): { headers: Record<string, string>; query: string }[] {
  const header = (authorization: string) => ({ headers: { authorization }, query: '' });
  const key = (value: string) => ({ headers: {}, query: `?api_key=${value}` });
  return [
    // The two forms the service accepts.
    header(`Bearer ${token}`),
    key(token),
    // The ones it must not.
    header(`bearer ${token}`),
    header(`BEARER ${token}`),
    header(`BeArEr ${token}`),
    header(`Bearer  ${token}`),
    header(`Bearer   ${token}`),
    header(`Bearer\t${token}`),
    header(`Bearer ${token} `),
    header(`Bearer ${token}\t`),
    header(`Bearer ${token}  `),
    header(`Bearer ${token}=`),
    header(`Bearer ${token}==`),
    header(`Bearer ${flippedS(token)}`),
    header(`bearer ${flippedS(token)}`),
    header(`Bearer ${flippedS(token)} `),
    key(`${token}%20`),
    key(`${token}%09`),
    key(`${token}%20%20`),
    key(`${token}%3D`),
    key(`%20${token}`),
    key(flippedS(token)),
    key(`${flippedS(token)}%20`),
    key(`${token}&api_key=${token}`),
  ];
}

describe('one token cannot pass as many credentials (issue 16, item 5)', () => {
  it('issues tokens and keys whose ECDSA signature is the low-S one', async () => {
    const svc = await testService();
    for (let i = 0; i < 16; i++) {
      const answer = await svc.inject({
        method: 'POST',
        url: i % 2 ? '/oauth/token' : '/oauth/static_key',
        payload: {
          client_id: 'demo',
          client_secret: 'demo-secret',
          ...(i % 2 && { audience: svc.config.audience, grant_type: 'client_credentials' }),
        },
      });
      const body = answer.json();
      expect(sOf(body.access_token ?? body.api_key) <= P256_ORDER / 2n).toBe(true);
    }
  });

  it('accepts only "Authorization: Bearer <token>" and the token as issued', async () => {
    const svc = await testService({ rateLimits: null });
    const token = await svc.token();
    const [header, key, ...others] = variants(token);
    for (const canonical of [header, key]) {
      expect(
        (await svc.inject({ method: 'GET', url: `/tile/v2/surveys${canonical.query}`, headers: canonical.headers }))
          .statusCode,
      ).toBe(200);
    }
    for (const variant of others) {
      const answer = await svc.inject({
        method: 'GET',
        url: `/tile/v2/surveys${variant.query}`,
        headers: variant.headers,
      });
      expect(answer.statusCode, JSON.stringify(variant)).toBe(401);
      const body = expectEnvelope(answer, 401);
      expect(['invalid_authorization_header', 'invalid_token'], JSON.stringify(variant)).toContain(body.error);
    }
  });

  it('says what form the header must take', async () => {
    const svc = await testService();
    const token = await svc.token();
    const body = expectEnvelope(
      await svc.inject({ method: 'GET', url: '/tile/v2/surveys', headers: { authorization: `bearer ${token}` } }),
      401,
      'invalid_authorization_header',
    );
    expect(body.message).toBe('The Authorization header must be "Bearer <token>": "Bearer", one space, the token.');
  });

  it('lets 40 spellings of one token through no more often than the limit', async () => {
    const svc = await testService({ rateLimits: { perMinute: 5, credentialsPerMinute: 100 } });
    const token = await svc.token();
    const all = variants(token);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const variant = all[i % all.length];
      statuses.push(
        (await svc.inject({ method: 'GET', url: `/tile/v2/surveys${variant.query}`, headers: variant.headers }))
          .statusCode,
      );
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.every((s) => s === 200 || s === 401 || s === 429)).toBe(true);
  });

  it('counts a token the same whether sent as a bearer header or as api_key', async () => {
    const svc = await testService({ rateLimits: { perMinute: 3, credentialsPerMinute: 100 } });
    const token = await svc.token();
    const asHeader = () =>
      svc.inject({ method: 'GET', url: '/tile/v2/surveys', headers: { authorization: `Bearer ${token}` } });
    const asKey = () => svc.inject({ method: 'GET', url: `/tile/v2/surveys?api_key=${token}` });
    expect([(await asHeader()).statusCode, (await asKey()).statusCode, (await asHeader()).statusCode]).toEqual([
      200, 200, 200,
    ]);
    expectEnvelope(await asKey(), 429, 'rate_limited');
    // The legacy routes spend the same budget.
    expectEnvelope(await svc.inject({ method: 'GET', url: `/tile/surveys?api_key=${token}` }), 429, 'rate_limited');
  });
});
