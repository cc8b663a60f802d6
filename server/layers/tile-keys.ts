import { createHash, randomBytes } from 'node:crypto';

/** A read-only key for the standard tile endpoints (WMTS, XYZ, TileJSON), as listed to its owner. */
export interface TileKey {
  id: string;
  name: string;
  /** The client (`sub`) that made it; only it lists and revokes it. */
  owner: string;
  /**
   * The credential or gateway session that made it (absent on keys made before this was kept): behind the gateway, its
   * tiles are counted on that session's share of the upstream budget.
   */
  madeBy?: string;
  /** The surveys whose tiles it opens, or every survey and the `basemap` mosaic. */
  surveys: string[] | 'all';
  /** ISO 8601 UTC. */
  createdAt: string;
  expiresAt: string;
}

/**
 * Where tile keys live: in memory for one process, or shared by replicas (Redis). A key is kept by the SHA-256 of its
 * text, never the text; an expired or revoked key is not found.
 */
export interface TileKeyStore {
  /**
   * Adds the key unless its owner already holds `limit` live keys, as one step (replicas making keys at the same
   * moment cannot pass the limit together); whether it was added.
   */
  add(key: TileKey, hash: string, limit: number, now: number): Promise<boolean>;
  byHash(hash: string, now: number): Promise<TileKey | undefined>;
  list(owner: string, now: number): Promise<TileKey[]>;
  /** Whether the owner had a live key of that id. */
  revoke(owner: string, id: string): Promise<boolean>;
}

/** The prefix that marks a tile key wherever it is pasted (logs redact it, the catalog routes refuse it). */
export const TILE_KEY_PREFIX = 'tk_';
/** A tile key's text (the prefix and 32 random bytes in base64url) wherever it sits, e.g. pasted into a path. */
export const TILE_KEY_PATTERN = /tk_[A-Za-z0-9_-]{43}/g;

export const hashTileKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export function newTileKey(): { key: string; hash: string; id: string } {
  const key = `${TILE_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashTileKey(key), id: `key_${randomBytes(9).toString('base64url')}` };
}

export const isLive = (key: TileKey, now: number): boolean => Date.parse(key.expiresAt) > now;

/** Tile keys of this process only: for one service, or `npm start`. */
export class MemoryTileKeyStore implements TileKeyStore {
  private readonly keys = new Map<string, { key: TileKey; hash: string }>();
  private readonly idsByHash = new Map<string, string>();

  async add(key: TileKey, hash: string, limit: number, now: number): Promise<boolean> {
    // No await between counting and adding: one step on this process's thread.
    if (this.live(key.owner, now).length >= limit) return false;
    this.keys.set(key.id, { key, hash });
    this.idsByHash.set(hash, key.id);
    return true;
  }

  async byHash(hash: string, now: number): Promise<TileKey | undefined> {
    const id = this.idsByHash.get(hash);
    const entry = id === undefined ? undefined : this.keys.get(id);
    if (!entry) return undefined;
    if (isLive(entry.key, now)) return entry.key;
    this.forget(entry.key.id);
    return undefined;
  }

  async list(owner: string, now: number): Promise<TileKey[]> {
    return this.live(owner, now);
  }

  private live(owner: string, now: number): TileKey[] {
    const listed: TileKey[] = [];
    for (const { key } of [...this.keys.values()]) {
      if (!isLive(key, now)) this.forget(key.id);
      else if (key.owner === owner) listed.push(key);
    }
    return listed;
  }

  async revoke(owner: string, id: string): Promise<boolean> {
    const entry = this.keys.get(id);
    if (!entry || entry.key.owner !== owner) return false;
    this.forget(id);
    return true;
  }

  private forget(id: string): void {
    const entry = this.keys.get(id);
    if (!entry) return;
    this.keys.delete(id);
    this.idsByHash.delete(entry.hash);
  }
}
