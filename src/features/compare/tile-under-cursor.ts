import { pointToTile } from '@mapbox/tilebelt';
import { PREVIEW_MAX_ZOOM, PREVIEW_MIN_ZOOM, tileZoomAt } from '../../map/preview-layer.ts';

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** The service tile under a point at the zoom the map draws, or why there is none to ask about. */
export type CursorTile =
  | { kind: 'tile'; tile: TileAddress }
  | { kind: 'too-far'; tileZoom: number }
  | { kind: 'off-map' };

const MAX_LAT = 85.0511;

export function tileUnderCursor(lngLat: readonly [number, number] | null, mapZoom: number): CursorTile {
  if (!lngLat) return { kind: 'off-map' };
  const tileZoom = tileZoomAt(mapZoom);
  if (tileZoom < PREVIEW_MIN_ZOOM) return { kind: 'too-far', tileZoom };
  const [lng, lat] = lngLat;
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lat) > MAX_LAT) return { kind: 'off-map' };
  const z = Math.min(PREVIEW_MAX_ZOOM, tileZoom);
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  const [x, y] = pointToTile(wrapped, lat, z);
  return { kind: 'tile', tile: { z, x, y } };
}

export const tileKey = (tile: TileAddress | null) => (tile ? `${tile.z}/${tile.x}/${tile.y}` : '');

export const sameCursorTile = (a: CursorTile, b: CursorTile) =>
  a.kind === b.kind &&
  (a.kind !== 'tile' || tileKey(a.tile) === tileKey((b as Extract<CursorTile, { kind: 'tile' }>).tile));
