import { createPrivateKey, createPublicKey, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, errors, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { LRUCache } from 'lru-cache';
import type { ServiceConfig } from '../config.ts';
import { unauthorized } from '../errors.ts';
import { isCanonicalEs256, withLowS } from './canonical-jws.ts';

const ALG = 'ES256';
/**
 * Verified tokens remembered (by their exact text) so that a client's every request does not redo the ES256 signature
 * check.
 */
const VERIFIED_CACHE_SIZE = 10_000;

type CredentialKind = 'access' | 'static';

export interface TokenIssuer {
  issue(kind: CredentialKind): Promise<{ token: string; expiresIn: number }>;
  /** Verifies signature, algorithm, issuer, audience and a required `exp`; throws a 401 ApiError otherwise. */
  verify(token: string): Promise<JWTPayload>;
  /**
   * The payload of a token that passed `verify` before, with `exp` checked again now, without async
   * work; undefined for a token not seen (or no longer remembered), which needs `verify`. Throws the
   * 401 for an expired one.
   */
  known(token: string): JWTPayload | undefined;
}

export async function createTokenIssuer(config: ServiceConfig): Promise<TokenIssuer> {
  const { privateKey, publicKey } = config.signingKeyPem
    ? keyPairFromPem(config.signingKeyPem)
    : await generateKeyPair(ALG);
  const kid = await calculateJwkThumbprint(await exportJWK(publicKey));
  // Signature, algorithm, issuer, audience and kid depend only on the token's bytes and our key, so a
  // token that passed once passes again; only time can change the answer, and `exp` is checked on
  // every request. Failures are never cached. (Signature checks were a third of the CPU time of a
  // cached request under load: bench/README.md, throughput.)
  // Keyed by the signature's tail (random per ES256 signature), so that the lookup hashes 24
  // characters rather than the whole token; the whole token must then match exactly.
  const verified = new LRUCache<string, { token: string; payload: JWTPayload }>({ max: VERIFIED_CACHE_SIZE });
  // Stryker disable next-line MethodExpression,UnaryOperator: the key only finds an entry; the whole text must match.
  const keyOf = (token: string) => token.slice(-24);
  const expired = () => unauthorized('The token has expired; request a new one.', 'token_expired');

  const issuer: TokenIssuer = {
    async issue(kind) {
      const expiresIn = kind === 'access' ? config.tokenTtl : config.staticKeyTtl;
      const signed = await new SignJWT({ kind })
        .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
        .setIssuer(config.issuer)
        .setAudience(config.audience)
        .setSubject(config.clientId)
        .setIssuedAt()
        .setExpirationTime(`${expiresIn}s`)
        .setJti(randomUUID())
        .sign(privateKey);
      return { token: withLowS(signed), expiresIn };
    },

    known(token) {
      const entry = verified.get(keyOf(token));
      if (entry?.token !== token) return undefined;
      // The same rule as jose's: expired once exp <= now, in whole seconds.
      if (entry.payload.exp! <= Math.floor(Date.now() / 1000)) {
        verified.delete(keyOf(token));
        throw expired();
      }
      return entry.payload;
    },

    async verify(token) {
      const known = issuer.known(token);
      if (known) return known;
      if (!isCanonicalEs256(token))
        throw unauthorized(
          'The token is not written as it was issued (padding, spaces or a re-encoded signature).',
          'invalid_token',
        );
      try {
        const { payload, protectedHeader } = await jwtVerify(token, publicKey, {
          algorithms: [ALG],
          issuer: config.issuer,
          audience: config.audience,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        if (protectedHeader.kid !== kid)
          throw unauthorized('The token was signed with an unknown key.', 'invalid_token');
        verified.set(keyOf(token), { token, payload });
        return payload;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw expired();
        if (error instanceof errors.JWTClaimValidationFailed) {
          throw unauthorized(`The token is not valid here (${error.claim} claim check failed).`, 'invalid_token');
        }
        if (error instanceof errors.JOSEError) throw unauthorized('The token is invalid.', 'invalid_token');
        throw error;
      }
    },
  };
  return issuer;
}

function keyPairFromPem(pem: string) {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ec')
    throw new Error('SERVICE_SIGNING_KEY must be an EC P-256 private key (PKCS#8 PEM)');
  return { privateKey, publicKey: createPublicKey(privateKey) };
}
