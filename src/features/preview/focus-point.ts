import { area, booleanPointInPolygon, centerOfMass, pointOnFeature } from '@turf/turf';
import type { Feature, Polygon } from 'geojson';
import { areaCentre } from '../../../core/geo/geometry.ts';
import type { FootprintGeometry } from '../../../core/wire/model.ts';
import { tileZoomAt } from '../../map/imagery-source.ts';
import { MIN_TILE_ZOOM } from '../../../core/wire/limits.ts';
import type { MapView } from '../../map/map-camera.ts';

/** Tile zoom to show when asked: streets and buildings, at the tiles' own resolution. */
export const DETAIL_TILE_ZOOM = 16;

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
 * Where a survey's imagery is, to centre the map on: the middle of its footprint (of its extent, across the
 * antimeridian too), or a point well inside it where that middle holds no imagery (a U shape, parts apart).
 */
export function imageryCentre(footprint: FootprintGeometry): [number, number] {
  const middle = areaCentre(footprint);
  return booleanPointInPolygon(middle, footprint) ? middle : focusPoint(footprint);
}

/** Whether the map already draws a survey's imagery where it looks: a zoom the service has tiles for, over it. */
export const drawsImagery = (footprint: FootprintGeometry, view: MapView): boolean =>
  tileZoomAt(view.zoom) >= MIN_TILE_ZOOM && booleanPointInPolygon(view.center, footprint);
