import type { FastifyRequest } from 'fastify';
import { TILE_KEY_PATTERN } from './layers/tile-keys.ts';

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

/**
 * A request target split where Fastify's router (find-my-way) splits it: the query starts after the first
 * "?" or "#", whichever comes first, and runs to the end — a "#" is not a fragment boundary there.
 */
export function splitTarget(url: string): { path: string; query: string | undefined } {
  const question = url.indexOf('?', 1);
  const hash = url.indexOf('#', 1);
  const at = question === -1 ? hash : hash === -1 ? question : Math.min(question, hash);
  return at === -1 ? { path: url, query: undefined } : { path: url.slice(0, at), query: url.slice(at + 1) };
}

/**
 * Removes credentials that can travel in a URL: credential query parameters however spelt, JWTs and tile keys.
 * The query is the router's (splitTarget), its parameters split at every "&" as its parser does.
 */
export function redactUrl(url: string): string {
  const withoutJwts = (text: string) => text.replace(JWT, REDACTED).replace(TILE_KEY_PATTERN, REDACTED);
  const { path, query } = splitTarget(url);
  if (query === undefined) return withoutJwts(url);
  const redacted = query
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq < 0 || !CREDENTIAL_PARAMETERS.has(decodedName(part.slice(0, eq)))) return part;
      return `${part.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');
  return withoutJwts(`${path}${url[path.length]}${redacted}`);
}

/** Pino serializers for access logs: never the Authorization header, never an api_key. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
  },
};
