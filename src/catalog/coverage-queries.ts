import { queryOptions } from '@tanstack/react-query';
import type { Connection } from '../api/connection.ts';
import { type CoverageSearch, fetchTileMetadata, searchCoverage, type TileMetadataRequest } from '../api/coverage.ts';
import type { DownloadProgress } from '../api/http.ts';

/** An area's search as the area search holds it: the area and its dates (empty for none). */
type AreaSearch = Required<CoverageSearch>;

export const coverageKeys = {
  all: (baseUrl: string) => ['coverage', baseUrl] as const,
  search: (baseUrl: string, { wkt, observedStart, observedEnd }: AreaSearch) =>
    [...coverageKeys.all(baseUrl), 'search', wkt, observedStart, observedEnd] as const,
  /** The ranking of one answer (identified by when it arrived) over one area. */
  summary: (baseUrl: string, search: AreaSearch, areaWkt: string, answeredAt: number) =>
    [...coverageKeys.search(baseUrl, search), 'summary', areaWkt, answeredAt] as const,
  tiles: (baseUrl: string, { surveyId, wkt, zoom }: TileMetadataRequest) =>
    [...coverageKeys.all(baseUrl), 'tiles', surveyId, zoom, wkt] as const,
};

/** Stands in while there is no search; its query stays disabled. */
export const NO_SEARCH: AreaSearch = { wkt: '', observedStart: '', observedEnd: '' };

/**
 * Surveys meeting the area (endpoint 3), as the service answers; ranking and percentages are worked out where shown.
 */
export const coverageSearchQueryOptions = (connection: Connection, search: AreaSearch | null) =>
  queryOptions({
    queryKey: coverageKeys.search(connection.baseUrl, search ?? NO_SEARCH),
    queryFn: ({ signal }) => searchCoverage(connection, search ?? NO_SEARCH, signal),
    enabled: search !== null,
    staleTime: 10 * 60_000,
  });

/** One survey's tiles in the area at one zoom (endpoint 4); answers can be large, so progress is reported. */
export const surveyTilesQueryOptions = (
  connection: Connection,
  request: TileMetadataRequest,
  enabled: boolean,
  onProgress?: (progress: DownloadProgress) => void,
) =>
  queryOptions({
    queryKey: coverageKeys.tiles(connection.baseUrl, request),
    queryFn: ({ signal }) => fetchTileMetadata(connection, request, signal, onProgress),
    enabled,
    staleTime: 10 * 60_000,
    gcTime: 2 * 60_000,
  });
