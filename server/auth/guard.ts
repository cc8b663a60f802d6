import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { unauthorized } from '../errors.ts';
import type { TokenIssuer } from './tokens.ts';

/** Finds the credential of a request: the bearer header, else the `api_key` query parameter. */
export function credentialOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match)
      throw unauthorized('The Authorization header must be "Bearer <token>".', 'invalid_authorization_header');
    return match[1];
  }
  const apiKey = (request.query as Record<string, unknown> | undefined)?.api_key;
  if (typeof apiKey === 'string' && apiKey !== '') return apiKey;
  if (Array.isArray(apiKey)) throw unauthorized('Give api_key once.', 'invalid_token');
  return undefined;
}

/**
 * onRequest hook for every authenticated route. Callback style, so that a token verified before (the
 * usual case: a client sends the same token with every request) passes without a promise.
 */
export function requireCredential(issuer: TokenIssuer) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    let token: string | undefined;
    let known: unknown;
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
    if (known) done();
    else
      issuer.verify(token).then(
        () => done(),
        (error: Error) => done(error),
      );
  };
}
