/** A row or feature that could not be read as a location, and why. The rest of the file is kept. */
export interface ImportProblem {
  /** Line (CSV) or feature number (GeoJSON, KML, shapefile); 0 for the file as a whole. */
  line: number;
  reason: string;
}

/** Rows read at most from one file. */
export const MAX_LOCATIONS = 50_000;
