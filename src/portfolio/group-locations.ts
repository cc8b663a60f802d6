import { area as areaM2, convex, featureCollection, point } from '@turf/turf';
import type { Position } from 'geojson';
import { type AreaGeometry, polygonsOf, vertexCount } from '../../geo/geometry.ts';
import { MAX_AREA_KM2, MAX_VERTICES } from '../../geo/limits.ts';
import { locationArea, type PortfolioLocation } from './location.ts';

/** Locations asked about in one coverage query, and the area sent for them. */
export interface QueryGroup {
  ids: number[];
  /** Holds every location's area (their convex hull), or is the one location's own area. */
  area: AreaGeometry;
}

export interface GroupLimits {
  maxLocations: number;
  /** Largest side of a group's extent, in degrees: a wider hull brings back surveys none of its locations meet. */
  maxSpanDeg: number;
  maxVertices: number;
  maxAreaKm2: number;
}

export const GROUP_LIMITS: GroupLimits = {
  maxLocations: 500,
  maxSpanDeg: 0.25,
  maxVertices: MAX_VERTICES,
  // A margin under the service's limit, which measures the area its own way.
  maxAreaKm2: MAX_AREA_KM2 * 0.98,
};

interface Member {
  id: number;
  positions: Position[];
  x: number;
  y: number;
}

function positionsOf(area: AreaGeometry): Position[] {
  return polygonsOf(area).flatMap((rings) => rings[0]);
}

/** The convex hull of the members' outer rings: it holds all of their areas, and every vertex is one of theirs. */
function hullOf(members: Member[]): AreaGeometry | null {
  const hull = convex(featureCollection(members.flatMap((m) => m.positions.map((p) => point(p)))));
  return hull ? hull.geometry : null;
}

const spanOf = (members: Member[]) => {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { positions } of members) {
    for (const [x, y] of positions) {
      if (x < west) west = x;
      if (x > east) east = x;
      if (y < south) south = y;
      if (y > north) north = y;
    }
  }
  return { width: east - west, height: north - south };
};

/**
 * Splits the locations into coverage queries within the service's limits: nearby locations share one query (their
 * convex hull), split at the median along the longer side (a k-d tree) until each group has at most `maxLocations`,
 * spans at most `maxSpanDeg` and its hull is within the vertex and area caps. A location alone is sent as itself.
 */
export function groupLocations(
  locations: readonly PortfolioLocation[],
  radiusM: number,
  limits: GroupLimits = GROUP_LIMITS,
): QueryGroup[] {
  const groups: QueryGroup[] = [];
  const areas = new Map<number, AreaGeometry>();
  const members: Member[] = locations.map((location) => {
    const area = locationArea(location, radiusM);
    areas.set(location.id, area);
    return { id: location.id, positions: positionsOf(area), x: location.position[0], y: location.position[1] };
  });
  const split = (part: Member[]): void => {
    if (part.length === 0) return;
    if (part.length === 1) {
      groups.push({ ids: [part[0].id], area: areas.get(part[0].id) as AreaGeometry });
      return;
    }
    const { width, height } = spanOf(part);
    if (part.length <= limits.maxLocations && Math.max(width, height) <= limits.maxSpanDeg) {
      const hull = hullOf(part);
      if (hull && vertexCount(hull) <= limits.maxVertices && areaM2(hull) / 1e6 <= limits.maxAreaKm2) {
        groups.push({ ids: part.map((m) => m.id), area: hull });
        return;
      }
    }
    const byX = width >= height;
    const sorted = [...part].sort((a, b) => (byX ? a.x - b.x || a.y - b.y : a.y - b.y || a.x - b.x));
    const middle = Math.ceil(sorted.length / 2);
    split(sorted.slice(0, middle));
    split(sorted.slice(middle));
  };
  split(members);
  return groups;
}
