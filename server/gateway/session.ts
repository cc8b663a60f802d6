import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ApiError } from '../errors.ts';
import { rateLimitError } from '../rate-limits.ts';
import type { GatewayConfig } from './config.ts';

export const SESSION_COOKIE = 'sv_gateway_session';

const digest = (value: string) => createHash('sha256').update(value).digest();

export interface SessionTokens {
  issue(nowMs?: number): { value: string; expiresAt: number };
  /** Seconds left, or null when the value is not a valid, unexpired session. */
  remaining(value: string | undefined, nowMs?: number): number | null;
}

/**
 * Session cookies: `v1.<expiry>.<nonce>.<HMAC-SHA256>`. The HMAC key is derived from the session
 * secret and the access key, so changing GATEWAY_ACCESS_KEY ends every session at once.
 */
export function sessionTokens(config: GatewayConfig): SessionTokens {
  const secret = config.sessionSecret ?? randomBytes(32).toString('base64url');
  const key = createHmac('sha256', secret)
    .update('survey-viewer gateway session\0')
    .update(digest(config.guard.accessKey ?? ''))
    .digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(nowMs = Date.now()) {
      const expiresAt = Math.floor(nowMs / 1000) + config.sessionTtl;
      const payload = `v1.${expiresAt}.${randomBytes(18).toString('base64url')}`;
      return { value: `${payload}.${sign(payload)}`, expiresAt };
    },
    remaining(value, nowMs = Date.now()) {
      const match = value === undefined ? null : /^(v1\.(\d{1,12})\.[\w-]{24})\.([\w-]{43})$/.exec(value);
      if (!match) return null;
      const expected = Buffer.from(sign(match[1]));
      const given = Buffer.from(match[3]);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const left = Number(match[2]) - Math.floor(nowMs / 1000);
      return left > 0 ? left : null;
    },
  };
}

/** One cookie's value from the Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Whether the request reached the gateway over https (directly, or through a trusted proxy). */
const isSecure = (config: GatewayConfig, request: FastifyRequest) =>
  request.protocol === 'https' || config.publicUrl?.startsWith('https:') === true;

function sessionCookie(config: GatewayConfig, request: FastifyRequest, value: string, maxAge: number): string {
  return [
    `${SESSION_COOKIE}=${value}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(isSecure(config, request) ? ['Secure'] : []),
  ].join('; ');
}

const sameKey = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

export type Admission = 'open' | 'header' | 'session';

export interface AccessGuard {
  /** How the request is admitted, or null. */
  admission(request: FastifyRequest): Admission | null;
  /** onRequest hook for forwarded routes: 401 envelope unless admitted. */
  require(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** POST/GET/DELETE /gateway/session. */
  routes: FastifyPluginAsync;
}

export function accessGuard(config: GatewayConfig): AccessGuard {
  const { guard } = config;
  const tokens = sessionTokens(config);
  const sessionLeft = (request: FastifyRequest) =>
    guard.accessKey ? tokens.remaining(cookieValue(request.headers.cookie, SESSION_COOKIE)) : null;

  const admission = (request: FastifyRequest): Admission | null => {
    if (guard.open) return 'open';
    if (guard.trustHeader) {
      const value = request.headers[guard.trustHeader];
      if (typeof value === 'string' && value.trim() !== '') return 'header';
    }
    return sessionLeft(request) !== null ? 'session' : null;
  };

  const routes: FastifyPluginAsync = async (scope) => {
    await scope.register(rateLimit, { global: false, errorResponseBuilder: rateLimitError });

    scope.post(
      '/gateway/session',
      {
        config: { rateLimit: { max: config.sessionRateLimit, timeWindow: 60_000 } },
      },
      async (request, reply) => {
        if (!guard.accessKey) throw new ApiError(404, 'not_found', 'This gateway does not use an access key.');
        const body = request.body as { access_key?: unknown } | undefined;
        const given = body && typeof body === 'object' ? body.access_key : undefined;
        if (typeof given !== 'string' || given === '')
          throw new ApiError(400, 'invalid_body', 'Send {"access_key": "…"} as JSON.');
        if (!sameKey(given, guard.accessKey)) {
          request.log.warn('gateway sign-in with a wrong access key');
          throw new ApiError(
            401,
            'invalid_access_key',
            'That access key is not right. Ask whoever runs this gateway for the current one.',
          );
        }
        const session = tokens.issue();
        reply.header('set-cookie', sessionCookie(config, request, session.value, config.sessionTtl));
        reply.header('cache-control', 'no-store');
        return { active: true, expires_in: config.sessionTtl };
      },
    );

    scope.get('/gateway/session', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const how = admission(request);
      const left = how === 'session' ? sessionLeft(request) : null;
      return {
        active: how !== null,
        access: guard.accessKey ? 'access_key' : guard.trustHeader ? 'header' : 'open',
        ...(left !== null && { expires_in: left }),
      };
    });

    scope.delete('/gateway/session', async (request, reply) => {
      reply.header('set-cookie', sessionCookie(config, request, '', 0));
      return reply.header('cache-control', 'no-store').status(204).send();
    });
  };

  return {
    admission,
    async require(request) {
      if (admission(request) !== null) return;
      const message = guard.accessKey
        ? 'Sign in to the gateway with its access key: there is no session, or it has expired.'
        : `The gateway admits only requests that carry the ${guard.trustHeader} header of the sign-on proxy in ` +
          `front of it.`;
      throw new ApiError(401, 'session_required', message);
    },
    routes,
  };
}
