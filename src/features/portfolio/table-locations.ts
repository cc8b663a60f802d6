import type { Geometry } from 'geojson';
import { parse } from 'wellknown';
import type { ImportProblem } from './import-problems.ts';
import { MAX_LOCATIONS } from './import-problems.ts';
import type { PortfolioLocation } from './location.ts';
import { type Place, placeOfGeometry } from './place-of-geometry.ts';
import type { ColumnMapping, LocationTable } from './location-table.ts';

export interface ReadLocations {
  columns: string[];
  locations: PortfolioLocation[];
  problems: ImportProblem[];
}

/** A coordinate, with a decimal comma accepted where the delimiter is not a comma. */
function coordinate(text: string | undefined, name: string, limit: number, delimiter: string): number | string {
  const raw = (text ?? '').trim();
  if (raw === '') return `${name} is empty`;
  const value = Number(delimiter !== ',' ? raw.replace(',', '.') : raw);
  if (!Number.isFinite(value)) return `${name} "${raw.slice(0, 30)}" is not a number`;
  if (Math.abs(value) > limit) return `${name} ${raw} is outside −${limit}…${limit}`;
  return value;
}

/**
 * A point, polygon or multipolygon WKT as a location's place; a message when it is neither, with the geometry read
 * (a line, say: kept for the export).
 */
function readWkt(text: string | undefined): { place: Place | string; geometry: Geometry | null } {
  const raw = (text ?? '').trim();
  if (raw === '') return { place: 'the geometry is empty', geometry: null };
  // Stryker disable next-line Regex: "SRID=…;" only ever starts an EWKT.
  const geometry = parse(raw.replace(/^SRID=4326;/i, ''));
  if (!geometry) return { place: `"${raw.slice(0, 30)}" is not well-formed WKT`, geometry: null };
  return { place: placeOfGeometry(geometry), geometry };
}

/** The table's rows as locations under the mapping; every row that is not one is a problem with its line. */
export function tableLocations(table: LocationTable, mapping: ColumnMapping): ReadLocations {
  const locations: PortfolioLocation[] = [];
  const problems: ImportProblem[] = [];
  const width = table.columns.length;
  table.rows.forEach((row, index) => {
    const line = table.lines[index];
    if (index >= MAX_LOCATIONS) {
      if (index === MAX_LOCATIONS)
        problems.push({ line, reason: `only the first ${MAX_LOCATIONS.toLocaleString('en-US')} rows are read` });
      return;
    }
    let place: Place | string;
    let geometry: Geometry | null = null;
    if (mapping.kind === 'point') {
      const lat = coordinate(row[mapping.lat], 'latitude', 90, table.delimiter);
      const lon = coordinate(row[mapping.lon], 'longitude', 180, table.delimiter);
      place =
        typeof lat === 'string'
          ? lat
          : typeof lon === 'string'
            ? lon
            : placeOfGeometry({ type: 'Point', coordinates: [lon, lat] });
    } else {
      ({ place, geometry } = readWkt(row[mapping.wkt]));
    }
    const values = Array.from({ length: width }, (_, i) => row[i] ?? '');
    if (typeof place === 'string') {
      problems.push({ line, reason: place, values, ...(geometry && { geometry }) });
      return;
    }
    const name = mapping.label === null ? '' : (row[mapping.label] ?? '').trim();
    locations.push({ id: locations.length, line, label: name || `Line ${line}`, ...place, values });
  });
  return { columns: table.columns, locations, problems };
}
