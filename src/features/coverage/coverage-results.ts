import type { Polygon } from 'geojson';
import { bboxPolygon } from '@turf/turf';
import type { CoverageSurvey, TileMetadataItem } from '../../api/model.ts';
import type { AreaGeometry } from '../../area/area-geometry.ts';
import { rankByCoverage, uncoveredPart, type RankedCoverage, type UncoveredPart } from '../../area/coverage.ts';
import type { TileCountEstimate } from '../../area/tile-count.ts';
import { tileExtent, tileKey } from '../../area/tile-bounds.ts';
import type { FootprintCollection, TileGridCollection } from '../../map/survey-map.ts';

export type CoverageResult = RankedCoverage<CoverageSurvey>;

export interface CoverageSummary {
  /** Best coverage of the area first, then the most recent. */
  results: CoverageResult[];
  /** What none of the results covers. */
  uncovered: UncoveredPart;
}

const summaries = new WeakMap<readonly CoverageSurvey[], { area: AreaGeometry; summary: CoverageSummary }>();

/**
 * The results of a search ranked by the percent of the area each covers, and the uncovered part.
 * Worked out once per answer and area (the list and the map both ask).
 */
export function summariseCoverage(area: AreaGeometry, surveys: readonly CoverageSurvey[]): CoverageSummary {
  const known = summaries.get(surveys);
  if (known && known.area === area) return known.summary;
  const summary = { results: rankByCoverage(area, surveys), uncovered: uncoveredPart(area, surveys.map((s) => s.footprint)) };
  summaries.set(surveys, { area, summary });
  return summary;
}

/** Result footprints for the map, the best covering drawn on top. */
export function coverageFootprints(results: readonly CoverageResult[]): FootprintCollection {
  return {
    type: 'FeatureCollection',
    features: [...results].reverse().map((r) => ({ type: 'Feature', properties: { id: r.id }, geometry: r.footprint })),
  };
}

/** Above this many tiles the user is asked before endpoint 4 is called. */
export const TILE_CONFIRM_THRESHOLD = 2_000;
/** The reference service (and, it seems, the provider) refuses tile-metadata answers larger than this. */
export const SERVICE_TILE_CAP = 10_000;

export type TileFetchPlan =
  /** Small enough: fetched at once. */
  | { kind: 'fetch' }
  /** Large: fetched only once the user agrees; `overCap` when the service will likely refuse it. */
  | { kind: 'ask'; overCap: boolean }
  /** The survey has no tile in the area. */
  | { kind: 'none' };

export function tileFetchPlan({ count }: TileCountEstimate, approved: boolean): TileFetchPlan {
  if (count === 0) return { kind: 'none' };
  if (count <= TILE_CONFIRM_THRESHOLD || approved) return { kind: 'fetch' };
  return { kind: 'ask', overCap: count > SERVICE_TILE_CAP };
}

/** One cell per tile position (the provider may list several captures of one position), from geospatial_extent. */
export function tileGridOf(tiles: readonly TileMetadataItem[]): TileGridCollection {
  const cells = new Map<string, { extent: [number, number, number, number]; percent: number | null }>();
  for (const tile of tiles) {
    const key = tileKey(tile);
    const known = cells.get(key);
    const percent = tile.percentCovered;
    if (!known) cells.set(key, { extent: tile.extent ?? tileExtent(tile), percent });
    else if (percent !== null && (known.percent === null || percent > known.percent)) known.percent = percent;
  }
  return {
    type: 'FeatureCollection',
    features: [...cells].map(([key, { extent, percent }]) => ({
      type: 'Feature',
      properties: { key, percent },
      geometry: bboxPolygon(extent).geometry as Polygon,
    })),
  };
}

/** Distinct tile positions among the items. */
export const tilePositionCount = (tiles: readonly TileMetadataItem[]): number => new Set(tiles.map(tileKey)).size;
