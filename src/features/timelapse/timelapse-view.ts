import type { BBox } from 'geojson';
import { MAX_TILE_ZOOM, MIN_TILE_ZOOM } from '../../../core/wire/limits.ts';
import { tileZoomAt } from '../../map/imagery-source.ts';
import { areaToWkt } from '../../area/wkt.ts';

/** The place a timelapse is made of: the view's box (as sent to the service) and the tile zoom the map draws there. */
export interface TimelapseView {
  wkt: string;
  tileZoom: number;
  /** [lon, lat] of the view's middle: the place "only captures where this place changed" looks at. */
  centre: [number, number];
}

export type ViewOrWhyNot = { kind: 'view'; view: TimelapseView } | { kind: 'too-far'; tileZoom: number };

/** About 1 m: a view that moved less asks the same question (and hits the same cached answer). */
const round = (value: number) => Math.round(value * 1e5) / 1e5;

/** The timelapse's view from the map's bounds and zoom; imagery tiles start at zoom 14. */
export function timelapseView(bounds: BBox, mapZoom: number): ViewOrWhyNot {
  const tileZoom = tileZoomAt(mapZoom);
  if (tileZoom < MIN_TILE_ZOOM) return { kind: 'too-far', tileZoom };
  const [west, south, east, north] = bounds.map(round);
  const ring = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
  return {
    kind: 'view',
    view: {
      wkt: areaToWkt({ type: 'Polygon', coordinates: [ring] }),
      tileZoom: Math.min(MAX_TILE_ZOOM, tileZoom),
      centre: [round((west + east) / 2), round((south + north) / 2)],
    },
  };
}
