import type { Redis } from 'ioredis';

/**
 * Sessions ended before their expiry (sign-out), remembered until they would have expired anyway, so a
 * copied cookie cannot be replayed. Behind an interface so that several gateway replicas can share one
 * store (e.g. Redis); this process's memory is the implementation for a single gateway.
 */
export interface SessionRevocations {
  /** Ends the session; `expiresAt` (seconds since the epoch) is when it would have ended by itself. */
  revoke(sessionId: string, expiresAt: number): Promise<void>;
  isRevoked(sessionId: string): Promise<boolean>;
}

export function memoryRevocations(now: () => number = Date.now): SessionRevocations {
  const ended = new Map<string, number>();
  const seconds = () => Math.floor(now() / 1000);
  /** Forgets the sessions that have expired meanwhile: each entry lives at most a session's lifetime. */
  const sweep = () => {
    const at = seconds();
    for (const [id, expiresAt] of ended) if (expiresAt <= at) ended.delete(id);
  };
  return {
    async revoke(sessionId, expiresAt) {
      sweep();
      if (expiresAt > seconds()) ended.set(sessionId, expiresAt);
    },
    async isRevoked(sessionId) {
      const expiresAt = ended.get(sessionId);
      return expiresAt !== undefined && expiresAt > seconds();
    },
  };
}

/** Revocations shared by gateway replicas through Redis: each kept until the session would have expired. */
export function redisRevocations(redis: Redis): SessionRevocations {
  const keyOf = (sessionId: string) => `gateway-session-revoked:${sessionId}`;
  return {
    async revoke(sessionId, expiresAt) {
      const ttl = expiresAt * 1000 - Date.now();
      if (ttl > 0) await redis.set(keyOf(sessionId), '1', 'PX', Math.ceil(ttl));
    },
    async isRevoked(sessionId) {
      return (await redis.exists(keyOf(sessionId))) === 1;
    },
  };
}
