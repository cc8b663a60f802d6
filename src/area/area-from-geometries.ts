import { feature, featureCollection, union } from '@turf/turf';
import type { Geometry } from 'geojson';
import { polygonsOf, type AreaGeometry } from '../../core/geo/geometry.ts';
import { AreaInputError } from './area-input-error.ts';
import { checkAreaStructure, type StructureOptions } from './check-structure.ts';

export interface ImportedArea {
  geometry: AreaGeometry;
  /** Polygons found in the input (a MultiPolygon counts its parts). */
  polygonCount: number;
  /** Geometries that are not areas and were left out, by type (e.g. { Point: 2 }). */
  skipped: Record<string, number>;
}

/**
 * The area made of all polygons among imported geometries. Several polygons are merged (union),
 * so overlapping parts make one valid outline; points and lines are left out and counted.
 */
export function areaFromGeometries(
  geometries: readonly (Geometry | null)[],
  options: StructureOptions = {},
): ImportedArea {
  const areas: AreaGeometry[] = [];
  const skipped: Record<string, number> = {};
  for (const geometry of flatten(geometries)) {
    if (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon')
      areas.push(checkAreaStructure(geometry, options));
    else skipped[geometry.type] = (skipped[geometry.type] ?? 0) + 1;
  }
  if (areas.length === 0) throw new AreaInputError('wrong-geometry-type', noAreaMessage(skipped));
  // Features without a geometry are left out too, and said to be.
  const empty = geometries.filter((geometry) => !geometry).length;
  if (empty > 0) skipped['empty feature'] = empty;
  const polygonCount = areas.reduce((sum, area) => sum + polygonsOf(area).length, 0);
  return { geometry: areas.length === 1 ? areas[0] : merge(areas), polygonCount, skipped };
}

function flatten(geometries: readonly (Geometry | null)[]): Geometry[] {
  return geometries.flatMap((geometry) => {
    if (!geometry) return [];
    return geometry.type === 'GeometryCollection' ? flatten(geometry.geometries) : [geometry];
  });
}

function merge(areas: AreaGeometry[]): AreaGeometry {
  const merged = union(featureCollection(areas.map((area) => feature(area))));
  if (!merged) throw new AreaInputError('empty-geometry', 'The polygons have no area together.');
  return merged.geometry;
}

function noAreaMessage(skipped: Record<string, number>): string {
  const found = Object.entries(skipped).map(([type, count]) => `${count} ${type}${count === 1 ? '' : 's'}`);
  return found.length === 0
    ? 'The input holds no geometry; an area must be a Polygon or MultiPolygon.'
    : `The input holds ${found.join(' and ')} but no Polygon or MultiPolygon; an area must be a polygon.`;
}
