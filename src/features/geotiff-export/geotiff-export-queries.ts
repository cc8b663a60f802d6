import { queryOptions } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { TileMetadataRequest } from '../../api/coverage.ts';
import { type ExportCompression, newestTiles, planExport } from './export-plan.ts';
import { selectTiles, type SourceSurvey, type TileSelection } from './tile-selection.ts';
import { surveyTilesQueryOptions } from '../../catalog/coverage-queries.ts';

export interface ExportPlanRequest {
  /** The selected survey, or every result with imagery in the area (best available). */
  sources: readonly SourceSurvey[];
  selection: TileSelection;
  wkt: string;
  zoom: number;
}

/**
 * What an export was made of, as one string: the plan's request (surveys, rule, limit, area, zoom) and the
 * compression. The dialog shows a finished export's files only while the choice is still the same.
 */
export const exportChoice = (request: ExportPlanRequest, compression: ExportCompression): string =>
  JSON.stringify([compression, ...geotiffExportKeys.plan('', request)]);

const geotiffExportKeys = {
  all: (baseUrl: string) => ['geotiff-export', baseUrl] as const,
  plan: (baseUrl: string, { sources, selection, wkt, zoom }: ExportPlanRequest) =>
    [
      ...geotiffExportKeys.all(baseUrl),
      'plan',
      zoom,
      wkt,
      selection.rule,
      selection.maxCloudCover,
      ...sources.map((s) => [s.surveyId, s.captureStart, s.captureEnd, s.cloudCover]),
    ] as const,
  surveyTiles: (baseUrl: string, { surveyId, wkt, zoom }: TileMetadataRequest) =>
    [...geotiffExportKeys.all(baseUrl), 'survey-tiles', surveyId, zoom, wkt] as const,
};

/**
 * One survey's tiles in the area at the zoom as the export uses them (`newestTiles`), from its tile metadata
 * (endpoint 4, the same cache entry as the tile grid's). The metadata entry is dropped once read unless the grid
 * keeps it: at 10⁴ tiles it held ~3.5 items a tile with their URLs for as long as the plan was kept.
 */
const exportSurveyTilesQueryOptions = (connection: Connection, request: TileMetadataRequest) =>
  queryOptions({
    queryKey: geotiffExportKeys.surveyTiles(connection.baseUrl, request),
    queryFn: async ({ client }) =>
      newestTiles(
        request.surveyId,
        await client.fetchQuery({ ...surveyTilesQueryOptions(connection, request, true), gcTime: 0 }),
      ),
    staleTime: 10 * 60_000,
    gcTime: 2 * 60_000,
  });

const NO_PLAN: ExportPlanRequest = {
  sources: [],
  selection: { rule: 'newest', maxCloudCover: null },
  wkt: '',
  zoom: 0,
};

/**
 * The export's tiles: each survey's tile metadata in the area at the zoom (endpoint 4, the same cache entries as the
 * tile grid; those over the cloud limit too, to count what the limit leaves empty), the capture for each position
 * chosen by the rule, and the file planned — or why it cannot be.
 */
export const exportPlanQueryOptions = (connection: Connection, request: ExportPlanRequest | null) =>
  queryOptions({
    queryKey: geotiffExportKeys.plan(connection.baseUrl, request ?? NO_PLAN),
    queryFn: async ({ client }) => {
      const { sources, selection, wkt, zoom } = request ?? NO_PLAN;
      const lists = await Promise.all(
        sources.map(({ surveyId }) =>
          client.fetchQuery(exportSurveyTilesQueryOptions(connection, { surveyId, wkt, zoom })),
        ),
      );
      return planExport(
        zoom,
        selectTiles(
          sources.map((source, i) => ({ ...source, tiles: lists[i] })),
          selection,
        ),
      );
    },
    enabled: request !== null && request.sources.length > 0,
    staleTime: 10 * 60_000,
    gcTime: 2 * 60_000,
  });
