import type { Feature, Geometry } from 'geojson';
import { AreaInputError } from '../../area/area-input-error.ts';
import { type ImportProblem, MAX_LOCATIONS } from './import-problems.ts';
import type { PortfolioLocation } from './location.ts';
import { placeOfGeometry } from './place-of-geometry.ts';
import type { ReadLocations } from './table-locations.ts';

const NAME_KEYS = ['name', 'title', 'label', 'id', 'site', 'address'];
const MAX_COLUMNS = 50;

const text = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** Features (GeoJSON, KML or a shapefile read as GeoJSON) as locations; the columns are their properties' names. */
export function featureLocations(features: readonly Feature[]): ReadLocations {
  const columns: string[] = [];
  for (const feature of features.slice(0, 1_000)) {
    for (const name of Object.keys(feature?.properties ?? {})) {
      if (columns.length < MAX_COLUMNS && !columns.includes(name)) columns.push(name);
    }
  }
  const nameColumn = columns.find((c) => NAME_KEYS.includes(c.toLowerCase()));
  const locations: PortfolioLocation[] = [];
  const problems: ImportProblem[] = [];
  features.forEach((feature, index) => {
    const line = index + 1;
    if (index >= MAX_LOCATIONS) {
      if (index === MAX_LOCATIONS)
        problems.push({ line, reason: `only the first ${MAX_LOCATIONS.toLocaleString('en-US')} features are read` });
      return;
    }
    const found = feature?.geometry ? placeOfGeometry(feature.geometry) : 'the feature has no geometry';
    const properties = feature?.properties ?? {};
    const values = columns.map((c) => text(properties[c]));
    if (typeof found === 'string') {
      problems.push({ line, reason: found, values, geometry: feature?.geometry ?? null });
      return;
    }
    const label = nameColumn ? text(properties[nameColumn]).trim() : '';
    locations.push({
      id: locations.length,
      line,
      label: label || `Feature ${line}`,
      ...found,
      values,
    });
  });
  return { columns, locations, problems };
}

/** The features of a GeoJSON text: a FeatureCollection, one Feature, or a bare geometry. */
export function geoJsonFeatures(json: string): Feature[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new AreaInputError('not-geojson', 'This is not valid JSON, so it cannot be read as GeoJSON.');
  }
  const object = (value ?? {}) as { type?: unknown; features?: unknown };
  if (object.type === 'FeatureCollection' && Array.isArray(object.features)) return object.features as Feature[];
  if (object.type === 'Feature') return [object as Feature];
  if (typeof object.type === 'string' && 'coordinates' in object)
    return [{ type: 'Feature', geometry: object as Geometry, properties: {} }];
  throw new AreaInputError('not-geojson', 'This JSON is not GeoJSON (no FeatureCollection, Feature or geometry).');
}
