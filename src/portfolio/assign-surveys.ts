import { area as areaM2, feature, featureCollection, intersect, union } from '@turf/turf';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { AreaGeometry, Extent } from '../../geo/geometry.ts';
import { extentOf } from '../../geo/geometry.ts';
import { prepareArea } from '../../geo/prepared-area.ts';
import type { LocationResult } from './location-result.ts';
import { locationArea, type PortfolioLocation } from './location.ts';

export interface FoundFootprint {
  id: string;
  footprint: AreaGeometry;
}

/** Share (0–100) of `area` inside the footprints together. */
function percentInside(area: AreaGeometry, footprints: AreaGeometry[]): number {
  if (footprints.length === 0) return 0;
  const whole = areaM2(area);
  if (whole === 0) return 100;
  const pieces = footprints
    .map((footprint) => intersect(featureCollection([feature(area), feature(footprint)])))
    .filter((piece): piece is Feature<Polygon | MultiPolygon> => piece !== null);
  if (pieces.length === 0) return 0;
  const inside = pieces.length === 1 ? pieces[0] : union(featureCollection(pieces));
  return inside ? Math.min(100, (areaM2(inside) / whole) * 100) : 0;
}

/**
 * Which of a query's surveys each of its locations meets. The test is the service's own (the same prepared-area code
 * it answers a coverage query with), so a location's surveys are exactly what a query for it alone returns.
 */
export function assignSurveys(
  locations: readonly PortfolioLocation[],
  radiusM: number,
  found: readonly FoundFootprint[],
): LocationResult[] {
  const extents: Extent[] = found.map((f) => extentOf(f.footprint));
  return locations.map((location) => {
    const area = locationArea(location, radiusM);
    const prepared = prepareArea(area);
    const met = found.filter((f, i) => prepared.intersects(f.footprint, extents[i]));
    return {
      id: location.id,
      surveyIds: met.map((f) => f.id),
      percentCovered:
        Math.round(
          percentInside(
            area,
            met.map((f) => f.footprint),
          ) * 10,
        ) / 10,
    };
  });
}
