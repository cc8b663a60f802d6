import type { MultiPolygon, Polygon, Position } from 'geojson';

/** An area of interest: what is drawn, pasted or imported, and sent (as WKT) to the service. */
export type AreaGeometry = Polygon | MultiPolygon;

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
