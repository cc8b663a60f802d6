import type { BBox } from 'geojson';
import { type Extent, extentOf, extentsMeet } from '../../../core/geo/geometry.ts';
import type { ActiveArea } from './area-search-store.ts';

/** Each area's extent, worked out once (asked on every frame of a move). */
const extents = new WeakMap<ActiveArea, Extent>();

/**
 * Whether any of the area lies in the view [west, south, east, north]: what is about the area (its results, their
 * captures) is what the view is about only then.
 */
export function areaInView(area: ActiveArea | null, view: BBox): boolean {
  if (!area) return false;
  let extent = extents.get(area);
  if (!extent) {
    extent = extentOf(area.geometry);
    extents.set(area, extent);
  }
  return extentsMeet(extent, view as Extent);
}
