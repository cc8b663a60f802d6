import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ServiceConfig } from '../config.ts';
import { ApiError, badRequest, errorResponses } from '../errors.ts';
import type { TokenIssuer } from './tokens.ts';

const TokenRequest = Type.Object(
  {
    client_id: Type.String({ minLength: 1, maxLength: 256 }),
    client_secret: Type.String({ minLength: 1, maxLength: 512 }),
    audience: Type.String({ minLength: 1, maxLength: 2048 }),
    grant_type: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);

const StaticKeyRequest = Type.Object(
  {
    client_id: Type.String({ minLength: 1, maxLength: 256 }),
    client_secret: Type.String({ minLength: 1, maxLength: 512 }),
  },
  { additionalProperties: false },
);

export const AccessToken = Type.Object(
  {
    access_token: Type.String({ description: 'an ES256 JWT, sent as "Authorization: Bearer <token>"' }),
    expires_in: Type.Integer({ minimum: 1, description: 'seconds' }),
    token_type: Type.Literal('Bearer'),
  },
  { additionalProperties: false },
);

export const StaticKey = Type.Object(
  {
    api_key: Type.String({ description: 'an ES256 JWT, sent as the api_key query parameter or a bearer token' }),
    expires_in: Type.Integer({ minimum: 1, description: 'seconds (one year)' }),
    token_type: Type.Literal('Bearer'),
  },
  { additionalProperties: false },
);

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares both values in constant time (hashing first so lengths do not leak). */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function checkClient(config: ServiceConfig, clientId: string, clientSecret: string): void {
  const idOk = sameSecret(clientId, config.clientId);
  const secretOk = sameSecret(clientSecret, config.clientSecret);
  if (!(idOk && secretOk)) throw new ApiError(401, 'invalid_client', 'Unknown client id or wrong client secret.');
}

/** POST /oauth/token and POST /oauth/static_key. */
export function credentialRoutes(config: ServiceConfig, issuer: TokenIssuer): FastifyPluginAsync {
  return async (untyped) => {
    const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
    app.post(
      '/oauth/token',
      {
        schema: {
          // Stryker disable next-line StringLiteral: no document of the routes is served; the summary names it here.
          summary: 'A bearer token',
          body: TokenRequest,
          // Stryker disable next-line ObjectLiteral: the handler answers exactly these fields: serialised alike.
          response: { 200: AccessToken, ...errorResponses },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (body.grant_type !== 'client_credentials') {
          throw badRequest(
            `grant_type must be "client_credentials", got "${body.grant_type}".`,
            'unsupported_grant_type',
          );
        }
        checkClient(config, body.client_id, body.client_secret);
        if (body.audience !== config.audience)
          throw badRequest('Unknown audience for this service.', 'invalid_audience');
        const { token, expiresIn } = await issuer.issue('access');
        reply.header('cache-control', 'no-store');
        return { access_token: token, expires_in: expiresIn, token_type: 'Bearer' as const };
      },
    );

    app.post(
      '/oauth/static_key',
      {
        schema: {
          summary: 'A static API key',
          body: StaticKeyRequest,
          response: { 200: StaticKey, ...errorResponses },
        },
      },
      async (request, reply) => {
        checkClient(config, request.body.client_id, request.body.client_secret);
        const { token, expiresIn } = await issuer.issue('static');
        reply.header('cache-control', 'no-store');
        return { api_key: token, expires_in: expiresIn, token_type: 'Bearer' as const };
      },
    );
  };
}
