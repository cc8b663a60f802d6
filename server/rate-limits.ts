import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

export interface RateLimits {
  /** Requests per minute for one credential (or one address without one) on the /tile routes. */
  perMinute: number;
  /** Requests per minute from one address on the credential endpoints. */
  credentialsPerMinute: number;
}

/**
 * One bucket per verified credential — the client and the token or API key it used, however the token
 * was sent — so many analysts behind one address do not share a budget, and one token is one bucket.
 * Run after requireCredential (a preValidation hook).
 */
export function clientKey(request: FastifyRequest): string {
  const { credential } = request;
  return credential ? `cred:${credential.subject}:${credential.tokenId}` : `ip:${request.ip}`;
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
