import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../errors.ts';

/** What one session (or SSO user, or address when open) may spend in a minute; 0 means no limit. */
interface Share {
  /** A name for the counter, and for the refusal's message. */
  what: string;
  perMinute: number;
}

/**
 * Per-session budgets counted in one-minute windows (each starts at a spender's first request, as the rate limiter's
 * do): upstream requests caused (by its own browsing and by the
 * tile keys it made), keys made, WMTS documents asked for. Shared by replicas through Redis when given, so a session
 * gets no more by spreading its requests.
 */
export interface Budgets {
  /** Counts `cost` against the spender's share; refuses (429 envelope, Retry-After) once the share is used up. */
  spend(spender: string, share: Share, cost?: number): Promise<void>;
}

const WINDOW_MS = 60_000;

export function budgets(redis?: Redis, now: () => number = Date.now): Budgets {
  const local = new LRUCache<string, { total: number; ends: number }>({ max: 50_000, ttl: WINDOW_MS });
  /** The spender's total in its window, and the ms left of that window. */
  const count = async (key: string, cost: number): Promise<{ total: number; left: number }> => {
    if (redis) {
      const answers = (await redis.multi().set(key, 0, 'PX', WINDOW_MS, 'NX').incrby(key, cost).pttl(key).exec()) as [
        Error | null,
        unknown,
      ][];
      return { total: Number(answers[1][1]), left: Number(answers[2][1]) };
    }
    const at = now();
    const held = local.get(key);
    const window = held && held.ends > at ? held : { total: 0, ends: at + WINDOW_MS };
    window.total += cost;
    local.set(key, window, { ttl: window.ends - at });
    return { total: window.total, left: window.ends - at };
  };
  return {
    async spend(spender, share, cost = 1) {
      if (share.perMinute <= 0) return;
      const { total, left } = await count(`gateway-budget:${share.what}:${spender}`, cost);
      if (total <= share.perMinute) return;
      const seconds = Math.max(1, Math.ceil(left / 1000));
      throw new ApiError(
        429,
        'rate_limited',
        `Too many ${share.what} from this session: its share is ${share.perMinute} a minute, so that others keep ` +
          `being served. Retry in ${seconds} s.`,
        { 'retry-after': String(seconds) },
      );
    },
  };
}
