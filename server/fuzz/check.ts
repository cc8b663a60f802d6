import type { LightMyRequestResponse } from 'fastify';

/** The fuzzing property: never a 5xx, and every refusal a 4xx with the error envelope. */
export function violation(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `status ${response.statusCode}: ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) return null;
  let body: Record<string, unknown>;
  try {
    body = response.json();
  } catch {
    return `status ${response.statusCode} without a JSON body`;
  }
  const ok =
    typeof body.error === 'string' &&
    typeof body.message === 'string' &&
    body.status_code === response.statusCode &&
    typeof body['x-correlation-id'] === 'string' &&
    body['x-correlation-id'] === response.headers['x-correlation-id'];
  return ok
    ? null
    : `status ${response.statusCode} with a body that is not the envelope: ${response.body.slice(0, 200)}`;
}
