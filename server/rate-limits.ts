import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
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

function rateLimitError(_request: FastifyRequest, context: { after: string; max: number; ttl: number }): ApiError {
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

export interface MinuteLimit {
  /** Requests a minute for one key; 0 turns the limit off. */
  max: number;
  /** Whom a request counts against; its address when unset. */
  keyGenerator?: (request: FastifyRequest) => string;
  /** 'preValidation' counts a request after the scope's onRequest hooks (credential, guard) have said who asks. */
  hook?: 'onRequest' | 'preValidation';
  /** Where replicas count together; each process counts alone without it. */
  redis?: Redis;
  /** This limit's prefix for its counters in Redis, distinct from every other limit's. */
  nameSpace: string;
}

/**
 * Limits every route of `scope` to `max` requests a minute per key, answered past it with the 429 envelope and
 * Retry-After (rateLimitError).
 */
export async function limitPerMinute(scope: FastifyInstance, limit: MinuteLimit): Promise<void> {
  if (limit.max <= 0) return;
  await scope.register(rateLimit, {
    max: limit.max,
    timeWindow: 60_000,
    ...(limit.keyGenerator && { keyGenerator: limit.keyGenerator }),
    ...(limit.hook && { hook: limit.hook }),
    errorResponseBuilder: rateLimitError,
    ...(limit.redis && { redis: limit.redis, nameSpace: limit.nameSpace }),
  });
}
