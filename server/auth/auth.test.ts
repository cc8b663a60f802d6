import { createPrivateKey, createPublicKey, createHmac } from 'node:crypto';
import { calculateJwkThumbprint, decodeJwt, decodeProtectedHeader, exportJWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { withLowS } from './canonical-jws.ts';
import { expectEnvelope, SIGNING_KEY, testService, type TestService } from '../test/fixtures.ts';

const privateKey = createPrivateKey(SIGNING_KEY);
let kid: string;
let svc: TestService;

/** Signed with the service's own key, in the form it issues (low-S: see canonical-jws.ts). */
async function forge(claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT', ...header });
  return withLowS(await jwt.sign(privateKey));
}

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  svc = await testService();
  kid = await calculateJwkThumbprint(await exportJWK(createPublicKey(privateKey)));
});

const tokenBody = () => ({
  client_id: 'demo',
  client_secret: 'demo-secret',
  audience: svc.config.audience,
  grant_type: 'client_credentials',
});
const validClaims = () => ({
  iss: svc.config.issuer,
  aud: svc.config.audience,
  sub: 'demo',
  iat: now(),
  exp: now() + 600,
});
const surveysWith = (headers: Record<string, string>, query = '') =>
  svc.inject({ method: 'GET', url: `/tile/v2/surveys${query}`, headers });

describe('POST /oauth/token', () => {
  it('issues a signed ES256 JWT with iss, aud, sub, iat and exp', async () => {
    const response = await svc.inject({ method: 'POST', url: '/oauth/token', payload: tokenBody() });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ expires_in: 3600, token_type: 'Bearer' });
    expect(response.headers['cache-control']).toBe('no-store');
    const claims = decodeJwt(body.access_token);
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'ES256', kid });
    expect(claims).toMatchObject({ iss: svc.config.issuer, aud: svc.config.audience, sub: 'demo' });
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it.each([
    ['wrong secret', { client_secret: 'nope' }, 401, 'invalid_client'],
    ['wrong client id', { client_id: 'other' }, 401, 'invalid_client'],
    ['wrong grant type', { grant_type: 'password' }, 400, 'unsupported_grant_type'],
    ['wrong audience', { audience: 'https://elsewhere.example' }, 400, 'invalid_audience'],
    ['missing audience', { audience: undefined }, 400, 'invalid_parameter'],
    ['an extra field', { scope: 'all' }, 400, 'invalid_parameter'],
    ['a number for the secret', { client_secret: 12 }, 400, 'invalid_parameter'],
  ])('answers %s with the envelope', async (_name, change, status, code) => {
    const payload = { ...tokenBody(), ...change } as Record<string, unknown>;
    for (const key of Object.keys(payload)) if (payload[key] === undefined) delete payload[key];
    const response = await svc.inject({ method: 'POST', url: '/oauth/token', payload });
    expectEnvelope(response, status, code);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await svc.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: 'client_id=demo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectEnvelope(response, 415, 'unsupported_media_type');
    const broken = await svc.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: '{"client_id":',
      headers: { 'content-type': 'application/json' },
    });
    expectEnvelope(broken, 400, 'invalid_body');
  });

  it('reports a wrong secret without echoing it', async () => {
    const response = await svc.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { ...tokenBody(), client_secret: 'hunter2-secret' },
    });
    expect(response.body).not.toContain('hunter2');
  });
});

describe('POST /oauth/static_key', () => {
  it('issues a one-year key that works as bearer and as api_key', async () => {
    const response = await svc.inject({
      method: 'POST',
      url: '/oauth/static_key',
      payload: { client_id: 'demo', client_secret: 'demo-secret' },
    });
    expect(response.statusCode).toBe(200);
    const { api_key: key, expires_in: expiresIn, token_type: type } = response.json();
    expect(expiresIn).toBe(31_536_000);
    expect(type).toBe('Bearer');
    const claims = decodeJwt(key);
    expect(claims.exp! - claims.iat!).toBe(31_536_000);
    expect((await surveysWith({}, `?api_key=${key}`)).statusCode).toBe(200);
    expect((await surveysWith({ authorization: `Bearer ${key}` })).statusCode).toBe(200);
  });

  it('takes client_id and client_secret only', async () => {
    const extra = await svc.inject({
      method: 'POST',
      url: '/oauth/static_key',
      payload: { client_id: 'demo', client_secret: 'demo-secret', audience: svc.config.audience },
    });
    expectEnvelope(extra, 400, 'invalid_parameter');
    const wrong = await svc.inject({
      method: 'POST',
      url: '/oauth/static_key',
      payload: { client_id: 'demo', client_secret: 'x' },
    });
    expectEnvelope(wrong, 401, 'invalid_client');
  });
});

describe('authenticated routes', () => {
  it('accept a valid bearer token and a valid api_key', async () => {
    const token = await svc.token();
    expect((await surveysWith({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await surveysWith({}, `?api_key=${token}`)).statusCode).toBe(200);
  });

  it('refuse a request without credentials, with a Bearer challenge', async () => {
    const response = await surveysWith({});
    expectEnvelope(response, 401, 'missing_token');
    expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('refuse a malformed Authorization header', async () => {
    expectEnvelope(await surveysWith({ authorization: 'Basic ZGVtbzpkZW1v' }), 401, 'invalid_authorization_header');
    expectEnvelope(await surveysWith({ authorization: 'Bearer' }), 401, 'invalid_authorization_header');
  });

  it('name expiry as the cause for an expired token', async () => {
    const expired = await forge({ ...validClaims(), iat: now() - 4000, exp: now() - 400 });
    const body = expectEnvelope(await surveysWith({ authorization: `Bearer ${expired}` }), 401, 'token_expired');
    expect(body.message).toMatch(/expired/i);
  });

  it('accept a forged-but-correctly-signed token (control for the matrix below)', async () => {
    expect((await surveysWith({ authorization: `Bearer ${await forge(validClaims())}` })).statusCode).toBe(200);
  });

  it.each<[string, () => Promise<string>]>([
    ['a wrong audience', () => forge({ ...validClaims(), aud: 'https://elsewhere.example' })],
    ['a wrong issuer', () => forge({ ...validClaims(), iss: 'someone-else' })],
    ['no exp claim', () => forge({ iss: svc.config.issuer, aud: svc.config.audience, sub: 'demo', iat: now() })],
    ['an unknown kid', () => forge(validClaims(), { kid: 'not-our-key' })],
    ['alg none', async () => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(validClaims())}.`],
    [
      'HS256 signed with the public key (algorithm confusion)',
      async () => {
        const pem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
        const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT', kid })}.${base64url(validClaims())}`;
        return `${unsigned}.${createHmac('sha256', pem).update(unsigned).digest('base64url')}`;
      },
    ],
    [
      'a tampered payload',
      async () => {
        const [h, , s] = (await forge(validClaims())).split('.');
        return `${h}.${base64url({ ...validClaims(), sub: 'admin' })}.${s}`;
      },
    ],
    ['garbage', async () => 'not-a-jwt'],
  ])('reject a token with %s', async (_name, make) => {
    const token = await make();
    expectEnvelope(await surveysWith({ authorization: `Bearer ${token}` }), 401);
    expectEnvelope(await surveysWith({}, `?api_key=${encodeURIComponent(token)}`), 401);
  });

  it('reject tokens of another service instance (different key)', async () => {
    const other = await testService({ signingKeyPem: undefined });
    const foreign = await other.token();
    expectEnvelope(await surveysWith({ authorization: `Bearer ${foreign}` }), 401, 'invalid_token');
  });

  it('lets tokens expire after SERVICE_TOKEN_TTL', async () => {
    const short = await testService({ tokenTtl: 1 });
    // The clock (Date only) stands still from the token's issue, so that a loaded machine's second cannot pass before
    // its first use, and is moved to the token's expiry rather than waited for: a millisecond before it the token
    // still opens the catalog (from the verified-token cache too); at it, it is expired.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const token = await short.token();
      const surveys = () =>
        short.inject({ method: 'GET', url: '/tile/v2/surveys', headers: { authorization: `Bearer ${token}` } });
      expect((await surveys()).statusCode).toBe(200);
      const { exp, iat } = decodeJwt(token);
      expect(exp! - iat!).toBe(1);
      vi.setSystemTime(exp! * 1000 - 1);
      expect((await surveys()).statusCode).toBe(200);
      vi.setSystemTime(exp! * 1000);
      expectEnvelope(await surveys(), 401, 'token_expired');
    } finally {
      vi.useRealTimers();
    }
  });
});
