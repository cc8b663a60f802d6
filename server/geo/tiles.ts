import {
  area as areaOf,
  bbox as bboxOf,
  booleanContains,
  booleanWithin,
  featureCollection,
  feature,
  intersect,
} from '@turf/turf';
import { pointToTile, tileToBBOX, tileToGeoJSON } from '@mapbox/tilebelt';
import { tiles as coverTiles } from '@mapbox/tile-cover';
import type { MultiLineString, Polygon } from 'geojson';
import type { Footprint } from '../catalog/survey.ts';

export const MIN_TILE_ZOOM = 14;
export const MAX_TILE_ZOOM = 21;

export type Overlap = 'intersects' | 'contains' | 'within';
export type Tile = [x: number, y: number, z: number];

export interface CoveredTile {
  x: number;
  y: number;
  z: number;
  /** [west, south, east, north] in EPSG:4326. */
  extent: [number, number, number, number];
  /** Integer percent of the tile's area that holds the survey's imagery. */
  percentCovered: number;
}

export const tilePolygon = (x: number, y: number, z: number): Polygon => tileToGeoJSON([x, y, z]) as Polygon;

export const tileExtent = (x: number, y: number, z: number) =>
  tileToBBOX([x, y, z]) as [number, number, number, number];

export function isValidTile(x: number, y: number, z: number): boolean {
  const n = 2 ** z;
  return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < n && y < n;
}

/** Upper bound on the tiles a geometry can need at a zoom: the tiles of its bounding box. */
export function boundingTileCount(geometry: Footprint, z: number): number {
  const [w, s, e, n] = bboxOf(geometry);
  const [x0, y0] = lonLatToTile(w, n, z);
  const [x1, y1] = lonLatToTile(e, s, z);
  return (x1 - x0 + 1) * (y1 - y0 + 1);
}

/** Tile count estimated from area, for requests far too large to enumerate. */
export function estimatedTileCount(geometry: Footprint, z: number): number {
  const [w, s, e, n] = bboxOf(geometry);
  const [x, y] = lonLatToTile((w + e) / 2, (s + n) / 2, z);
  return Math.ceil(areaOf(geometry) / areaOf(tilePolygon(x, y, z)));
}

function lonLatToTile(lon: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const [x, y] = pointToTile(lon, Math.max(-85.0511, Math.min(85.0511, lat)), z);
  return [Math.min(n - 1, x), Math.min(n - 1, y)];
}

export function tilesCovering(geometry: Footprint, z: number): Tile[] {
  return coverTiles(geometry, { min_zoom: z, max_zoom: z });
}

function boundaryOf(footprint: Footprint): MultiLineString {
  const polygons = footprint.type === 'Polygon' ? [footprint.coordinates] : footprint.coordinates;
  return { type: 'MultiLineString', coordinates: polygons.flat() };
}

/** Share (0–1) of a tile's area that lies inside the footprint. */
export function coverageFraction(footprint: Footprint, x: number, y: number, z: number): number {
  const tile = tilePolygon(x, y, z);
  const inside = intersect(featureCollection([feature(tile), feature(footprint)]));
  return inside ? Math.min(1, areaOf(inside) / areaOf(tile)) : 0;
}

/** Intersection of two areas, or null when they share no area. */
export function intersectAreas(a: Footprint, b: Footprint): Footprint | null {
  const result = intersect(featureCollection([feature(a), feature(b)]));
  return result ? result.geometry : null;
}

/**
 * Tiles of a footprint at one zoom that meet an area, with the share of each tile holding imagery.
 * Only tiles crossed by the footprint's boundary need geometry; the others are wholly inside.
 */
export function coveredTiles(footprint: Footprint, area: Footprint, z: number, overlap: Overlap): CoveredTile[] {
  const shared = intersectAreas(footprint, area);
  if (!shared) return [];
  const boundary = new Set(
    tilesCovering(boundaryOf(footprint) as unknown as Footprint, z).map(([x, y]) => `${x}/${y}`),
  );
  const result: CoveredTile[] = [];
  for (const [x, y] of tilesCovering(shared, z)) {
    const fraction = boundary.has(`${x}/${y}`) ? coverageFraction(footprint, x, y, z) : 1;
    if (fraction <= 0) continue;
    if (overlap !== 'intersects') {
      const tile = tilePolygon(x, y, z);
      if (overlap === 'within' && !booleanWithin(tile, area)) continue;
      if (overlap === 'contains' && !booleanContains(tile, area)) continue;
    }
    result.push({ x, y, z, extent: tileExtent(x, y, z), percentCovered: Math.max(1, Math.round(fraction * 100)) });
  }
  return result.sort((a, b) => a.y - b.y || a.x - b.x);
}
