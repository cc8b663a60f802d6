import {
  area,
  bboxClip,
  bboxPolygon,
  booleanIntersects,
  booleanPointInPolygon,
  centerOfMass,
  nearestPointOnLine,
  pointOnFeature,
  polygonToLine,
} from '@turf/turf';
import type { BBox, Feature, LineString, MultiLineString, Polygon } from 'geojson';
import type { FootprintGeometry } from '../../api/model.ts';
import { mapZoomFor, PREVIEW_MIN_ZOOM, tileZoomAt } from '../../map/preview-layer.ts';
import type { MapView } from '../../map/survey-map.ts';

/** Tile zoom to show when asked: streets and buildings, at the tiles' own resolution. */
export const DETAIL_TILE_ZOOM = 16;

/** Where the camera is: its centre, zoom and the [west, south, east, north] it shows. */
export interface Camera extends MapView {
  bounds: BBox;
}

const partsOf = (footprint: FootprintGeometry): Polygon[] =>
  footprint.type === 'Polygon'
    ? [footprint]
    : footprint.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }));

/** A point inside `part`, near the middle of it (its centre, or any point on it when that centre falls outside). */
function pointInside(part: Polygon | Feature<Polygon | FootprintGeometry>): [number, number] {
  const centre = centerOfMass(part);
  const point = booleanPointInPolygon(centre, part) ? centre : pointOnFeature(part);
  const [lon, lat] = point.geometry.coordinates;
  return [lon, lat];
}

/**
 * A point well inside a footprint, to zoom in on: the centre of its largest part, or any point on it when that centre
 * falls outside.
 */
export function focusPoint(footprint: FootprintGeometry): [number, number] {
  return pointInside(partsOf(footprint).reduce((best, part) => (area(part) > area(best) ? part : best)));
}

/**
 * The part of a footprint nearest `centre`, as a view of `size` degrees ([width, height]) would show it: the middle
 * of that much of the footprint around its point nearest `centre`, so that its imagery fills the view.
 */
function nearestPart(footprint: FootprintGeometry, centre: [number, number], [width, height]: [number, number]) {
  const nearest = partsOf(footprint)
    .map((part) => ({
      part,
      on: nearestPointOnLine(polygonToLine(part) as Feature<LineString | MultiLineString>, centre),
    }))
    .reduce((best, next) => ((next.on.properties.dist ?? 0) < (best.on.properties.dist ?? 0) ? next : best));
  const [lon, lat] = nearest.on.geometry.coordinates;
  const box: BBox = [lon - width / 2, lat - height / 2, lon + width / 2, lat + height / 2];
  const seen = bboxClip(nearest.part, box) as Feature<FootprintGeometry>;
  return seen.geometry.coordinates.length > 0 ? pointInside(seen) : ([lon, lat] as [number, number]);
}

/**
 * Where to look so that a survey's imagery is drawn, or null when it already is (the view centre over its footprint,
 * at a zoom the service has tiles for). Otherwise: at least the detail zoom, over the part of the footprint nearest
 * the view when the view shows any of it, else over its largest part.
 */
export function imageryView(footprint: FootprintGeometry, camera: Camera): MapView | null {
  const deepEnough = tileZoomAt(camera.zoom) >= PREVIEW_MIN_ZOOM;
  const centreInside = booleanPointInPolygon(camera.center, footprint);
  if (deepEnough && centreInside) return null;
  const zoom = deepEnough ? camera.zoom : mapZoomFor(DETAIL_TILE_ZOOM);
  if (centreInside) return { center: camera.center, zoom };
  const [west, south, east, north] = camera.bounds;
  if (!booleanIntersects(footprint, bboxPolygon(camera.bounds))) return { center: focusPoint(footprint), zoom };
  const scale = 2 ** (camera.zoom - zoom);
  return { center: nearestPart(footprint, camera.center, [(east - west) * scale, (north - south) * scale]), zoom };
}
