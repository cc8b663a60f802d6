import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { JWTPayload } from 'jose';
import { forbidden, unauthorized } from '../errors.ts';
import { TILE_KEY_PREFIX } from '../layers/tile-keys.ts';
import type { TokenIssuer } from './tokens.ts';

/** Who a request is, once its credential is verified: the client and the token (or API key) it used. */
interface VerifiedCredential {
  /** The client id (`sub`). */
  subject: string;
  /** The token's or API key's id (`jti`). */
  tokenId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireCredential; what per-client limits count by. */
    credential: VerifiedCredential | null;
  }
}

/**
 * RFC 6750's form with its one space and the scheme spelt as RFC 6750 writes it. HTTP lets the scheme
 * be any case and the space be several; this service takes one spelling only, the one every client of
 * it sends (the viewer, the gateway), so a token has one text (see canonical-jws.ts).
 */
const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/** Finds the credential of a request: the bearer header, else the `api_key` query parameter. */
function credentialOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = BEARER.exec(header);
    if (!match)
      throw unauthorized(
        'The Authorization header must be "Bearer <token>": "Bearer", one space, the token.',
        'invalid_authorization_header',
      );
    if (match[1].startsWith(TILE_KEY_PREFIX)) throw tileKeyReadOnly();
    return match[1];
  }
  const query = request.query as Record<string, unknown> | undefined;
  const apiKey = query?.api_key;
  if (typeof apiKey === 'string' && apiKey.startsWith(TILE_KEY_PREFIX)) throw tileKeyReadOnly();
  if (typeof apiKey === 'string' && apiKey !== '') return apiKey;
  if (Array.isArray(apiKey)) throw unauthorized('Give api_key once.', 'invalid_token');
  if (query?.key !== undefined) throw tileKeyReadOnly();
  return undefined;
}

const tileKeyReadOnly = () =>
  forbidden(
    'A tile key opens the layer endpoints only (/wmts, /tiles): use a token or an API key here.',
    'tile_key_read_only',
  );

/**
 * onRequest hook for every authenticated route. Callback style, so that a token verified before (the
 * usual case: a client sends the same token with every request) passes without a promise.
 */
function identify(request: FastifyRequest, token: string, payload: JWTPayload): void {
  request.credential = {
    subject: String(payload.sub),
    // Tokens this service issues always carry a jti; for others, the (canonical) token itself.
    // Stryker disable next-line MethodExpression: the id only keys per-credential counts; no answer shows its length.
    tokenId: payload.jti ?? createHash('sha256').update(token).digest('base64url').slice(0, 22),
  };
}

export function requireCredential(issuer: TokenIssuer) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    let token: string | undefined;
    let known: JWTPayload | undefined;
    try {
      token = credentialOf(request);
      if (!token)
        throw unauthorized(
          'Authentication required: send "Authorization: Bearer <token>" or the api_key query parameter.',
          'missing_token',
        );
      known = issuer.known(token);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (known) {
      identify(request, token, known);
      done();
    } else {
      const verified = token;
      issuer.verify(verified).then(
        (payload) => {
          identify(request, verified, payload);
          done();
        },
        (error: Error) => done(error),
      );
    }
  };
}
