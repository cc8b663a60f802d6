import { kml } from '@tmcw/togeojson';
import type { Feature } from 'geojson';
import { AreaInputError } from '../../area/area-input-error.ts';
import { readImportFile } from '../../area/read-import-file.ts';
import type { TextEncoding } from '../../area/sniff-file.ts';
import { featureLocations, geoJsonFeatures } from './feature-locations.ts';
import { type ColumnMapping, detectMapping, type LocationTable, readLocationTable } from './location-table.ts';
import type { ReadLocations } from './table-locations.ts';

/** A file read: a table waits for its column mapping (detected, correctable); features are locations already. */
export type ImportedLocations =
  | {
      kind: 'table';
      fileName: string;
      table: LocationTable;
      mapping: ColumnMapping | null;
      /** The text's encoding, as its bytes showed it (not UTF-8: said beside the columns). */
      encoding: TextEncoding;
    }
  | { kind: 'features'; fileName: string; read: ReadLocations };

/** What a portfolio may be imported from, as a refusal names it. */
const LOCATION_FORMATS = 'a CSV or TSV table, GeoJSON, KML/KMZ or a zipped shapefile';

// Stryker disable next-line StringLiteral: no extension is read as an unknown one is, by the first character.
const extensionOf = (name: string) => /\.([^.]+)$/.exec(name.toLowerCase())?.[1] ?? '';

function kmlFeatures(text: string, domParser: DOMParser): Feature[] {
  const document = domParser.parseFromString(text, 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0)
    throw new AreaInputError('not-kml', 'This is not well-formed XML, so it cannot be read as KML.');
  return kml(document).features as Feature[];
}

/**
 * Reads a CSV (any delimiter), GeoJSON, KML, KMZ or zipped shapefile of locations. The file is sniffed first: anything
 * else (an image, a PDF, a spreadsheet, binary data) is refused with what it is; archives are read in a worker, within
 * size limits.
 */
export async function importLocations(
  file: { name: string; arrayBuffer(): Promise<ArrayBuffer> },
  domParser: DOMParser = new DOMParser(),
): Promise<ImportedLocations> {
  const extension = extensionOf(file.name);
  const fileName = file.name;
  const content = await readImportFile(file, LOCATION_FORMATS, { shapefiles: true });
  if (content.kind === 'shapefile') return { kind: 'features', fileName, read: featureLocations(content.features) };
  if (content.kind === 'kmz')
    return { kind: 'features', fileName, read: featureLocations(kmlFeatures(content.text, domParser)) };
  const { text, encoding } = content;
  if (text.trim() === '') throw new AreaInputError('empty', `${fileName} is empty.`);
  const first = text.trimStart()[0];
  if (extension === 'geojson' || extension === 'json' || (extension !== 'csv' && first === '{'))
    return { kind: 'features', fileName, read: featureLocations(geoJsonFeatures(text)) };
  if (extension === 'kml' || (extension !== 'csv' && first === '<'))
    return { kind: 'features', fileName, read: featureLocations(kmlFeatures(text, domParser)) };
  const table = readLocationTable(text);
  if (table.rows.length === 0) throw new AreaInputError('empty', `${fileName} has a header but no rows.`);
  return { kind: 'table', fileName, table, mapping: detectMapping(table.columns), encoding };
}
