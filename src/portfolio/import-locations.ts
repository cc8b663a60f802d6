import { kml } from '@tmcw/togeojson';
import type { Feature } from 'geojson';
import { AreaInputError } from '../area/area-input-error.ts';
import { featureLocations, geoJsonFeatures } from './feature-locations.ts';
import { type ColumnMapping, detectMapping, type LocationTable, readLocationTable } from './location-table.ts';
import type { ReadLocations } from './table-locations.ts';

/** A file read: a table waits for its column mapping (detected, correctable); features are locations already. */
export type ImportedLocations =
  | { kind: 'table'; fileName: string; table: LocationTable; mapping: ColumnMapping | null }
  | { kind: 'features'; fileName: string; read: ReadLocations };

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name.toLowerCase())?.[1] ?? '';

async function shapefileFeatures(bytes: ArrayBuffer): Promise<Feature[]> {
  const { parseZip } = await import('shpjs');
  try {
    const parsed = await parseZip(bytes);
    return (Array.isArray(parsed) ? parsed : [parsed]).flatMap((collection) => collection.features);
  } catch (error) {
    throw new AreaInputError(
      'unsupported-file',
      `This zip could not be read as a shapefile (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
}

function kmlFeatures(text: string, domParser: DOMParser): Feature[] {
  const document = domParser.parseFromString(text, 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0)
    throw new AreaInputError('not-kml', 'This is not well-formed XML, so it cannot be read as KML.');
  return kml(document).features as Feature[];
}

/** Reads a CSV (any delimiter), GeoJSON, KML or zipped shapefile of locations. */
export async function importLocations(
  file: { name: string; text(): Promise<string>; arrayBuffer(): Promise<ArrayBuffer> },
  domParser: DOMParser = new DOMParser(),
): Promise<ImportedLocations> {
  const extension = extensionOf(file.name);
  const fileName = file.name;
  if (extension === 'zip')
    return { kind: 'features', fileName, read: featureLocations(await shapefileFeatures(await file.arrayBuffer())) };
  if (extension === 'kmz' || extension === 'shp')
    throw new AreaInputError(
      'unsupported-file',
      extension === 'kmz'
        ? 'KMZ is zipped KML; unzip it and import the .kml file inside.'
        : 'A shapefile is several files: import them zipped together (.shp, .dbf, .prj in one .zip).',
    );
  const text = await file.text();
  if (text.trim() === '') throw new AreaInputError('empty', `${fileName} is empty.`);
  const first = text.trimStart()[0];
  if (extension === 'geojson' || extension === 'json' || (extension !== 'csv' && first === '{'))
    return { kind: 'features', fileName, read: featureLocations(geoJsonFeatures(text)) };
  if (extension === 'kml' || (extension !== 'csv' && first === '<'))
    return { kind: 'features', fileName, read: featureLocations(kmlFeatures(text, domParser)) };
  const table = readLocationTable(text);
  if (table.rows.length === 0) throw new AreaInputError('empty', `${fileName} has a header but no rows.`);
  return { kind: 'table', fileName, table, mapping: detectMapping(table.columns) };
}
