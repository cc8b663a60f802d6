import { tiles as coverTiles } from '@mapbox/tile-cover';
import { area as areaOf, bbox as bboxOf, feature, featureCollection, intersect, length as lengthOf } from '@turf/turf';
import type { MultiLineString } from 'geojson';
import { polygonsOf, type AreaGeometry } from './area-geometry.ts';
import { tileAt, tileCountUpperBound, tilePolygon, type TileAddress } from './tile-bounds.ts';

/**
 * The tiles the service lists for a survey in an area at zoom z (endpoint 4, overlap
 * "intersects"): those covering footprint ∩ area, less the tiles that only touch the footprint's
 * edge without holding any of its imagery. Same libraries and rules as the reference service, so
 * the count matches its answer.
 */
export function surveyTilesInArea(footprint: AreaGeometry, area: AreaGeometry, z: number): TileAddress[] {
  const shared = sharedArea(footprint, area);
  return shared ? tilesOfShared(footprint, shared, z) : [];
}

export interface TileCountEstimate {
  count: number;
  /** False when the count was estimated from areas because enumerating the tiles would be slow. */
  exact: boolean;
}

/**
 * The number of tiles endpoint 4 would return: exact (as surveyTilesInArea) while the bounding box
 * of footprint ∩ area holds at most `exactUpTo` tiles, otherwise estimated from its area and outline.
 */
export function estimateSurveyTileCount(
  footprint: AreaGeometry,
  area: AreaGeometry,
  z: number,
  exactUpTo = 20_000,
): TileCountEstimate {
  const shared = sharedArea(footprint, area);
  if (!shared) return { count: 0, exact: true };
  if (tileCountUpperBound(shared, z) <= exactUpTo)
    return { count: tilesOfShared(footprint, shared, z).length, exact: true };
  const [west, south, east, north] = bboxOf(shared);
  const tileM2 = areaOf(tilePolygon(tileAt((west + east) / 2, (south + north) / 2, z)));
  // Tiles by area, plus the half tile the outline cuts on average per tile side of its length.
  const cutTiles = lengthOf(feature(shared), { units: 'meters' }) / Math.sqrt(tileM2) / 2;
  return { count: Math.ceil(areaOf(shared) / tileM2 + cutTiles), exact: false };
}

function sharedArea(footprint: AreaGeometry, area: AreaGeometry): AreaGeometry | null {
  return intersect(featureCollection([feature(footprint), feature(area)]))?.geometry ?? null;
}

function tilesOfShared(footprint: AreaGeometry, shared: AreaGeometry, z: number): TileAddress[] {
  const zoom = { min_zoom: z, max_zoom: z };
  const edgeTiles = new Set(coverTiles(outlineOf(footprint), zoom).map(([x, y]) => `${x}/${y}`));
  return coverTiles(shared, zoom)
    .filter(([x, y]) => !edgeTiles.has(`${x}/${y}`) || holdsImagery(footprint, { z, x, y }))
    .map(([x, y]) => ({ z, x, y }));
}

function outlineOf(footprint: AreaGeometry): MultiLineString {
  return { type: 'MultiLineString', coordinates: polygonsOf(footprint).flat() };
}

function holdsImagery(footprint: AreaGeometry, tile: TileAddress): boolean {
  const inside = intersect(featureCollection([feature(tilePolygon(tile)), feature(footprint)]));
  return inside !== null && areaOf(inside) > 0;
}
