import type { FastifyRequest } from 'fastify';

/** Removes credentials that can travel in a URL (the api_key query parameter). */
export function redactUrl(url: string): string {
  return url.replace(/([?&]api_key=)[^&#]*/gi, '$1[REDACTED]');
}

/** Pino serializers for access logs: never the Authorization header, never an api_key. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
  },
};
