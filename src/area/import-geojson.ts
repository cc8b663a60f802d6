import type { Geometry } from 'geojson';
import { areaFromGeometries, type ImportedArea } from './area-from-geometries.ts';
import { AreaInputError } from './area-input-error.ts';
import type { StructureOptions } from './check-structure.ts';

const GEOMETRY_TYPES = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
]);
const WGS84_CRS = /(?:CRS84|EPSG:+4326)$/i;

/** The area in a GeoJSON text or object: a Feature, FeatureCollection or bare geometry. */
export function parseGeoJsonArea(input: string | unknown, options: StructureOptions = {}): ImportedArea {
  const json = typeof input === 'string' ? parseJson(input) : input;
  if (typeof json !== 'object' || json === null || typeof (json as { type?: unknown }).type !== 'string') {
    throw new AreaInputError('not-geojson', 'This is not GeoJSON: expected an object with a "type".');
  }
  checkCrs(json as { crs?: unknown });
  return areaFromGeometries(geometriesOf(json as { type: string }), options);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AreaInputError('not-geojson', `This is not valid JSON: ${(error as Error).message}`);
  }
}

function geometriesOf(json: { type: string; features?: unknown; geometry?: unknown }): (Geometry | null)[] {
  if (json.type === 'FeatureCollection') {
    if (!Array.isArray(json.features))
      throw new AreaInputError('not-geojson', 'The FeatureCollection has no "features" array.');
    if (json.features.length === 0)
      throw new AreaInputError('empty-geometry', 'The FeatureCollection has no features.');
    return json.features.map((f: { geometry?: unknown }) => geometryOf(f?.geometry));
  }
  if (json.type === 'Feature') return [geometryOf(json.geometry)];
  if (GEOMETRY_TYPES.has(json.type)) return [json as Geometry];
  throw new AreaInputError(
    'not-geojson',
    `"type": "${json.type}" is not GeoJSON; expected a Feature, FeatureCollection or geometry.`,
  );
}

function geometryOf(value: unknown): Geometry | null {
  if (value === null || value === undefined) return null;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || !GEOMETRY_TYPES.has(type))
    throw new AreaInputError('not-geojson', 'A feature has a geometry without a GeoJSON "type".');
  return value as Geometry;
}

/** Old GeoJSON (2008) could name another CRS; RFC 7946 coordinates are always longitude/latitude. */
function checkCrs({ crs }: { crs?: unknown }): void {
  const name = (crs as { properties?: { name?: unknown } } | undefined)?.properties?.name;
  if (typeof name === 'string' && !WGS84_CRS.test(name)) {
    throw new AreaInputError(
      'unsupported-crs',
      `The GeoJSON is in ${name}; the area must be in longitude/latitude degrees (EPSG:4326).`,
    );
  }
}
