import { stringify, type GeoJSONMultiPolygon, type GeoJSONPolygon } from 'wellknown';
import type { AreaGeometry } from '../../core/geo/geometry.ts';
import { readAreaWkt, type WktProblem } from '../../core/area/read-wkt.ts';
import { AreaInputError } from './area-input-error.ts';
import { type StructureOptions, structureWording } from './check-structure.ts';

/** The WKT sent to the service for an area; also what "Copy WKT" copies. */
export function areaToWkt(area: AreaGeometry): string {
  // Positions are number[] in 'geojson' and tuples in wellknown's types.
  return stringify(area as GeoJSONPolygon | GeoJSONMultiPolygon);
}

/** Parses pasted WKT into an area, or throws an AreaInputError saying which part is wrong. */
export function parseAreaWkt(text: string, options: StructureOptions = {}): AreaGeometry {
  const wkt = text.trim();
  if (wkt === '') throw new AreaInputError('empty', 'Paste a WKT polygon, e.g. POLYGON((lon lat, lon lat, …)).');
  if (wkt.startsWith('{'))
    throw new AreaInputError('not-wkt', 'This looks like GeoJSON, not WKT; import it as a file instead.');
  const srid = /^SRID=([^;]*);/i.exec(wkt)?.[1];
  if (srid !== undefined && srid.trim() !== '4326') {
    throw new AreaInputError(
      'unsupported-crs',
      `SRID=${srid} is not supported; the area must be in EPSG:4326 (longitude latitude degrees).`,
    );
  }
  const { area, problem } = readAreaWkt(wkt, { ...options, exact: true });
  if (problem)
    throw new AreaInputError(problem.code === 'text-after-geometry' ? 'not-wkt' : problem.code, words(problem, wkt));
  return area;
}

function words(problem: WktProblem, wkt: string): string {
  switch (problem.code) {
    case 'not-wkt':
      return `This is not well-formed WKT: ${diagnose(wkt)}`;
    case 'text-after-geometry':
      return `Unexpected text after the geometry: "${problem.text.slice(0, 40)}".`;
    case 'wrong-geometry-type':
      return `Got ${wktName(problem.type)}; the area must be a POLYGON or MULTIPOLYGON.`;
    default:
      return structureWording(problem);
  }
}

function wktName(type: string): string {
  const name = type.toUpperCase();
  return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
}

const WKT_TYPES = /^(?:POINT|LINESTRING|POLYGON|MULTIPOINT|MULTILINESTRING|MULTIPOLYGON|GEOMETRYCOLLECTION)$/i;

function diagnose(wkt: string): string {
  const keyword = /^(?:SRID=[^;]*;)?\s*([A-Za-z]+)/.exec(wkt)?.[1];
  if (!keyword || !WKT_TYPES.test(keyword))
    return `it should start with POLYGON or MULTIPOLYGON${keyword ? ` (not "${keyword}")` : ''}.`;
  if (!wkt.includes('(')) return 'the coordinates must be in parentheses, e.g. POLYGON((lon lat, …)).';
  const opening = wkt.split('(').length - 1;
  const closing = wkt.split(')').length - 1;
  if (opening !== closing) return `the parentheses are unbalanced (${opening} opening, ${closing} closing).`;
  if (/[^\s\d.,()+\-eE]/.test(wkt.slice(wkt.indexOf('(')))) return 'coordinates must be numbers.';
  if (/\(\s*-?[\d.eE+]+\s*[,)]|,\s*-?[\d.eE+]+\s*[,)]/.test(wkt))
    return 'every position needs two numbers, "longitude latitude".';
  return (
    `it could not be read as ${keyword.toUpperCase()} (expected e.g. POLYGON((lon lat, lon lat, lon lat, lon ` +
    `lat))).`
  );
}
