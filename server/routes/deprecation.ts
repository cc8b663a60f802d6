import type { FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl, splitTarget } from '../logging.ts';

/** Legacy routes are announced as deprecated since 2025-01-01 and sunset at the end of 2027. */
const DEPRECATED_SINCE = Date.UTC(2025, 0, 1) / 1000;
const SUNSET = new Date(Date.UTC(2027, 11, 31)).toUTCString();

/**
 * onRequest hook for the unversioned routes: RFC 9745 Deprecation, RFC 8594 Sunset, a successor Link, Warning 299, a
 * log line.
 */
export async function announceDeprecation(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { path } = splitTarget(request.url);
  const successor = path.replace(/^\/tile\//, '/tile/v2/');
  reply.header('deprecation', `@${DEPRECATED_SINCE}`);
  reply.header('sunset', SUNSET);
  reply.header('link', `<${successor}>; rel="successor-version"`);
  reply.header('warning', `299 - "Deprecated API: ${path} will be removed; use ${successor}"`);
  request.log.warn({ path: redactUrl(request.url), successor }, 'deprecated legacy route used');
}
