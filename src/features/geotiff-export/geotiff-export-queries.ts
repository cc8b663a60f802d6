import { queryOptions } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { planExport } from './export-plan.ts';
import { selectTiles, type SourceSurvey, type TileSelection } from './tile-selection.ts';
import { surveyTilesQueryOptions } from '../coverage/index.ts';

export interface ExportPlanRequest {
  /** The selected survey, or every result with imagery in the area (best available). */
  sources: readonly SourceSurvey[];
  selection: TileSelection;
  wkt: string;
  zoom: number;
}

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
};

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
          client.fetchQuery(surveyTilesQueryOptions(connection, { surveyId, wkt, zoom }, true)),
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
