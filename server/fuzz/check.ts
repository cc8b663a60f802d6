import type { LightMyRequestResponse } from 'fastify';
import { leaks } from '../gateway/test/token-encodings.ts';

/**
 * The fuzzing property: never a 5xx, and every refusal a 4xx with the error envelope. In front of a hostile upstream
 * (`upstreamFails`), the gateway may answer 502, 503 or 504 for what the upstream did — with its envelope, named
 * `upstream_…` — but never a 5xx of its own.
 */
export function violation(response: LightMyRequestResponse, { upstreamFails = false } = {}): string | null {
  if (response.statusCode < 400) return null;
  let body: Record<string, unknown>;
  try {
    body = response.json();
  } catch {
    return `status ${response.statusCode} without a JSON body`;
  }
  const envelope =
    typeof body.error === 'string' &&
    typeof body.message === 'string' &&
    body.status_code === response.statusCode &&
    typeof body['x-correlation-id'] === 'string' &&
    body['x-correlation-id'] === response.headers['x-correlation-id'];
  const upstreams =
    upstreamFails && [502, 503, 504].includes(response.statusCode) && /^upstream_/.test(`${body.error}`);
  if (response.statusCode >= 500 && !(envelope && upstreams))
    return `status ${response.statusCode}: ${response.body.slice(0, 200)}`;
  return envelope
    ? null
    : `status ${response.statusCode} with a body that is not the envelope: ${response.body.slice(0, 200)}`;
}

/** Whether an answer (body or headers) holds the upstream token or client secret, in any encoding a reader undoes. */
export function leak(response: { body: string; headers: Record<string, unknown> }): string | null {
  return leaks(response.body) || leaks(JSON.stringify(response.headers))
    ? `carries the token: ${JSON.stringify(response.headers).slice(0, 200)} ${response.body.slice(0, 300)}`
    : null;
}
