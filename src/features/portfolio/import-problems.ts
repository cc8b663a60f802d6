import type { Geometry } from 'geojson';

/** A row or feature that could not be read as a location, and why. The rest of the file is kept; so is this row. */
export interface ImportProblem {
  /** Line (CSV) or feature number (GeoJSON, KML, shapefile); 0 for the file as a whole. */
  line: number;
  reason: string;
  /** The row's values in the portfolio's `columns` order, for the export (absent where no row is kept). */
  values?: string[];
  /** A feature's own geometry, where it has one that is not a location (a line, say): the GeoJSON export keeps it. */
  geometry?: Geometry | null;
}

/** Rows read at most from one file. */
export const MAX_LOCATIONS = 50_000;
