import type { AreaGeometry, Extent } from '../../../core/geo/geometry.ts';
import { extentOf, extentsMeet } from '../../../core/geo/geometry.ts';
import { type PreparedArea, prepareArea } from '../../../core/geo/prepared-area.ts';
import type { LocationResult } from './location-result.ts';
import { type LocationPlace, locationArea } from './location.ts';

export interface FoundFootprint {
  id: string;
  footprint: AreaGeometry;
}

/** Samples per side of the grid that measures a location's covered share (1,024 points: within about 0.3 %). */
const SAMPLES = 32;

/**
 * Share (0–100) of the location inside the footprints together, measured on a grid of points over its box (exact
 * polygon unions of overlapping footprints cost milliseconds each, thousands of times over).
 */
function coveredShare(location: PreparedArea, box: Extent, footprints: PreparedArea[]): number {
  const [west, south, east, north] = box;
  const dx = (east - west) / SAMPLES;
  const dy = (north - south) / SAMPLES;
  let within = 0;
  let covered = 0;
  for (let row = 0; row < SAMPLES; row++) {
    const y = south + (row + 0.5) * dy;
    for (let col = 0; col < SAMPLES; col++) {
      const x = west + (col + 0.5) * dx;
      if (!location.holdsPoint(x, y)) continue;
      within++;
      if (footprints.some((f) => f.holdsPoint(x, y))) covered++;
    }
  }
  return within === 0 ? 0 : (covered / within) * 100;
}

/**
 * Which of a query's surveys each of its locations meets. The test is the service's own (the same prepared-area code
 * it answers a coverage query with), so a location's surveys are exactly what a query for it alone returns.
 */
export function assignSurveys(
  locations: readonly LocationPlace[],
  radiusM: number,
  found: readonly FoundFootprint[],
): LocationResult[] {
  const extents: Extent[] = found.map((f) => extentOf(f.footprint));
  // Most covered locations lie well inside a footprint: a prepared footprint says so from the location's box alone.
  const footprints = found.map((f) => prepareArea(f.footprint));
  return locations.map((location) => {
    const area = locationArea(location, radiusM);
    const box = extentOf(area);
    // Most locations of a query meet none of its surveys, as their boxes already say.
    const near = found.flatMap((_, i) => (extentsMeet(box, extents[i]) ? [i] : []));
    if (near.length === 0) return { id: location.id, surveyIds: [], percentCovered: 0 };
    const prepared = prepareArea(area, { minCells: 16 });
    const met = near.filter((i) => prepared.intersects(found[i].footprint, extents[i]));
    let percentCovered = 0;
    if (met.some((i) => footprints[i].holds(box))) percentCovered = 100;
    else if (met.length > 0)
      percentCovered =
        Math.round(
          coveredShare(
            prepared,
            box,
            met.map((i) => footprints[i]),
          ) * 10,
        ) / 10;
    return { id: location.id, surveyIds: met.map((i) => found[i].id), percentCovered };
  });
}
