/**
 * Web Mercator XYZ tiles (y from the top). Points are clamped to the map: longitude to [−180°, 180°], so that 180°
 * is the east edge of the last column rather than wrapping round to the first, and latitude to ±85.0511°, where the
 * map ends.
 */
import { quadkeyToTile, tileToQuadkey } from '@mapbox/tilebelt';
import type { Polygon } from 'geojson';
import type { Extent } from './geometry.ts';

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** Pixels a side of a web tile (the service's tiles, the GeoTIFF export's, the change engine's). */
export const TILE_SIZE = 256;

/** Web Mercator's north and south edge: the latitude whose y is 0 (or 2^z). */
export const MAX_MERCATOR_LAT = 85.0511287798066;

/** An inclusive range of tile columns and rows at one zoom. */
export interface TileRange {
  z: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));

/**
 * A point's position in tile units at zoom z: x in [0, 2^z] from −180° to 180°, y in [0, 2^z] from the north edge.
 * (tilebelt's pointToTileFraction wraps 180° round to 0, which is the antimeridian bug this module exists to avoid.)
 */
export function tileCoordinates(lon: number, lat: number, z: number): [x: number, y: number] {
  const n = 2 ** z;
  const x = ((clamp(lon, -180, 180) + 180) / 360) * n;
  if (lat >= MAX_MERCATOR_LAT) return [x, 0];
  if (lat <= -MAX_MERCATOR_LAT) return [x, n];
  const phi = (lat * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n;
  return [x, clamp(y, 0, n)];
}

/** The longitude of tile column edge x (which may be fractional) at zoom z. */
export const lonOfTileX = (x: number, z: number): number => (x / 2 ** z) * 360 - 180;

/** The latitude of tile row edge y (which may be fractional) at zoom z. */
export function latOfTileY(y: number, z: number): number {
  const n = Math.PI * (1 - (2 * y) / 2 ** z);
  return (Math.atan(Math.sinh(n)) * 180) / Math.PI;
}

/** The tile holding a point; a point on the east or south edge of the map belongs to the last column or row. */
export function tileAt(lon: number, lat: number, z: number): TileAddress {
  const last = 2 ** z - 1;
  const [x, y] = tileCoordinates(lon, lat, z);
  return { z, x: Math.min(last, Math.floor(x)), y: Math.min(last, Math.floor(y)) };
}

/**
 * The 2 × 2 tiles around a point: those sharing the tile corner nearest it, top-left first, row by row (at the map's
 * edges, the block moves inside it). A place compared "around a point" is these tiles (the change engine's location).
 */
export function tilesAround(lon: number, lat: number, z: number): TileAddress[] {
  const last = 2 ** z - 1;
  const [x, y] = tileCoordinates(lon, lat, z);
  const left = Math.max(0, Math.min(last - 1, Math.round(x) - 1));
  const top = Math.max(0, Math.min(last - 1, Math.round(y) - 1));
  return [
    { z, x: left, y: top },
    { z, x: left + 1, y: top },
    { z, x: left, y: top + 1 },
    { z, x: left + 1, y: top + 1 },
  ];
}

/** The tiles of an extent's bounding box. */
export function tileRangeOf([west, south, east, north]: Extent, z: number): TileRange {
  const topLeft = tileAt(west, north, z);
  const bottomRight = tileAt(east, south, z);
  return { z, minX: topLeft.x, minY: topLeft.y, maxX: bottomRight.x, maxY: bottomRight.y };
}

export const tileRangeSize = ({ minX, minY, maxX, maxY }: TileRange): number => (maxX - minX + 1) * (maxY - minY + 1);

export function tileExtent({ z, x, y }: TileAddress): Extent {
  return [lonOfTileX(x, z), latOfTileY(y + 1, z), lonOfTileX(x + 1, z), latOfTileY(y, z)];
}

export function tilePolygon(tile: TileAddress): Polygon {
  const [west, south, east, north] = tileExtent(tile);
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, north],
        [west, south],
        [east, south],
        [east, north],
        [west, north],
      ],
    ],
  };
}

/** A tile's "z/x/y" string (not a tile key, the read-only layer key for desktop GIS). */
export const zxyKey = ({ z, x, y }: TileAddress): string => `${z}/${x}/${y}`;

/** The tile a "z/x/y" key names, or null when it names none. */
export function tileOfZxyKey(key: string): TileAddress | null {
  const match = /^(\d+)\/(\d+)\/(\d+)$/.exec(key);
  if (!match) return null;
  const tile = { z: Number(match[1]), x: Number(match[2]), y: Number(match[3]) };
  return isValidTile(tile) ? tile : null;
}

export function isValidTile({ z, x, y }: TileAddress): boolean {
  const n = 2 ** z;
  return (
    Number.isInteger(z) && z >= 0 && Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < n && y < n
  );
}

export const quadkeyOf = ({ z, x, y }: TileAddress): string => tileToQuadkey([x, y, z]);

/** The tile a quadkey names, or null when it is not one (digits 0–3 only). */
export function tileOfQuadkey(quadkey: string): TileAddress | null {
  if (!/^[0-3]*$/.test(quadkey)) return null;
  const [x, y, z] = quadkeyToTile(quadkey);
  return { z, x, y };
}

/** The tile at zoom z that holds this one (itself when it is not deeper). */
export function ancestorAt(tile: TileAddress, z: number): TileAddress {
  const shift = Math.max(0, tile.z - z);
  return { z: Math.min(tile.z, z), x: tile.x >> shift, y: tile.y >> shift };
}
