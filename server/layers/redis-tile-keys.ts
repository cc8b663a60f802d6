import type { Redis } from 'ioredis';
import { isLive, type TileKey, type TileKeyStore } from './tile-keys.ts';

const byId = (id: string) => `tile-key:id:${id}`;
const byHash = (hash: string) => `tile-key:hash:${hash}`;
const ofOwner = (owner: string) => `tile-key:owner:${owner}`;

/**
 * Adds a key unless its owner holds `limit` live ones, in one script (Redis runs a script alone, so replicas making
 * keys at once cannot pass the limit together). An owner's set may name keys that have expired: they are dropped.
 * KEYS: owner set, id entry, hash entry. ARGV: limit, stored JSON, key id, ttl (ms), id entry prefix.
 */
const ADD_WITHIN_LIMIT = `
local live = 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', ARGV[5] .. id) == 1 then live = live + 1 else redis.call('SREM', KEYS[1], id) end
end
if live >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[4])
redis.call('SET', KEYS[3], ARGV[3], 'PX', ARGV[4])
redis.call('SADD', KEYS[1], ARGV[3])
return 1
`;

interface Stored {
  key: TileKey;
  hash: string;
}

/**
 * Tile keys shared by every replica through Redis: a key made on one is usable on all, and a revoked one is gone for
 * all at once. Entries expire with the key.
 */
export class RedisTileKeyStore implements TileKeyStore {
  constructor(private readonly redis: Redis) {}

  async add(key: TileKey, hash: string, limit: number, now: number): Promise<boolean> {
    const ttl = Math.max(1, Date.parse(key.expiresAt) - now);
    const added = await this.redis.eval(
      ADD_WITHIN_LIMIT,
      3,
      ofOwner(key.owner),
      byId(key.id),
      byHash(hash),
      limit,
      JSON.stringify({ key, hash } satisfies Stored),
      key.id,
      ttl,
      byId(''),
    );
    return added === 1;
  }

  async byHash(hash: string, now: number): Promise<TileKey | undefined> {
    const id = await this.redis.get(byHash(hash));
    const stored = id === null ? null : await this.read(id);
    return stored && isLive(stored.key, now) ? stored.key : undefined;
  }

  async list(owner: string, now: number): Promise<TileKey[]> {
    const ids = await this.redis.smembers(ofOwner(owner));
    if (ids.length === 0) return [];
    const values = await this.redis.mget(ids.map(byId));
    const gone = ids.filter((_, i) => values[i] === null);
    if (gone.length > 0) await this.redis.srem(ofOwner(owner), ...gone);
    return values
      .flatMap((value) => (value === null ? [] : [(JSON.parse(value) as Stored).key]))
      .filter((key) => isLive(key, now));
  }

  async revoke(owner: string, id: string): Promise<boolean> {
    const stored = await this.read(id);
    if (!stored || stored.key.owner !== owner) return false;
    await this.redis.multi().del(byId(id)).del(byHash(stored.hash)).srem(ofOwner(owner), id).exec();
    return true;
  }

  private async read(id: string): Promise<Stored | null> {
    const value = await this.redis.get(byId(id));
    return value === null ? null : (JSON.parse(value) as Stored);
  }
}
