import { area, booleanPointInPolygon, centerOfMass, pointOnFeature } from '@turf/turf';
import type { Polygon } from 'geojson';
import type { FootprintGeometry } from '../../api/model.ts';

/**
 * A point well inside a footprint, to zoom in on: the centre of its largest part, or any point on it when that centre
 * falls outside.
 */
export function focusPoint(footprint: FootprintGeometry): [number, number] {
  const parts: Polygon[] =
    footprint.type === 'Polygon'
      ? [footprint]
      : footprint.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }));
  const largest = parts.reduce((best, part) => (area(part) > area(best) ? part : best));
  const centre = centerOfMass(largest);
  const point = booleanPointInPolygon(centre, largest) ? centre : pointOnFeature(largest);
  const [lon, lat] = point.geometry.coordinates;
  return [lon, lat];
}
