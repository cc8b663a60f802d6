import type { FeatureCollection, LineString, Point, Polygon, Position } from 'geojson';
import type { MeasureKind } from '../measure/index.ts';

/** The imagery under an annotation when it was made: which survey and capture, and when it was captured. */
export interface AnnotatedImagery {
  surveyId: string;
  /** `mosaic_stac_id`; null where the service names none. */
  captureId: string | null;
  captureStart: string | null;
  captureEnd: string | null;
}

/** A pin or shape the user placed, titled and noted, tied to the imagery under it and to its measurement. */
export interface Annotation {
  id: string;
  kind: MeasureKind;
  geometry: Point | LineString | Polygon;
  title: string;
  note: string;
  imagery: AnnotatedImagery | null;
  /** The measurement it was made from, written as the user read it (e.g. "719 m", "1.2 ha, perimeter 480 m"). */
  measured: string | null;
  created: string;
  updated: string;
}

/** What an annotation is called by its kind, and with its measurement: "Pin", "Area · 1.2 ha, perimeter 480 m". */
const KIND_LABELS: Record<MeasureKind, string> = { point: 'Pin', distance: 'Path', area: 'Area' };
export const describeAnnotation = ({ kind, measured }: Pick<Annotation, 'kind' | 'measured'>): string =>
  `${KIND_LABELS[kind]}${measured ? ` · ${measured}` : ''}`;

export const MAX_TITLE_LENGTH = 120;
export const MAX_NOTE_LENGTH = 4_000;

/** The geometry a measurement of this kind and these points makes (an area's ring closed). */
export function geometryOf(kind: MeasureKind, points: Position[]): Annotation['geometry'] {
  if (kind === 'point') return { type: 'Point', coordinates: points[0] };
  if (kind === 'distance') return { type: 'LineString', coordinates: points };
  return { type: 'Polygon', coordinates: [[...points, points[0]]] };
}

/** [west, south, east, north] of an annotation's geometry. */
export function boundsOf({ geometry }: Pick<Annotation, 'geometry'>): [number, number, number, number] {
  const points =
    geometry.type === 'Point'
      ? [geometry.coordinates]
      : geometry.type === 'LineString'
        ? geometry.coordinates
        : geometry.coordinates[0];
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

type AnnotationProperties = Omit<Annotation, 'geometry'>;

/** The annotations as a GeoJSON FeatureCollection (RFC 7946, WGS 84), every field a property. */
export function annotationsToGeoJson(
  annotations: readonly Annotation[],
): FeatureCollection<Annotation['geometry'], AnnotationProperties> {
  return {
    type: 'FeatureCollection',
    features: annotations.map(({ geometry, ...properties }) => ({
      type: 'Feature',
      id: properties.id,
      geometry,
      properties,
    })),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPosition = (value: unknown): value is Position =>
  Array.isArray(value) &&
  value.length >= 2 &&
  value.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
  Math.abs(value[0]) <= 180 &&
  Math.abs(value[1]) <= 90;
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
const time = (value: unknown, fallback: string) =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : fallback;
const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** The kind and geometry of a GeoJSON geometry an annotation can be, or why not. */
function shapeOf(geometry: unknown): { kind: MeasureKind; geometry: Annotation['geometry'] } | string {
  if (!isRecord(geometry)) return 'it has no geometry';
  const { type, coordinates } = geometry;
  if (type === 'Point' && isPosition(coordinates))
    return { kind: 'point', geometry: { type, coordinates: coordinates.slice(0, 2) } };
  if (type === 'LineString' && Array.isArray(coordinates) && coordinates.length >= 2 && coordinates.every(isPosition))
    return { kind: 'distance', geometry: { type, coordinates: coordinates.map((p) => p.slice(0, 2)) } };
  if (
    type === 'Polygon' &&
    Array.isArray(coordinates) &&
    Array.isArray(coordinates[0]) &&
    coordinates[0].length >= 4 &&
    coordinates[0].every(isPosition)
  )
    return { kind: 'area', geometry: { type, coordinates: [coordinates[0].map((p: Position) => p.slice(0, 2))] } };
  return `its geometry is ${typeof type === 'string' ? `a ${type}` : 'unreadable'} (a Point, LineString or Polygon is)`;
}

function imageryOf(value: unknown): AnnotatedImagery | null {
  if (!isRecord(value) || typeof value.surveyId !== 'string') return null;
  return {
    surveyId: value.surveyId,
    captureId: stringOrNull(value.captureId),
    captureStart: stringOrNull(value.captureStart),
    captureEnd: stringOrNull(value.captureEnd),
  };
}

export interface ReadAnnotations {
  annotations: Annotation[];
  /** One sentence per feature left out, with its place in the file. */
  rejected: string[];
}

/**
 * Annotations from GeoJSON: ours round-trip exactly; any other Point, LineString or Polygon feature becomes one
 * (its `title`/`name` and `note`/`description` read where present). A feature that cannot be is reported, not dropped
 * silently, and the rest are kept.
 */
export function annotationsFromGeoJson(
  json: unknown,
  now = new Date(),
  newId: () => string = () => crypto.randomUUID(),
): ReadAnnotations {
  const result: ReadAnnotations = { annotations: [], rejected: [] };
  const features = isRecord(json) && Array.isArray(json.features) ? json.features : isRecord(json) ? [json] : [];
  if (features.length === 0) result.rejected.push('The file holds no GeoJSON features.');
  const stamp = now.toISOString();
  features.forEach((feature: unknown, i) => {
    const where = `Feature ${i + 1}`;
    if (!isRecord(feature) || feature.type !== 'Feature') {
      result.rejected.push(`${where} is not a GeoJSON Feature.`);
      return;
    }
    const shape = shapeOf(feature.geometry);
    if (typeof shape === 'string') {
      result.rejected.push(`${where} was left out: ${shape}.`);
      return;
    }
    const p = isRecord(feature.properties) ? feature.properties : {};
    result.annotations.push({
      id: typeof p.id === 'string' && p.id ? p.id : newId(),
      ...shape,
      title: text(p.title ?? p.name, MAX_TITLE_LENGTH),
      note: text(p.note ?? p.description, MAX_NOTE_LENGTH),
      imagery: imageryOf(p.imagery),
      measured: stringOrNull(p.measured),
      created: time(p.created, stamp),
      updated: time(p.updated, stamp),
    });
  });
  return result;
}
