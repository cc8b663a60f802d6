import { difference, feature, featureCollection, intersect } from '@turf/turf';
import { type AreaGeometry, extentOf, extentsMeet } from '../../core/geo/geometry.ts';
import { areaKm2 } from './checked-area.ts';

/** Below this, what is left of an area is rounding noise rather than an uncovered part. */
const NEGLIGIBLE_KM2 = 1e-6;

/** Percent (0–100) of the area that the footprint covers: area(footprint ∩ area) / area(area). */
export function percentCovered(footprint: AreaGeometry, area: AreaGeometry): number {
  return percentsCovered(area, [footprint])[0];
}

/** percentCovered of each footprint; a footprint whose bounding box misses the area's covers 0 % without clipping. */
export function percentsCovered(area: AreaGeometry, footprints: readonly AreaGeometry[]): number[] {
  const total = areaKm2(area);
  const box = extentOf(area);
  return footprints.map((footprint) => {
    if (total === 0 || !extentsMeet(extentOf(footprint), box)) return 0;
    const shared = intersect(featureCollection([feature(footprint), feature(area)]));
    return shared ? Math.min(100, (areaKm2(shared.geometry) / total) * 100) : 0;
  });
}

export interface CoverageCandidate {
  id: string;
  footprint: AreaGeometry;
  /** ISO 8601; the later of the two (or the start when the end is missing) decides recency. */
  captureStart: string | null;
  captureEnd: string | null;
}

export type RankedCoverage<T extends CoverageCandidate> = T & { percentCovered: number };

/** Each survey with the percent of the area it covers, best coverage first, then most recent. */
export function rankByCoverage<T extends CoverageCandidate>(
  area: AreaGeometry,
  candidates: readonly T[],
): RankedCoverage<T>[] {
  return rankWithPercents(
    candidates,
    percentsCovered(
      area,
      candidates.map((candidate) => candidate.footprint),
    ),
  );
}

/** The candidates with their percents (same order), best coverage first, then most recent. */
export function rankWithPercents<T extends CoverageCandidate>(
  candidates: readonly T[],
  percents: readonly number[],
): RankedCoverage<T>[] {
  const times = candidates.map(recency);
  return candidates
    .map((_, i) => i)
    .sort(
      (a, b) => percents[b] - percents[a] || times[b] - times[a] || candidates[a].id.localeCompare(candidates[b].id),
    )
    .map((i) => ({ ...candidates[i], percentCovered: percents[i] }));
}

function recency({ captureStart, captureEnd }: CoverageCandidate): number {
  const time = Date.parse(captureEnd ?? captureStart ?? '');
  return Number.isNaN(time) ? -Infinity : time;
}

export interface UncoveredPart {
  /** The area minus the union of the footprints, or null when they cover all of it. */
  geometry: AreaGeometry | null;
  km2: number;
}

export function uncoveredPart(area: AreaGeometry, allFootprints: readonly AreaGeometry[]): UncoveredPart {
  const box = extentOf(area);
  const footprints = allFootprints.filter((footprint) => extentsMeet(extentOf(footprint), box));
  const rest =
    footprints.length === 0
      ? feature(area)
      : difference(featureCollection([feature(area), ...footprints.map((footprint) => feature(footprint))]));
  const km2 = rest ? areaKm2(rest.geometry) : 0;
  return km2 > NEGLIGIBLE_KM2 && rest ? { geometry: rest.geometry, km2 } : { geometry: null, km2: 0 };
}
