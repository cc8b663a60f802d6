import type { BBox } from 'geojson';
import { type Extent, extentPolygon } from '../../../core/geo/geometry.ts';
import { MAX_MERCATOR_LAT } from '../../../core/geo/tile-address.ts';
import { MAX_AREA_KM2 } from '../../../core/wire/limits.ts';
import { areaKm2 } from '../../area/checked-area.ts';
import { areaToWkt } from '../../area/wkt.ts';
import type { AreaSearch } from '../area-search/index.ts';

/**
 * The box asked about for a view: the view's bounds widened out to a grid whose cell is at least a quarter of the
 * view's larger side (a power of two of degrees), so that a small pan or zoom asks the same question and the cached
 * answer serves it. Null where the box would be over the service's area limit (the view is too far out).
 */
export function viewBox(bounds: BBox): Extent | null {
  const [west, south, east, north] = bounds as Extent;
  const span = Math.max(east - west, north - south);
  if (!(span > 0)) return null;
  const cell = 2 ** Math.ceil(Math.log2(span / 4));
  const down = (value: number) => Math.floor(value / cell) * cell;
  const up = (value: number) => Math.ceil(value / cell) * cell;
  const box: Extent = [
    Math.max(-180, down(west)),
    Math.max(-MAX_MERCATOR_LAT, down(south)),
    Math.min(180, up(east)),
    Math.min(MAX_MERCATOR_LAT, up(north)),
  ];
  return areaKm2(extentPolygon(box)) > MAX_AREA_KM2 ? null : box;
}

/** The coverage search over a view's box: every survey whose footprint meets the view. */
export const viewSearch = (box: Extent): AreaSearch => ({
  wkt: areaToWkt(extentPolygon(box)),
  observedStart: '',
  observedEnd: '',
});
