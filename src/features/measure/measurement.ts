import { area, centroid, distance, length, lineString, polygon } from '@turf/turf';
import type { Feature, FeatureCollection, LineString, Point, Polygon, Position } from 'geojson';
import { type MeasureKind, MIN_AREA_POINTS } from './measure-kinds.ts';

export type { MeasureKind } from './measure-kinds.ts';

/** A measurement being made or made: its kind and its points as [lng, lat], in the order clicked. */
export interface Measurement {
  kind: MeasureKind;
  points: Position[];
}

/** Geodesic sizes of a measurement, in kilometres and square kilometres. */
export interface MeasuredSizes {
  /** Each segment in order; for an area, the closing segment last. */
  segmentsKm: number[];
  /** A path's length, or an area's perimeter. */
  totalKm: number;
  /** Only for an area of at least three points. */
  areaKm2: number | null;
}

/** An area is closed back to its first point. */
function ring(points: Position[]): Position[] {
  return [...points, points[0]];
}

export { minPoints } from './measure-kinds.ts';

const degrees = (value: number, positive: string, negative: string) =>
  `${Math.abs(value).toFixed(5)}° ${value >= 0 ? positive : negative}`;

/** "39.74000° N, 104.99000° W": a place as a report or a label writes it. */
export const coordinatesText = ([lng, lat]: Position): string => `${degrees(lat, 'N', 'S')}, ${degrees(lng, 'E', 'W')}`;

/** Geodesic (great-circle) lengths and, for an area, its size on the ellipsoid-approximating sphere turf uses. */
export function measure({ kind, points }: Measurement): MeasuredSizes {
  const closed = kind === 'area' && points.length >= MIN_AREA_POINTS;
  const path = closed ? ring(points) : points;
  const segmentsKm = path.slice(1).map((to, i) => distance(path[i], to, { units: 'kilometers' }));
  const totalKm = path.length >= 2 ? length(lineString(path), { units: 'kilometers' }) : 0;
  const areaKm2 = closed ? area(polygon([ring(points)])) / 1_000_000 : null;
  return { segmentsKm, totalKm, areaKm2 };
}

export interface MeasureFeatureProperties {
  /** The measured shape, one of its points, or a label: a segment's length (at its middle) or the area's size. */
  role: 'shape' | 'point' | 'label';
  label?: string;
}

/**
 * What to draw for a measurement: its line or outline, its points, each segment's length at its middle and an area's
 * size at its centre. `write` turns kilometres and square kilometres into text.
 */
export function measurementFeatures(
  measurement: Measurement,
  write: { length(km: number): string; area(km2: number): string },
): FeatureCollection<LineString | Polygon | Point, MeasureFeatureProperties> {
  const { points } = measurement;
  const features: Feature<LineString | Polygon | Point, MeasureFeatureProperties>[] = [];
  const point = (coordinates: Position, properties: MeasureFeatureProperties) =>
    features.push({ type: 'Feature', geometry: { type: 'Point', coordinates }, properties });
  if (measurement.kind === 'point') {
    for (const p of points.slice(0, 1)) {
      point(p, { role: 'point' });
      point(p, { role: 'label', label: coordinatesText(p) });
    }
    return { type: 'FeatureCollection', features };
  }
  const sizes = measure(measurement);
  const closed = sizes.areaKm2 !== null;
  const path = closed ? ring(points) : points;
  if (closed) features.push(polygon([path], { role: 'shape' }));
  else if (path.length >= 2) features.push(lineString(path, { role: 'shape' }));
  for (const p of points) point(p, { role: 'point' });
  path.slice(1).forEach((to, i) => {
    const from = path[i];
    point([(from[0] + to[0]) / 2, (from[1] + to[1]) / 2], { role: 'label', label: write.length(sizes.segmentsKm[i]) });
  });
  if (sizes.areaKm2 !== null)
    point(centroid(polygon([path])).geometry.coordinates, { role: 'label', label: write.area(sizes.areaKm2) });
  return { type: 'FeatureCollection', features };
}
