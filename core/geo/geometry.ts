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

/** An extent as a polygon (its ring from the south-west corner, counter-clockwise). */
export const extentPolygon = ([west, south, east, north]: Extent): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
});

/** The middle of an extent, [lon, lat]. */
export const extentCentre = ([west, south, east, north]: Extent): [lon: number, lat: number] => [
  (west + east) / 2,
  (south + north) / 2,
];

/**
 * The middle of an area's extent, [lon, lat]. An area split at the antimeridian (see above) has the whole world's
 * width as its extent: its middle is taken across 180° instead, where the area is.
 */
export function areaCentre(area: AreaGeometry): [lon: number, lat: number] {
  const extent = extentOf(area);
  const [west, south, east, north] = extent;
  if (west !== -180 || east !== 180) return extentCentre(extent);
  let eastward = Infinity;
  let westward = -Infinity;
  for (const rings of polygonsOf(area)) {
    for (const [lon] of rings[0]) {
      const shifted = lon < 0 ? lon + 360 : lon;
      if (shifted < eastward) eastward = shifted;
      if (shifted > westward) westward = shifted;
    }
  }
  const middle = (eastward + westward) / 2;
  return [middle > 180 ? middle - 360 : middle, (south + north) / 2];
}

/** Whether two extents share any point. */
export const extentsMeet = (a: Extent, b: Extent): boolean =>
  a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
