import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint, decodeJwt, decodeProtectedHeader, exportJWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../config.ts';
import { ApiError } from '../errors.ts';
import { expectEnvelope, SIGNING_KEY, testService, type TestService } from '../test/fixtures.ts';
import { isCanonicalEs256, withLowS } from './canonical-jws.ts';
import { createTokenIssuer, type TokenIssuer } from './tokens.ts';

const SIGNING_KEY_OBJECT = createPrivateKey(SIGNING_KEY);
const config = configFromEnv({}, { signingKeyPem: SIGNING_KEY });
let issuer: TokenIssuer;
let kid: string;
beforeAll(async () => {
  issuer = await createTokenIssuer(config);
  kid = await calculateJwkThumbprint(await exportJWK(createPrivateKey(SIGNING_KEY)));
});

/** The refusal's status, code and message, or 'passed'. */
async function refusalOf(token: string): Promise<string> {
  try {
    await issuer.verify(token);
    return 'passed';
  } catch (error) {
    return error instanceof ApiError ? `${error.statusCode} ${error.code}: ${error.message}` : String(error);
  }
}

async function signed(claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({
    iss: config.issuer,
    aud: config.audience,
    sub: 'demo',
    iat: now,
    exp: now + 600,
    ...claims,
  });
  return withLowS(await jwt.setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT', ...header }).sign(SIGNING_KEY_OBJECT));
}

describe('a token has one text', () => {
  it('refuses the signature spelt with other spare bits in its last character (the same bytes)', async () => {
    const { token } = await issuer.issue('access');
    const last = token.at(-1)!;
    // 64 bytes are 86 base64url characters: the last carries 4 bits of signature and 2 spare ones.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = token.slice(0, -1) + alphabet[alphabet.indexOf(last) ^ 1];
    expect(Buffer.from(respelt.split('.')[2], 'base64url')).toEqual(Buffer.from(token.split('.')[2], 'base64url'));
    expect(await refusalOf(respelt)).toMatch(/^401 invalid_token: The token is not written as it was issued/);
    expect(await refusalOf(token)).toBe('passed');
  });

  it('gives the low-S form 32 bytes of s however many of them are zero', () => {
    // P-256's order n; s = n − 1 has the low form 1: 31 zero bytes, then 1.
    const n = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
    const r = Buffer.alloc(32, 7);
    const high = Buffer.from((n - 1n).toString(16), 'hex');
    const token = `e30.e30.${Buffer.concat([r, high]).toString('base64url')}`;
    const low = Buffer.from(withLowS(token).split('.')[2], 'base64url');
    expect(low).toEqual(Buffer.concat([r, Buffer.alloc(31), Buffer.of(1)]));
    expect(isCanonicalEs256(withLowS(token))).toBe(true);
  });
});

describe('a refused token says why', () => {
  it('names a token signed with our key under another key id', async () => {
    expect(await refusalOf(await signed({}, { kid: 'another' }))).toBe(
      '401 invalid_token: The token was signed with an unknown key.',
    );
  });

  it('names the claim that failed: another audience, another issuer', async () => {
    expect(await refusalOf(await signed({ aud: 'https://elsewhere.example' }))).toBe(
      '401 invalid_token: The token is not valid here (aud claim check failed).',
    );
    expect(await refusalOf(await signed({ iss: 'https://elsewhere.example' }))).toBe(
      '401 invalid_token: The token is not valid here (iss claim check failed).',
    );
  });

  it('says what it is: a JWT, an access token or a static key', async () => {
    for (const kind of ['access', 'static'] as const) {
      const { token } = await issuer.issue(kind);
      expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', typ: 'JWT', kid });
      expect(decodeJwt(token).kind).toBe(kind);
    }
  });
});

describe('the signing key', () => {
  it('must be an EC key: another kind is refused as the service starts, saying which key it wants', async () => {
    const ed25519 = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await expect(createTokenIssuer(configFromEnv({}, { signingKeyPem: ed25519 }))).rejects.toThrow(
      'SERVICE_SIGNING_KEY must be an EC P-256 private key (PKCS#8 PEM)',
    );
  });
});

describe('a tile key on the catalog routes', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await testService();
  });

  it('is refused as read-only, however it is sent', async () => {
    const key = `tk_${'A'.repeat(43)}`;
    for (const request of [
      { url: `/tile/v2/surveys?key=${key}` },
      { url: `/tile/v2/surveys?api_key=${key}` },
      { url: '/tile/v2/surveys', headers: { authorization: `Bearer ${key}` } },
    ]) {
      const refused = expectEnvelope(await svc.inject({ method: 'GET', ...request }), 403, 'tile_key_read_only');
      expect(refused.message).toContain('A tile key opens the layer endpoints only');
    }
  });
});
