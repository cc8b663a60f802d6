import { parse, stringify, type GeoJSONMultiPolygon, type GeoJSONPolygon } from 'wellknown';
import type { AreaGeometry } from '../../core/geo/geometry.ts';
import { AreaInputError } from './area-input-error.ts';
import { checkAreaStructure, type StructureOptions } from './check-structure.ts';

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
  const geometry = parse(wkt);
  if (!geometry) throw new AreaInputError('not-wkt', `This is not well-formed WKT: ${diagnose(wkt)}`);
  const trailing = textAfterGeometry(wkt);
  if (trailing) throw new AreaInputError('not-wkt', `Unexpected text after the geometry: "${trailing.slice(0, 40)}".`);
  if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') {
    throw new AreaInputError(
      'wrong-geometry-type',
      `Got ${wktName(geometry.type)}; the area must be a POLYGON or MULTIPOLYGON.`,
    );
  }
  return checkAreaStructure(geometry, options);
}

function wktName(type: string): string {
  const name = type.toUpperCase();
  return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
}

/** wellknown ignores anything after the geometry, which would silently drop e.g. a second polygon. */
function textAfterGeometry(wkt: string): string {
  let depth = 0;
  for (let i = 0; i < wkt.length; i++) {
    if (wkt[i] === '(') depth++;
    else if (wkt[i] === ')' && --depth === 0) return wkt.slice(i + 1).trim();
  }
  return '';
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
