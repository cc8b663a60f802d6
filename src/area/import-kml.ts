import { kml } from '@tmcw/togeojson';
import { areaFromGeometries, type ImportedArea } from './area-from-geometries.ts';
import { AreaInputError } from './area-input-error.ts';
import type { StructureOptions } from './check-structure.ts';

/** The area in a KML document. Needs a DOMParser: the browser's, or jsdom's in tests. */
export function parseKmlArea(text: string, options: StructureOptions & { domParser?: DOMParser } = {}): ImportedArea {
  const parser = options.domParser ?? (typeof DOMParser === 'undefined' ? null : new DOMParser());
  if (!parser) throw new Error('parseKmlArea needs a DOMParser (none in this environment).');
  const document = parser.parseFromString(text, 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0) {
    throw new AreaInputError('not-kml', 'This is not well-formed XML, so it cannot be read as KML.');
  }
  const root = document.documentElement.localName;
  if (root !== 'kml') throw new AreaInputError('not-kml', `This XML is not KML (its root element is <${root}>).`);
  return areaFromGeometries(
    kml(document).features.map((f) => f.geometry),
    options,
  );
}
