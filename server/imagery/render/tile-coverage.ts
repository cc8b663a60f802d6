/**
 * Whether a tile holds any of a survey's imagery, and how much: the geo core's tile shares
 * (core/geo/covered-tiles.ts), so that a tile is drawn exactly where tile metadata lists it.
 */
import { tileShare } from '../../../core/geo/covered-tiles.ts';
import { tileExtent } from '../../../core/geo/tile-address.ts';
import type { Survey } from '../../catalog/survey.ts';

/** Cheap rejection by bounding box, then whether the footprint covers part of the tile (touching does not count). */
export function tileIntersectsFootprint(survey: Survey, z: number, x: number, y: number): boolean {
  const [west, south, east, north] = survey.bbox;
  const [tileWest, tileSouth, tileEast, tileNorth] = tileExtent({ z, x, y });
  if (east <= tileWest || west >= tileEast || north <= tileSouth || south >= tileNorth) return false;
  return tileShare(survey.footprint, { z, x, y }) > 0;
}

/** Share (0..1) of the tile's area covered by the footprint, in Web Mercator (the tile's own projection). */
export function tileCoverageFraction(survey: Survey, z: number, x: number, y: number): number {
  return tileIntersectsFootprint(survey, z, x, y) ? tileShare(survey.footprint, { z, x, y }) : 0;
}
