import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

export interface RateLimits {
  /** Requests per minute for one credential (or one address without one) on the /tile routes. */
  perMinute: number;
  /** Requests per minute from one address on the credential endpoints. */
  credentialsPerMinute: number;
}

/** One bucket per credential, so many analysts behind one address do not share a budget. */
export function clientKey(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const apiKey = (request.query as Record<string, unknown> | undefined)?.api_key;
  const credential = header ?? (typeof apiKey === 'string' ? apiKey : undefined);
  return credential
    ? `cred:${createHash('sha256').update(credential).digest('base64url').slice(0, 22)}`
    : `ip:${request.ip}`;
}

export function rateLimitError(
  _request: FastifyRequest,
  context: { after: string; max: number; ttl: number },
): ApiError {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return new ApiError(
    429,
    'rate_limited',
    `Too many requests: the limit is ${context.max} a minute. Retry in ${context.after}.`,
    {
      'retry-after': String(seconds),
    },
  );
}
