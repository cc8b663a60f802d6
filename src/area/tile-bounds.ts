import { bbox as bboxOf } from '@turf/turf';
import { pointToTile, tileToBBOX, tileToGeoJSON } from '@mapbox/tilebelt';
import type { Polygon } from 'geojson';
import type { AreaGeometry } from './area-geometry.ts';

/** A Web Mercator XYZ tile (y from the top). */
export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** [west, south, east, north] in EPSG:4326. */
export type Extent = [number, number, number, number];

/** Web Mercator stops short of the poles. */
const MAX_MERCATOR_LAT = 85.0511287798;

export function tileExtent({ z, x, y }: TileAddress): Extent {
  return tileToBBOX([x, y, z]) as Extent;
}

export function tilePolygon({ z, x, y }: TileAddress): Polygon {
  return tileToGeoJSON([x, y, z]) as Polygon;
}

export function tileAt(lon: number, lat: number, z: number): TileAddress {
  const clampedLat = Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat));
  // tilebelt wraps longitude 180 round to column 0; an east edge there belongs to the last column.
  const [x, y] = pointToTile(Math.min(lon, 180 - 1e-9), clampedLat, z);
  return { z, x, y: Math.min(y, 2 ** z - 1) };
}

export const tileKey = ({ z, x, y }: TileAddress) => `${z}/${x}/${y}`;

/** Tiles of the geometry's bounding box: a cheap upper bound before counting exactly. */
export function tileCountUpperBound(geometry: AreaGeometry, z: number): number {
  const [west, south, east, north] = bboxOf(geometry);
  const topLeft = tileAt(west, north, z);
  const bottomRight = tileAt(east, south, z);
  return (bottomRight.x - topLeft.x + 1) * (bottomRight.y - topLeft.y + 1);
}
