import type { Redis } from 'ioredis';
import { isLive, type TileKey, type TileKeyStore } from './tile-keys.ts';

const byId = (id: string) => `tile-key:id:${id}`;
const byHash = (hash: string) => `tile-key:hash:${hash}`;
const ofOwner = (owner: string) => `tile-key:owner:${owner}`;

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

  async add(key: TileKey, hash: string): Promise<void> {
    const ttl = Math.max(1, Date.parse(key.expiresAt) - Date.now());
    await this.redis
      .multi()
      .set(byId(key.id), JSON.stringify({ key, hash } satisfies Stored), 'PX', ttl)
      .set(byHash(hash), key.id, 'PX', ttl)
      .sadd(ofOwner(key.owner), key.id)
      .exec();
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
