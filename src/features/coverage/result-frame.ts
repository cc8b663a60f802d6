import { type AreaGeometry, type Extent, extentCentre, extentOf } from '../../../core/geo/geometry.ts';
import type { MapView } from '../../map/map-camera.ts';
import { IMAGERY_MIN_MAP_ZOOM, mapZoomFor } from '../../map/imagery-source.ts';

/** Zooms out from where a tile zoom's tiles are drawn at 256 px, to where its grid's cells are still 32 px wide. */
const READABLE_CELL_ZOOMS = 3;

/** Where a result's tiles and imagery in the area are: the part of the area's extent its footprint's extent shares. */
export function resultExtent(area: AreaGeometry, footprint: AreaGeometry): Extent {
  const [a, b] = [extentOf(area), extentOf(footprint)];
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

/**
 * How to show a result chosen in the area search: from a zoom that draws its imagery and its tile grid's cells legibly,
 * its part of the area (all of it where it fits, else its centre); nothing to do where the map already looks there.
 */
export function resultFrame(
  area: AreaGeometry,
  footprint: AreaGeometry,
  tileZoom: number,
  view: MapView,
): { extent: Extent; centre: [number, number]; minZoom: number } | null {
  const extent = resultExtent(area, footprint);
  const minZoom = Math.max(IMAGERY_MIN_MAP_ZOOM, mapZoomFor(tileZoom) - READABLE_CELL_ZOOMS);
  const [west, south, east, north] = extent;
  const [lon, lat] = view.center;
  const looking = view.zoom >= minZoom && lon >= west && lon <= east && lat >= south && lat <= north;
  return looking ? null : { extent, centre: extentCentre(extent), minZoom };
}
