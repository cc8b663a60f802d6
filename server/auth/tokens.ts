import { createPrivateKey, createPublicKey, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, errors, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { ServiceConfig } from '../config.ts';
import { unauthorized } from '../errors.ts';

const ALG = 'ES256';

export type CredentialKind = 'access' | 'static';

export interface TokenIssuer {
  issue(kind: CredentialKind): Promise<{ token: string; expiresIn: number }>;
  /** Verifies signature, algorithm, issuer, audience and a required `exp`; throws a 401 ApiError otherwise. */
  verify(token: string): Promise<JWTPayload>;
}

export async function createTokenIssuer(config: ServiceConfig): Promise<TokenIssuer> {
  const { privateKey, publicKey } = config.signingKeyPem
    ? keyPairFromPem(config.signingKeyPem)
    : await generateKeyPair(ALG);
  const kid = await calculateJwkThumbprint(await exportJWK(publicKey));

  return {
    async issue(kind) {
      const expiresIn = kind === 'access' ? config.tokenTtl : config.staticKeyTtl;
      const token = await new SignJWT({ kind })
        .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
        .setIssuer(config.issuer)
        .setAudience(config.audience)
        .setSubject(config.clientId)
        .setIssuedAt()
        .setExpirationTime(`${expiresIn}s`)
        .setJti(randomUUID())
        .sign(privateKey);
      return { token, expiresIn };
    },

    async verify(token) {
      try {
        const { payload, protectedHeader } = await jwtVerify(token, publicKey, {
          algorithms: [ALG],
          issuer: config.issuer,
          audience: config.audience,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        if (protectedHeader.kid !== kid) throw unauthorized('The token was signed with an unknown key.', 'invalid_token');
        return payload;
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          throw unauthorized('The token has expired; request a new one.', 'token_expired');
        }
        if (error instanceof errors.JWTClaimValidationFailed) {
          throw unauthorized(`The token is not valid here (${error.claim} claim check failed).`, 'invalid_token');
        }
        if (error instanceof errors.JOSEError) throw unauthorized('The token is invalid.', 'invalid_token');
        throw error;
      }
    },
  };
}

function keyPairFromPem(pem: string) {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ec') throw new Error('SERVICE_SIGNING_KEY must be an EC P-256 private key (PKCS#8 PEM)');
  return { privateKey, publicKey: createPublicKey(privateKey) };
}
