import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiError, errorResponses } from '../errors.ts';
import { limitPerMinute } from '../rate-limits.ts';
import type { GatewayConfig } from './config.ts';
import type { SessionRevocations } from './revocations.ts';

export const SESSION_COOKIE = 'sv_gateway_session';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** A session cookie that verified: its id (the nonce), when it ends, and the seconds left until then. */
interface Session {
  id: string;
  expiresAt: number;
  left: number;
}

export interface SessionTokens {
  issue(nowMs?: number): { value: string; expiresAt: number };
  /** The session, or null when the value is not a validly signed, unexpired session. */
  verify(value: string | undefined, nowMs?: number): Session | null;
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
  const verify: SessionTokens['verify'] = (value, nowMs = Date.now()) => {
    const match = value === undefined ? null : /^(v1\.(\d{1,12})\.([\w-]{24}))\.([\w-]{43})$/.exec(value);
    if (!match) return null;
    const expected = Buffer.from(sign(match[1]));
    const given = Buffer.from(match[4]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const expiresAt = Number(match[2]);
    const left = expiresAt - Math.floor(nowMs / 1000);
    return left > 0 ? { id: match[3], expiresAt, left } : null;
  };
  return {
    issue(nowMs = Date.now()) {
      const expiresAt = Math.floor(nowMs / 1000) + config.sessionTtl;
      const payload = `v1.${expiresAt}.${randomBytes(18).toString('base64url')}`;
      return { value: `${payload}.${sign(payload)}`, expiresAt };
    },
    verify,
    remaining: (value, nowMs) => verify(value, nowMs)?.left ?? null,
  };
}

/**
 * Every value of one cookie in the Cookie header: a browser sends several with one name when they were
 * set for different paths or domains (one may be planted by a sibling site), so none is "the" cookie.
 */
function cookieValues(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
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

type Admission = 'open' | 'header' | 'session';

/** Who is asking, once admitted: what per-user limits count by. */
declare module 'fastify' {
  interface FastifyRequest {
    gatewayUser: string | null;
  }
}

export interface AccessGuard {
  /** How the request is admitted and as whom, or null. */
  admission(request: FastifyRequest): Promise<{ how: Admission; user: string; session?: Session } | null>;
  /** onRequest hook for forwarded routes: 401 envelope unless admitted; sets request.gatewayUser. */
  require(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** POST/GET/DELETE /gateway/session. */
  routes: FastifyPluginAsync;
}

const SessionAnswer = Type.Object(
  {
    active: Type.Boolean(),
    access: Type.Optional(Type.Union([Type.Literal('access_key'), Type.Literal('header'), Type.Literal('open')])),
    expires_in: Type.Optional(Type.Integer({ minimum: 1, description: 'seconds' })),
  },
  { additionalProperties: false },
);

/**
 * `redis`: where replicas count sign-in attempts together (else each process counts its own). `fromProxy`: whether a
 * peer address is the sign-on proxy's, the only one whose trust header is honoured.
 */
export function accessGuard(
  config: GatewayConfig,
  revocations: SessionRevocations,
  fromProxy: (address: string) => boolean,
  redis?: Redis,
): AccessGuard {
  const { guard } = config;
  const tokens = sessionTokens(config);

  /** The request's sessions that verify (signature, expiry), whether or not they have been ended. */
  const signedSessions = (request: FastifyRequest) =>
    guard.accessKey
      ? cookieValues(request.headers.cookie, SESSION_COOKIE)
          .map((value) => tokens.verify(value))
          .filter((session): session is Session => session !== null)
      : [];

  const admission: AccessGuard['admission'] = async (request) => {
    if (guard.open) return { how: 'open', user: `address:${request.ip}` };
    if (guard.trustHeader) {
      const value = request.headers[guard.trustHeader];
      const peer = request.raw.socket?.remoteAddress ?? '';
      if (typeof value === 'string' && value.trim() !== '') {
        // Set by anyone else, it is a claim, not a sign-on.
        if (fromProxy(peer)) return { how: 'header', user: `user:${value.trim()}` };
        request.log.warn({ peer }, `${guard.trustHeader} sent by an address that is not a trusted proxy: ignored`);
      }
    }
    for (const session of signedSessions(request)) {
      if (!(await revocations.isRevoked(session.id))) return { how: 'session', user: `session:${session.id}`, session };
    }
    return null;
  };

  const routes: FastifyPluginAsync = async (untyped) => {
    const scope = untyped.withTypeProvider<TypeBoxTypeProvider>();
    const answers = { 200: SessionAnswer, ...errorResponses };

    // Sign-in attempts alone are limited, per address.
    await scope.register(async (untypedSignIn) => {
      const signIn = untypedSignIn.withTypeProvider<TypeBoxTypeProvider>();
      await limitPerMinute(signIn, { max: config.sessionRateLimit, redis, nameSpace: 'gateway-rate-limit:sign-in:' });
      signIn.post(
        '/gateway/session',
        {
          schema: { summary: 'Sign in with the access key', response: answers },
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
    });

    scope.get(
      '/gateway/session',
      { schema: { summary: 'Whether this browser is signed in', response: answers } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const admitted = await admission(request);
        return {
          active: admitted !== null,
          access: guard.accessKey
            ? ('access_key' as const)
            : guard.trustHeader
              ? ('header' as const)
              : ('open' as const),
          ...(admitted?.session && { expires_in: admitted.session.left }),
        };
      },
    );

    scope.delete(
      '/gateway/session',
      {
        schema: {
          summary: 'Sign out: ends every session the request carries',
          response: { 204: Type.Null({ description: 'no body' }), ...errorResponses },
        },
      },
      async (request, reply) => {
        for (const session of signedSessions(request)) await revocations.revoke(session.id, session.expiresAt);
        reply.header('set-cookie', sessionCookie(config, request, '', 0));
        return reply.header('cache-control', 'no-store').status(204).send(null);
      },
    );
  };

  return {
    admission,
    async require(request) {
      const admitted = await admission(request);
      if (admitted !== null) {
        request.gatewayUser = admitted.user;
        return;
      }
      const message = guard.accessKey
        ? 'Sign in to the gateway with its access key: there is no session, or it has expired.'
        : `The gateway admits only requests that carry the ${guard.trustHeader} header of the sign-on proxy in ` +
          `front of it.`;
      throw new ApiError(401, 'session_required', message);
    },
    routes,
  };
}
