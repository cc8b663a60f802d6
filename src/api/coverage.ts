import type { Connection } from './connection.ts';
import { requestJson, type DownloadProgress } from './http.ts';
import type { CoverageSurvey, TileMetadataItem } from '../../core/wire/model.ts';
import { normaliseCoverage, normaliseTileMetadata } from '../../core/wire/normalise.ts';

export interface CoverageSearch {
  /** The area as WKT (EPSG:4326), exactly as the user can copy it. */
  wkt: string;
  /** Optional capture-date filter, YYYY-MM-DD. */
  observedStart?: string;
  observedEnd?: string;
}

/** GET /tile/v2/surveys/coverage?wkt=&observed_start=&observed_end= — surveys whose footprint meets the area. */
export function searchCoverage(
  connection: Connection,
  { wkt, observedStart, observedEnd }: CoverageSearch,
  signal?: AbortSignal,
): Promise<CoverageSurvey[]> {
  return requestJson(connection, '/tile/v2/surveys/coverage', normaliseCoverage, {
    query: { wkt, observed_start: observedStart || undefined, observed_end: observedEnd || undefined },
    signal,
  });
}

export interface TileMetadataRequest {
  surveyId: string;
  wkt: string;
  /** Tile zoom, 14–21. */
  zoom: number;
}

/** GET /tile/v2/{survey_id}/coverage?wkt=&zoom= — the survey's tiles in the area, each with its URL and extent. */
export function fetchTileMetadata(
  connection: Connection,
  { surveyId, wkt, zoom }: TileMetadataRequest,
  signal?: AbortSignal,
  onProgress?: (progress: DownloadProgress) => void,
): Promise<TileMetadataItem[]> {
  return requestJson(connection, `/tile/v2/${encodeURIComponent(surveyId)}/coverage`, normaliseTileMetadata, {
    query: { wkt, zoom },
    signal,
    onProgress,
  });
}
