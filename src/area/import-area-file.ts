import type { ImportedArea } from './area-from-geometries.ts';
import { AreaInputError } from './area-input-error.ts';
import type { StructureOptions } from './check-structure.ts';
import { parseGeoJsonArea } from './import-geojson.ts';
import { parseKmlArea } from './import-kml.ts';
import { readImportFile } from './read-import-file.ts';
import { parseAreaWkt } from './wkt.ts';

export type AreaFileFormat = 'geojson' | 'kml' | 'wkt';

/** The format from the file name, or else from the first character of its text. */
export function areaFileFormat(fileName: string, text: string): AreaFileFormat {
  const extension = /\.([^.]+)$/.exec(fileName.toLowerCase())?.[1];
  if (extension === 'geojson' || extension === 'json') return 'geojson';
  if (extension === 'kml') return 'kml';
  if (extension === 'wkt') return 'wkt';
  if (extension === 'shp' || extension === 'zip')
    throw new AreaInputError('unsupported-file', 'Shapefiles are not supported; export the area as GeoJSON or KML.');
  const first = text.trimStart()[0];
  if (first === '{') return 'geojson';
  if (first === '<') return 'kml';
  return 'wkt';
}

/** Reads an imported file's text (GeoJSON, KML or WKT) into an area. */
export function parseAreaFile(
  fileName: string,
  text: string,
  options: StructureOptions & { domParser?: DOMParser } = {},
): ImportedArea {
  if (text.trim() === '') throw new AreaInputError('empty', `${fileName || 'The file'} is empty.`);
  switch (areaFileFormat(fileName, text)) {
    case 'geojson':
      return parseGeoJsonArea(text, options);
    case 'kml':
      return parseKmlArea(text, options);
    case 'wkt': {
      const geometry = parseAreaWkt(text, options);
      return { geometry, polygonCount: geometry.type === 'Polygon' ? 1 : geometry.coordinates.length, skipped: {} };
    }
  }
}

/** What an area may be imported from, as a refusal names it. */
const AREA_FORMATS = 'GeoJSON, KML/KMZ or WKT';

/**
 * Reads an imported file into an area: sniffed first (an image, a PDF, a shapefile or other binary data is refused
 * with what it is), a KMZ unpacked in a worker within size limits, text decoded in the encoding its bytes show.
 */
export async function readAreaFile(
  file: { name: string; arrayBuffer(): Promise<ArrayBuffer> },
  options: StructureOptions & { domParser?: DOMParser } = {},
): Promise<ImportedArea> {
  const content = await readImportFile(file, AREA_FORMATS, { shapefiles: false });
  if (content.kind === 'kmz') return parseKmlArea(content.text, options);
  if (content.kind === 'shapefile') throw new Error('unreachable: shapefiles are not asked for');
  return parseAreaFile(file.name, content.text, options);
}
