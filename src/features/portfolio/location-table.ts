import Papa from 'papaparse';

/** A delimited text file as read: its header and rows (each with the line it starts on). */
export interface LocationTable {
  columns: string[];
  rows: string[][];
  /** 1-based line of each row in the file (rows may hold quoted line breaks). */
  lines: number[];
  delimiter: string;
}

/** Which columns hold a location: latitude and longitude, or one WKT geometry; and an optional name. */
export type ColumnMapping =
  | { kind: 'point'; lat: number; lon: number; label: number | null }
  | { kind: 'wkt'; wkt: number; label: number | null };

/** Reads CSV (or any delimiter papaparse detects: comma, semicolon, tab, pipe) with its header row. */
export function readLocationTable(text: string): LocationTable {
  const rows: string[][] = [];
  const starts: number[] = [];
  let previousEnd = 0;
  // Stryker disable next-line StringLiteral: a file without a row is refused before its delimiter is read.
  let delimiter = ',';
  // Stryker disable next-line Regex: a byte-order mark is only ever the first character of a file.
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    step: (result) => {
      rows.push(result.data);
      delimiter = result.meta.delimiter;
      starts.push(previousEnd);
      previousEnd = result.meta.cursor;
    },
  });
  const lines = lineNumbers(text, starts);
  // Stryker disable next-line ArrayDeclaration: a table without rows is refused, its columns unread.
  const [header = [], ...data] = rows;
  return { columns: header.map((c) => c.trim()), rows: data, lines: lines.slice(1), delimiter };
}

/** The line each offset falls on (offsets ascending), skipping the blank lines before a row. */
function lineNumbers(text: string, offsets: number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let at = 0;
  for (const offset of offsets) {
    for (; at < offset; at++) if (text.charCodeAt(at) === 10) line++;
    let first = offset;
    let extra = 0;
    while (text[first] === '\r' || text[first] === '\n') {
      if (text[first] === '\n') extra++;
      first++;
    }
    lines.push(line + extra);
  }
  return lines;
}

const LATITUDE = /^(lat|latitude|lat_?dd|y|point_?y|y_?coord)$/;
const LONGITUDE = /^(lon|lng|long|longitude|lon_?dd|x|point_?x|x_?coord)$/;
const GEOMETRY = /^(wkt|wkt_?geom|geometry|geom|the_?geom|shape)$/;
const NAME = /^(name|label|title|id|site|site_?id|location|location_?id|policy|policy_?(id|number)|address)$/;

/** A column name (trimmed as read) as the patterns see it: lower case, a run of spaces or hyphens an underscore. */
const key = (column: string) =>
  // Stryker disable next-line StringLiteral: every name pattern reads its underscore as optional ("lat itude" aside).
  column.toLowerCase().replace(/[\s-]+/g, '_');
const find = (columns: string[], pattern: RegExp): number | null => {
  const index = columns.findIndex((c) => pattern.test(key(c)));
  return index < 0 ? null : index;
};

/** The mapping the column names (trimmed as read) suggest; null when they name neither coordinates nor a geometry. */
export function detectMapping(columns: string[]): ColumnMapping | null {
  const label = find(columns, NAME);
  const lat = find(columns, LATITUDE);
  const lon = find(columns, LONGITUDE);
  if (lat !== null && lon !== null) return { kind: 'point', lat, lon, label };
  const wkt = find(columns, GEOMETRY);
  if (wkt !== null) return { kind: 'wkt', wkt, label };
  return null;
}
