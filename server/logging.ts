import type { FastifyRequest } from 'fastify';

/** Query parameters that may hold a credential: the one the service reads, and ones clients send by mistake. */
const CREDENTIAL_PARAMETERS = new Set(['api_key', 'apikey', 'access_token', 'token', 'client_secret', 'key']);
/** A JWT (our tokens and api keys are JWTs) wherever it sits in a URL, e.g. pasted into a path. */
const JWT = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const REDACTED = '[REDACTED]';

/** A parameter name as the query parser reads it: `api%5Fkey` is `api_key` too. */
function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** Removes credentials that can travel in a URL: credential query parameters however spelt, and JWTs. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const withoutJwts = (text: string) => text.replace(JWT, REDACTED);
  if (queryAt < 0) return withoutJwts(url);
  const hashAt = url.indexOf('#', queryAt);
  const end = hashAt < 0 ? url.length : hashAt;
  const query = url
    .slice(queryAt + 1, end)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq < 0 || !CREDENTIAL_PARAMETERS.has(decodedName(part.slice(0, eq)))) return part;
      return `${part.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');
  return withoutJwts(`${url.slice(0, queryAt + 1)}${query}${url.slice(end)}`);
}

/** Pino serializers for access logs: never the Authorization header, never an api_key. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
  },
};
