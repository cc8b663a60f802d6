import type { MultiPolygon, Polygon, Position } from 'geojson';

/**
 * An area in EPSG:4326: an area of interest (drawn, pasted, imported, sent as WKT) or a survey's footprint. An area
 * crossing the antimeridian is two polygons of a MultiPolygon, one ending at 180° and one starting at −180°.
 */
export type AreaGeometry = Polygon | MultiPolygon;

/** [west, south, east, north] in degrees. */
export type Extent = [west: number, south: number, east: number, north: number];

/** The polygons of an area, each as its rings (outer ring first, then holes). */
export function polygonsOf(area: AreaGeometry): Position[][][] {
  return area.type === 'Polygon' ? [area.coordinates] : area.coordinates;
}

/** One polygon stays a Polygon; several make a MultiPolygon. */
export function areaFromPolygons(polygons: Position[][][]): AreaGeometry {
  if (polygons.length === 0) throw new Error('An area needs at least one polygon.');
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0] }
    : { type: 'MultiPolygon', coordinates: polygons };
}

/** Positions over all rings, counting each ring's closing position (as the service does). */
export function vertexCount(area: AreaGeometry): number {
  let count = 0;
  for (const rings of polygonsOf(area)) for (const ring of rings) count += ring.length;
  return count;
}

export function hasHoles(area: AreaGeometry): boolean {
  return polygonsOf(area).some((rings) => rings.length > 1);
}

/** The smallest extent holding every position of the area. */
export function extentOf(area: AreaGeometry): Extent {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const rings of polygonsOf(area)) {
    for (const ring of rings) {
      for (const [lon, lat] of ring) {
        if (lon < west) west = lon;
        if (lon > east) east = lon;
        if (lat < south) south = lat;
        if (lat > north) north = lat;
      }
    }
  }
  return [west, south, east, north];
}

/** The middle of an extent, [lon, lat] (no extent here crosses the antimeridian: see above). */
export const extentCentre = ([west, south, east, north]: Extent): [lon: number, lat: number] => [
  (west + east) / 2,
  (south + north) / 2,
];

/** Whether two extents share any point. */
export const extentsMeet = (a: Extent, b: Extent): boolean =>
  a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
