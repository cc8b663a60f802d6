import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../errors.ts';

/** What one session (or SSO user, or address when open) may spend in a minute; 0 means no limit. */
export interface Share {
  /** A name for the counter, and for the refusal's message. */
  what: string;
  perMinute: number;
}

/**
 * Per-session budgets counted in fixed one-minute windows: upstream requests caused (by its own browsing and by the
 * tile keys it made), keys made, WMTS documents asked for. Shared by replicas through Redis when given, so a session
 * gets no more by spreading its requests.
 */
export interface Budgets {
  /** Counts `cost` against the spender's share; refuses (429 envelope, Retry-After) once the share is used up. */
  spend(spender: string, share: Share, cost?: number): Promise<void>;
}

const WINDOW_MS = 60_000;

export function budgets(redis?: Redis, now: () => number = Date.now): Budgets {
  const local = new LRUCache<string, number>({ max: 50_000, ttl: WINDOW_MS });
  const count = async (key: string, cost: number): Promise<number> => {
    if (redis) {
      const [[, total]] = (await redis.multi().incrby(key, cost).pexpire(key, WINDOW_MS).exec()) as [
        [Error | null, number],
      ];
      return total;
    }
    const total = (local.get(key) ?? 0) + cost;
    local.set(key, total);
    return total;
  };
  return {
    async spend(spender, share, cost = 1) {
      if (share.perMinute <= 0) return;
      const at = now();
      const window = Math.floor(at / WINDOW_MS);
      const total = await count(`gateway-budget:${share.what}:${spender}:${window}`, cost);
      if (total <= share.perMinute) return;
      const seconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - at) / 1000));
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
