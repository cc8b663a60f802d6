import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../errors.ts';
import { type MinuteCounts, refusal, type ShareLimits } from './fair-share.ts';

/** What one spender may do in a minute (tile keys made, WMTS documents); 0 means no limit. */
interface Allowance {
  /** A name for the counter, and for the refusal's message. */
  what: string;
  perMinute: number;
}

/**
 * The upstream budget and the per-session allowances, counted in one-minute windows. Shared by replicas through Redis
 * when given, so that nobody gets more by spreading their requests.
 */
export interface Budgets {
  /**
   * One upstream request on a person's account (fair-share.ts: their share, the team's budget, a fair share of it when
   * contended); refused with the 429 envelope and Retry-After, and then not counted.
   */
  upstream(person: string): Promise<void>;
  /** Counts `cost` against one spender's allowance; refuses (429 envelope, Retry-After) once it is used up. */
  spend(spender: string, allowance: Allowance, cost?: number): Promise<void>;
}

const WINDOW_MS = 60_000;

const tooMany = (message: string, left: number) => {
  const seconds = Math.max(1, Math.ceil(left / 1000));
  return new ApiError(429, 'rate_limited', `${message} Retry in ${seconds} s.`, { 'retry-after': String(seconds) });
};

const REFUSALS = {
  person: (limit: number) =>
    `Too many upstream requests from this person: the share of each is ${limit} a minute, so that others keep being ` +
    'served (signing in again shares the same one).',
  team: (limit: number) => `The team's upstream budget (${limit} requests a minute, everyone together) is used up.`,
  fair: (limit: number) =>
    `The team's upstream budget is contended: each person using it gets a fair share, ${limit} requests this minute.`,
};

/** This minute's counts of the upstream budget: in this process, or in Redis for replicas. */
interface MinuteStore {
  add(minute: number, person: string, cost: number): Promise<MinuteCounts>;
}

function memoryMinutes(): MinuteStore {
  const minutes = new Map<number, Map<string, number>>();
  return {
    async add(minute, person, cost) {
      for (const old of minutes.keys()) if (old < minute - 1) minutes.delete(old);
      const counts = minutes.get(minute) ?? new Map<string, number>();
      minutes.set(minute, counts);
      counts.set(person, (counts.get(person) ?? 0) + cost);
      return { counts, lastMinute: minutes.get(minute - 1)?.keys() ?? [] };
    },
  };
}

function redisMinutes(redis: Redis): MinuteStore {
  const keyOf = (minute: number) => `gateway-budget:upstream:${minute}`;
  return {
    async add(minute, person, cost) {
      const key = keyOf(minute);
      const answers = (await redis
        .multi()
        .hincrby(key, person, cost)
        .pexpire(key, 2 * WINDOW_MS)
        .hgetall(key)
        .hkeys(keyOf(minute - 1))
        .exec()) as [Error | null, unknown][];
      const all = answers[2][1] as Record<string, string>;
      const counts = new Map(Object.entries(all).map(([who, count]) => [who, Number(count)]));
      return { counts, lastMinute: answers[3][1] as string[] };
    },
  };
}

export function budgets(limits: ShareLimits, redis?: Redis, now: () => number = Date.now): Budgets {
  const minutes = redis ? redisMinutes(redis) : memoryMinutes();
  const local = new LRUCache<string, { total: number; ends: number }>({ max: 50_000, ttl: WINDOW_MS });
  /** A spender's total in its window (from its first request), and the ms left of that window. */
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
    async upstream(person) {
      if (limits.perPerson <= 0 && limits.team <= 0) return;
      const at = now();
      const minute = Math.floor(at / WINDOW_MS);
      const refused = refusal(person, await minutes.add(minute, person, 1), limits);
      if (!refused) return;
      // Not forwarded, so not spent.
      await minutes.add(minute, person, -1);
      throw tooMany(REFUSALS[refused.why](refused.limit), (minute + 1) * WINDOW_MS - at);
    },
    async spend(spender, allowance, cost = 1) {
      if (allowance.perMinute <= 0) return;
      const { total, left } = await count(`gateway-budget:${allowance.what}:${spender}`, cost);
      if (total <= allowance.perMinute) return;
      throw tooMany(
        `Too many ${allowance.what} from this session: its share is ${allowance.perMinute} a minute, so that others ` +
          'keep being served.',
        left,
      );
    },
  };
}
