import { sharedArea, type TileCount, tilesCovering } from '../../../core/geo/covered-tiles.ts';
import type { AreaGeometry } from '../../../core/geo/geometry.ts';
import { zxyKey } from '../../../core/geo/tile-address.ts';
import { EXPORT_MIN_ZOOM, EXPORT_TILE_CAP } from './export-plan.ts';

/**
 * The tile positions at zoom z where any of the footprints has imagery in the area: what the service's tile metadata
 * of those surveys lists together (the same walk), so exact up to the export's cap, and the cap when over it.
 */
export function exportTileCount(area: AreaGeometry, footprints: readonly AreaGeometry[], z: number): TileCount {
  const overCap = { count: EXPORT_TILE_CAP, overCap: true };
  const keys = new Set<string>();
  for (const footprint of footprints) {
    const shared = sharedArea(footprint, area);
    if (!shared) continue;
    const listed = tilesCovering(shared, z, { cap: EXPORT_TILE_CAP });
    if (listed.kind === 'over-cap') return overCap;
    for (const tile of listed.tiles) keys.add(zxyKey(tile));
    if (keys.size > EXPORT_TILE_CAP) return overCap;
  }
  return { count: keys.size, overCap: false };
}

/**
 * The zoom an export opens at: the finest one, from `finest` (the imagery's resolution) down, whose tiles are within
 * the cap; the coarsest zoom, over the cap, when none is.
 */
export function defaultExportZoom(finest: number, count: (z: number) => TileCount): { zoom: number; count: TileCount } {
  for (let zoom = Math.max(finest, EXPORT_MIN_ZOOM); zoom > EXPORT_MIN_ZOOM; zoom--) {
    const tiles = count(zoom);
    if (!tiles.overCap) return { zoom, count: tiles };
  }
  return { zoom: EXPORT_MIN_ZOOM, count: count(EXPORT_MIN_ZOOM) };
}
