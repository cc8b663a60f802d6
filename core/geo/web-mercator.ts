import { toMercator } from '@turf/turf';
import { type AreaGeometry, polygonsOf } from './geometry.ts';
import { type TileAddress, tileExtent } from './tile-address.ts';

// EPSG:3857 metres come from turf's projection of the tile's bounds in degrees.

/** [west, south, east, north] in EPSG:3857 metres. */
export type MercatorExtent = [number, number, number, number];

/** The tile's bounds in EPSG:3857 metres. */
export function tileMercatorExtent(tile: TileAddress): MercatorExtent {
  const [west, south, east, north] = tileExtent(tile);
  const [minX, minY] = toMercator([west, south]);
  const [maxX, maxY] = toMercator([east, north]);
  return [minX, minY, maxX, maxY];
}

/** The area's rings in EPSG:3857 metres (outer rings and holes alike; the export fills them even-odd). */
export function mercatorRings(area: AreaGeometry): [number, number][][] {
  return polygonsOf(area)
    .flat()
    .map((ring) => ring.map((position) => toMercator([position[0], position[1]]) as [number, number]));
}

/** Metres on the ground per pixel of a 256-pixel tile at zoom z, at a latitude (Web Mercator stretches with 1/cos). */
export function groundResolution(z: number, latitude: number): number {
  const [minX, , maxX] = tileMercatorExtent({ z, x: 0, y: 0 });
  return ((maxX - minX) / 256) * Math.cos((latitude * Math.PI) / 180);
}
