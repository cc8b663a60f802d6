import type { GeoJSONStoreFeatures } from 'terra-draw';
import { areaFromPolygons, hasHoles, polygonsOf, type AreaGeometry } from '../../../core/geo/geometry.ts';

/**
 * The area held by terra-draw's features: every finished polygon, as one Polygon or MultiPolygon.
 * The polygon being drawn (properties.currentlyDrawing) and guidance points are left out.
 */
export function areaFromSnapshot(features: readonly GeoJSONStoreFeatures[]): AreaGeometry | null {
  const polygons = features
    .filter((f) => f.geometry.type === 'Polygon' && !f.properties.currentlyDrawing)
    .map((f) => (f.geometry as { coordinates: number[][][] }).coordinates);
  return polygons.length === 0 ? null : areaFromPolygons(polygons);
}

/**
 * terra-draw features (one per polygon, in `mode`) showing an area, with coordinates rounded to
 * terra-draw's precision; null for areas with holes, which terra-draw cannot hold.
 */
export function areaToDrawFeatures(
  area: AreaGeometry,
  coordinatePrecision: number,
  mode = 'polygon',
): GeoJSONStoreFeatures[] | null {
  if (hasHoles(area)) return null;
  const factor = 10 ** coordinatePrecision;
  const round = (n: number) => Math.round(n * factor) / factor;
  return polygonsOf(area).map(([outer]) => ({
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [outer.map(([lon, lat]) => [round(lon), round(lat)])] },
    properties: { mode },
  }));
}
