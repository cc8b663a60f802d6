import { queryOptions } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { chooseTiles, planExport } from '../../export/export-plan.ts';
import { surveyTilesQueryOptions } from '../coverage/coverage-queries.ts';

export interface ExportPlanRequest {
  /** Surveys in priority order: the selected one, or the results newest first (best available). */
  surveyIds: readonly string[];
  wkt: string;
  zoom: number;
}

export const geotiffExportKeys = {
  all: (baseUrl: string) => ['geotiff-export', baseUrl] as const,
  plan: (baseUrl: string, { surveyIds, wkt, zoom }: ExportPlanRequest) =>
    [...geotiffExportKeys.all(baseUrl), 'plan', zoom, wkt, ...surveyIds] as const,
};

const NO_PLAN: ExportPlanRequest = { surveyIds: [], wkt: '', zoom: 0 };

/**
 * The export's tiles: each survey's tile metadata in the area at the zoom (endpoint 4, the same cache entries as the
 * tile grid), the capture for each position chosen, and the file planned — or why it cannot be.
 */
export const exportPlanQueryOptions = (connection: Connection, request: ExportPlanRequest | null) =>
  queryOptions({
    queryKey: geotiffExportKeys.plan(connection.baseUrl, request ?? NO_PLAN),
    queryFn: async ({ client }) => {
      const { surveyIds, wkt, zoom } = request ?? NO_PLAN;
      const lists = await Promise.all(
        surveyIds.map((surveyId) =>
          client.fetchQuery(surveyTilesQueryOptions(connection, { surveyId, wkt, zoom }, true)),
        ),
      );
      return planExport(zoom, chooseTiles(lists.map((tiles, i) => ({ surveyId: surveyIds[i], tiles }))));
    },
    enabled: request !== null && request.surveyIds.length > 0,
    staleTime: 10 * 60_000,
    gcTime: 2 * 60_000,
  });
