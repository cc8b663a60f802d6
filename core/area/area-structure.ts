import type { Position } from 'geojson';
import type { AreaGeometry } from '../geo/geometry.ts';
import { MAX_VERTICES } from '../wire/limits.ts';

/**
 * The one check that a parsed geometry (from WKT, GeoJSON or KML) is a well-formed area in EPSG:4326: Polygon or
 * MultiPolygon, with rings of finite, in-range, closed positions and no more positions than the limit. It answers a
 * problem code with what the wording needs; the viewer and the service each word it their own way.
 */

/** A ring: 0 is the outer ring, then the holes; `polygon` is null for a Polygon. */
export interface RingRef {
  polygon: number | null;
  ring: number;
}

export type StructureProblem =
  | { code: 'wrong-geometry-type'; type: string }
  /** No polygon (`polygon` null) or an empty one. */
  | { code: 'empty-geometry'; type: string; polygon: number | null }
  | { code: 'too-many-vertices'; count: number; limit: number }
  /** A ring that is not a list (`position` null), or a position that is not two finite numbers. */
  | { code: 'invalid-coordinate'; ring: RingRef; position: number | null }
  | { code: 'coordinate-out-of-range'; ring: RingRef; position: number; lon: number; lat: number }
  | { code: 'unclosed-ring'; ring: RingRef; first: Position; last: Position }
  | { code: 'ring-too-short'; ring: RingRef; count: number };

export type StructureCheck =
  | { area: AreaGeometry; problem?: undefined }
  | { area?: undefined; problem: StructureProblem };

export interface StructureOptions {
  maxVertices?: number;
}

/** The area in 2D, or the first problem found: type, emptiness, position count, then ring by ring. */
export function checkAreaStructure(
  geometry: { type: string; coordinates?: unknown },
  options: StructureOptions = {},
): StructureCheck {
  const limit = options.maxVertices ?? MAX_VERTICES;
  const { type } = geometry;
  if (type !== 'Polygon' && type !== 'MultiPolygon') return { problem: { code: 'wrong-geometry-type', type } };
  const multi = type === 'MultiPolygon';
  const polygons = (multi ? geometry.coordinates : [geometry.coordinates]) as unknown;
  if (!Array.isArray(polygons) || polygons.length === 0)
    return { problem: { code: 'empty-geometry', type, polygon: null } };
  const empty = (polygons as unknown[]).findIndex((p) => !Array.isArray(p) || p.length === 0);
  if (empty >= 0) return { problem: { code: 'empty-geometry', type, polygon: empty } };
  const count = (polygons as unknown[][])
    .flat()
    .reduce<number>((sum, ring) => sum + (Array.isArray(ring) ? ring.length : 0), 0);
  if (count > limit) return { problem: { code: 'too-many-vertices', count, limit } };
  const checked: Position[][][] = [];
  for (const [p, rings] of (polygons as unknown[][]).entries()) {
    const polygon: Position[][] = [];
    for (const [r, ring] of rings.entries()) {
      const result = checkRing(ring, { polygon: multi ? p : null, ring: r });
      if ('code' in result) return { problem: result };
      polygon.push(result);
    }
    checked.push(polygon);
  }
  return {
    area: multi ? { type: 'MultiPolygon', coordinates: checked } : { type: 'Polygon', coordinates: checked[0] },
  };
}

function checkRing(ring: unknown, ref: RingRef): Position[] | StructureProblem {
  if (!Array.isArray(ring)) return { code: 'invalid-coordinate', ring: ref, position: null };
  const positions: Position[] = [];
  for (const [i, position] of ring.entries()) {
    if (!Array.isArray(position) || position.length < 2 || !position.slice(0, 2).every((n) => Number.isFinite(n))) {
      return { code: 'invalid-coordinate', ring: ref, position: i };
    }
    const [lon, lat] = position as number[];
    if (lon < -180 || lon > 180 || lat < -90 || lat > 90)
      return { code: 'coordinate-out-of-range', ring: ref, position: i, lon, lat };
    positions.push([lon, lat]);
  }
  const first = positions[0];
  const last = positions[positions.length - 1];
  if (first && (first[0] !== last[0] || first[1] !== last[1])) return { code: 'unclosed-ring', ring: ref, first, last };
  if (positions.length < 4) return { code: 'ring-too-short', ring: ref, count: positions.length };
  return positions;
}
