import { area as areaM2, bboxPolygon } from '@turf/turf';
import { type AreaGeometry, type Extent, extentOf } from '../../../core/geo/geometry.ts';
import { MAX_AREA_KM2 } from '../../../core/wire/limits.ts';
import { type LocationPlace, locationArea } from './location.ts';

/** Locations asked about in one coverage query, and the area sent for them. */
export interface QueryGroup {
  ids: number[];
  /** Holds every location's area (their common extent), or is the one location's own area. */
  area: AreaGeometry;
}

export interface GroupLimits {
  maxLocations: number;
  /** Largest side of a group's extent, in degrees: a wider area brings back surveys none of its locations meet. */
  maxSpanDeg: number;
  maxAreaKm2: number;
}

export const GROUP_LIMITS: GroupLimits = {
  maxLocations: 1_000,
  maxSpanDeg: 0.5,
  // A margin under the service's limit, which measures the area its own way.
  maxAreaKm2: MAX_AREA_KM2 * 0.98,
};

interface Member {
  id: number;
  extent: Extent;
  x: number;
  y: number;
}

/** The smallest extent holding the members' areas (its corners are their extreme coordinates). */
function extentOfAll(members: Member[]): Extent {
  let [west, south, east, north] = members[0].extent;
  for (const { extent } of members) {
    if (extent[0] < west) west = extent[0];
    if (extent[1] < south) south = extent[1];
    if (extent[2] > east) east = extent[2];
    if (extent[3] > north) north = extent[3];
  }
  return [west, south, east, north];
}

/**
 * Where to cut a part (sorted in place along its longer side): at the widest gap between neighbours when it stands out
 * (between clusters of locations, not through one), else at the median.
 */
function splitIndex(part: Member[], byX: boolean): number {
  part.sort((a, b) => (byX ? a.x - b.x || a.y - b.y : a.y - b.y || a.x - b.x));
  const at = (m: Member) => (byX ? m.x : m.y);
  let widest = 0;
  let cut = Math.ceil(part.length / 2);
  for (let i = 1; i < part.length; i++) {
    const gap = at(part[i]) - at(part[i - 1]);
    if (gap > widest) {
      widest = gap;
      if (gap > 0) cut = i;
    }
  }
  const typical = (at(part[part.length - 1]) - at(part[0])) / part.length;
  return widest > CLUSTER_GAP * typical ? cut : Math.ceil(part.length / 2);
}

/** A gap this many times the part's mean spacing separates clusters. */
const CLUSTER_GAP = 8;

/**
 * Splits the locations into coverage queries within the service's limits: nearby locations share one query (the
 * extent holding them), split along the longer side (between clusters where a gap stands out, else at the median)
 * until each group has at most `maxLocations`, spans at most `maxSpanDeg` and stays within the area cap. A location
 * alone is sent as itself.
 */
export function groupLocations(
  locations: readonly LocationPlace[],
  radiusM: number,
  limits: GroupLimits = GROUP_LIMITS,
): QueryGroup[] {
  const groups: QueryGroup[] = [];
  const areas = new Map<number, AreaGeometry>();
  const members: Member[] = locations.map((location) => {
    const area = locationArea(location, radiusM);
    areas.set(location.id, area);
    return { id: location.id, extent: extentOf(area), x: location.position[0], y: location.position[1] };
  });
  // Parts still to place, split until each fits (a stack, not recursion: a chain of outliers splits one at a time).
  const parts: Member[][] = [members];
  for (let part = parts.pop(); part; part = parts.pop()) {
    if (part.length === 0) continue;
    if (part.length === 1) {
      groups.push({ ids: [part[0].id], area: areas.get(part[0].id) as AreaGeometry });
      continue;
    }
    const extent = extentOfAll(part);
    const width = extent[2] - extent[0];
    const height = extent[3] - extent[1];
    if (part.length <= limits.maxLocations && Math.max(width, height) <= limits.maxSpanDeg) {
      const box = bboxPolygon(extent).geometry;
      // A box has five positions: only its area can be over the service's limits.
      if (areaM2(box) / 1e6 <= limits.maxAreaKm2) {
        groups.push({ ids: part.map((m) => m.id), area: box });
        continue;
      }
    }
    const at = splitIndex(part, width >= height);
    parts.push(part.slice(0, at), part.slice(at));
  }
  return groups;
}
