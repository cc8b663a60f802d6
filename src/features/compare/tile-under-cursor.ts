import { MAX_TILE_ZOOM, MIN_TILE_ZOOM } from '../../../core/wire/limits.ts';
import { MAX_MERCATOR_LAT, type TileAddress, tileAt, zxyKey as keyOf } from '../../../core/geo/tile-address.ts';
import { tileZoomAt } from '../../map/imagery-source.ts';

/** The service tile under a point at the zoom the map draws, or why there is none to ask about. */
export type CursorTile =
  | { kind: 'tile'; tile: TileAddress; atCentre?: boolean }
  | { kind: 'too-far'; tileZoom: number }
  | { kind: 'off-map' };

/** `atCentre`: the point is the map centre, standing in for a pointer that is not on the map. */
export function tileUnderCursor(
  lngLat: readonly [number, number] | null,
  mapZoom: number,
  atCentre = false,
): CursorTile {
  if (!lngLat) return { kind: 'off-map' };
  const tileZoom = tileZoomAt(mapZoom);
  if (tileZoom < MIN_TILE_ZOOM) return { kind: 'too-far', tileZoom };
  const [lng, lat] = lngLat;
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lat) > MAX_MERCATOR_LAT) return { kind: 'off-map' };
  // The map repeats the world east and west: a point on a copy means the same place.
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  const tile = tileAt(wrapped, lat, Math.min(MAX_TILE_ZOOM, tileZoom));
  return atCentre ? { kind: 'tile', tile, atCentre } : { kind: 'tile', tile };
}

/** The "z/x/y" of the tile under the cursor, or nothing. */
export const cursorTileKey = (tile: TileAddress | null) => (tile ? keyOf(tile) : '');

export const sameCursorTile = (a: CursorTile, b: CursorTile) =>
  a.kind === b.kind &&
  (a.kind !== 'tile' ||
    (cursorTileKey(a.tile) === cursorTileKey((b as Extract<CursorTile, { kind: 'tile' }>).tile) &&
      !a.atCentre === !(b as Extract<CursorTile, { kind: 'tile' }>).atCentre));
