import type { Connection } from './connection.ts';
import { request, requestJson } from './http.ts';
import type { NewTileKey, TileKey } from '../../core/wire/model.ts';
import { normaliseNewTileKey, normaliseTileKeys } from '../../core/wire/normalise.ts';

export interface TileKeyRequest {
  name: string;
  surveys: string[] | 'all';
  /** Seconds, between the interface's MIN_TILE_KEY_SECONDS and MAX_TILE_KEY_SECONDS. */
  expiresIn: number;
}

/** POST /tile-keys — a read-only key for the layer endpoints; its text is in this answer only. */
export function createTileKey(
  connection: Connection,
  { name, surveys, expiresIn }: TileKeyRequest,
): Promise<NewTileKey> {
  return requestJson(connection, '/tile-keys', normaliseNewTileKey, {
    method: 'POST',
    body: { name, surveys, expires_in: expiresIn },
  });
}

/** GET /tile-keys — the signed-in client's live keys, newest first (without their text). */
export function fetchTileKeys(connection: Connection, signal?: AbortSignal): Promise<TileKey[]> {
  return requestJson(connection, '/tile-keys', normaliseTileKeys, { signal });
}

/** DELETE /tile-keys/{id} — the key stops opening anything at once. */
export async function revokeTileKey(connection: Connection, id: string): Promise<void> {
  await request(connection, `/tile-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
