/**
 * The set of tiles an area covers at a zoom — the one implementation behind the service's tile metadata
 * (`/tile/v2/{id}/coverage`), the viewer's tile count, the renderer's "is there imagery here", bench and scripts.
 *
 * A tile is covered when it shares a positive area with the area (touching an edge or a corner is not enough). The
 * count is exact and its cost bounded by the cap: every tile an edge of a valid area passes through is covered, or
 * (an edge lying on a tile's west side) has a covered neighbour, so more than 2 × cap such tiles means more than cap
 * covered ones, and the walk stops there.
 */
import { feature, featureCollection, intersect } from '@turf/turf';
import { coverageGrid, TooManyEdgeTiles } from './coverage-grid.ts';
import { type AreaGeometry, type Extent, extentOf, extentsMeet, polygonsOf } from './geometry.ts';
import { inRings, segmentMeetsBox } from './segments.ts';
import { type TileAddress, type TileRange, tileCoordinates, tileExtent } from './tile-address.ts';
import { UNLIMITED, type WorkBudget } from './work-budget.ts';

export interface TileShare extends TileAddress {
  /** Share (0–1] of the tile the area covers. */
  share: number;
}

/** The tiles, or the news that there are more than the cap (without counting further). */
export type TileList<T> = { kind: 'tiles'; tiles: T[] } | { kind: 'over-cap'; cap: number };

export interface CoverOptions {
  /** Refuse (over-cap) rather than list more tiles than this. */
  cap?: number;
  budget?: WorkBudget;
}

/** The tiles an area covers at zoom z, row by row from the north, with the share of each. */
export function tilesCovering(area: AreaGeometry, z: number, { cap, budget }: CoverOptions = {}): TileList<TileShare> {
  const limit = cap ?? Number.POSITIVE_INFINITY;
  let grid: ReturnType<typeof coverageGrid>;
  try {
    grid = coverageGrid(area, z, { maxEdgeTiles: 2 * limit, budget });
  } catch (error) {
    if (error instanceof TooManyEdgeTiles) return { kind: 'over-cap', cap: limit };
    throw error;
  }
  if (grid.count(limit) > limit) return { kind: 'over-cap', cap: limit };
  const tiles: TileShare[] = [];
  grid.forEach((x, y, share) => {
    tiles.push({ z, x, y, share });
  });
  return { kind: 'tiles', tiles };
}

/** Share (0–1) of one tile that the area covers. */
export function tileShare(area: AreaGeometry, { z, x, y }: TileAddress, budget?: WorkBudget): number {
  return coverageGrid(area, z, { window: { minX: x, minY: y, maxX: x, maxY: y }, budget }).shareAt(x, y);
}

/**
 * How tiles are matched against an area of interest: tiles meeting it (default), tiles within it, or tiles
 * containing it (the provider's `overlap`).
 */
export type Overlap = 'intersects' | 'contains' | 'within';

export interface CoveredTile extends TileAddress {
  extent: Extent;
  /** Integer percent (1–100) of the tile that holds the survey's imagery. */
  percentCovered: number;
}

export interface SurveyTileOptions extends CoverOptions {
  overlap?: Overlap;
}

/** Whether `inner` lies wholly inside `outer`: no edge of `outer` comes near it, and one of its positions is inside. */
function liesInside(inner: AreaGeometry, outer: AreaGeometry): boolean {
  const [west, south, east, north] = extentOf(inner);
  for (const rings of polygonsOf(outer)) {
    for (const ring of rings) {
      for (let i = 1; i < ring.length; i++) {
        const [ax, ay] = ring[i - 1];
        const [bx, by] = ring[i];
        if (segmentMeetsBox(ax, ay, bx, by, west, south, east, north)) return false;
      }
    }
  }
  const [x, y] = polygonsOf(inner)[0][0][0];
  return polygonsOf(outer).some((rings) => inRings(rings, x, y));
}

/**
 * The part of a footprint inside an area, or null when they share no area. The usual cases — an area inside one
 * survey's footprint, or a footprint inside the area — are decided without clipping polygons.
 */
export function sharedArea(footprint: AreaGeometry, area: AreaGeometry): AreaGeometry | null {
  if (!extentsMeet(extentOf(footprint), extentOf(area))) return null;
  if (liesInside(area, footprint)) return area;
  if (liesInside(footprint, area)) return footprint;
  return intersect(featureCollection([feature(footprint), feature(area)]))?.geometry ?? null;
}

export interface TileCount {
  /** Exact while not over the cap; the cap when over it. */
  count: number;
  overCap: boolean;
}

/** The number of tiles surveyTilesInArea lists, without their details: exact up to the cap. */
export function surveyTileCount(
  footprint: AreaGeometry,
  area: AreaGeometry,
  z: number,
  options: CoverOptions = {},
): TileCount {
  const shared = sharedArea(footprint, area);
  if (!shared) return { count: 0, overCap: false };
  const tiles = tilesCovering(shared, z, options);
  return tiles.kind === 'tiles' ? { count: tiles.tiles.length, overCap: false } : { count: tiles.cap, overCap: true };
}

/**
 * A survey's tiles at zoom z in an area of interest (endpoint 4): the tiles covering footprint ∩ area, each with the
 * percent of the tile holding imagery (the footprint's share, not the shared part's), keeping only tiles within
 * the area or containing it when `overlap` says so. The cap applies before that filter.
 */
export function surveyTilesInArea(
  footprint: AreaGeometry,
  area: AreaGeometry,
  z: number,
  { overlap = 'intersects', cap, budget = UNLIMITED }: SurveyTileOptions = {},
): TileList<CoveredTile> {
  const shared = sharedArea(footprint, area);
  if (!shared) return { kind: 'tiles', tiles: [] };
  const covering = tilesCovering(shared, z, { cap, budget });
  if (covering.kind === 'over-cap' || covering.tiles.length === 0)
    return covering.kind === 'tiles' ? { kind: 'tiles', tiles: [] } : covering;

  const window = rangeOf(covering.tiles);
  // Where the shared part covers a tile wholly, so does the footprint (and the area): only partial tiles need these.
  const imagery = coverageGrid(footprint, z, { window, budget });
  const inArea = overlap === 'within' ? coverageGrid(area, z, { window, budget }) : null;
  const [west, south, east, north] = extentOf(area);
  const [areaX0, areaY0] = tileCoordinates(west, north, z);
  const [areaX1, areaY1] = tileCoordinates(east, south, z);

  const tiles: CoveredTile[] = [];
  for (const { x, y, share } of covering.tiles) {
    const whole = share === 1;
    if (inArea && !whole && inArea.shareAt(x, y) < 1) continue;
    if (overlap === 'contains' && !(x <= areaX0 && areaX1 <= x + 1 && y <= areaY0 && areaY1 <= y + 1)) continue;
    const percent = Math.round(100 * (whole ? 1 : imagery.shareAt(x, y)));
    tiles.push({ z, x, y, extent: tileExtent({ z, x, y }), percentCovered: Math.max(1, percent) });
  }
  return { kind: 'tiles', tiles };
}

function rangeOf(tiles: readonly TileAddress[]): Omit<TileRange, 'z'> {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const { x, y } of tiles) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}
