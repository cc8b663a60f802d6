import { queryOptions } from '@tanstack/react-query';
import type { Connection } from '../api/connection.ts';
import { fetchTileCaptures } from '../api/tile-metadata.ts';
import type { TileAddress } from '../../core/geo/tile-address.ts';

export const tileCaptureKeys = {
  all: (baseUrl: string) => ['tile-captures', baseUrl] as const,
  tile: (baseUrl: string, surveyId: string, { z, x, y }: TileAddress, query: Record<string, string> = {}) =>
    [...tileCaptureKeys.all(baseUrl), surveyId, z, x, y, query] as const,
};

const NO_TILE: TileAddress = { z: 0, x: 0, y: 0 };

/**
 * The captures of one tile of one survey (`query`: e.g. the latest imagery's cloud limit): asked once per tile, so
 * moving within a tile asks nothing.
 */
export const tileCapturesQueryOptions = (
  connection: Connection,
  surveyId: string | null,
  tile: TileAddress | null,
  query: Record<string, string> = {},
) =>
  queryOptions({
    queryKey: tileCaptureKeys.tile(connection.baseUrl, surveyId ?? '', tile ?? NO_TILE, query),
    queryFn: ({ signal }) => fetchTileCaptures(connection, { surveyId: surveyId!, ...tile!, query }, signal),
    enabled: surveyId !== null && tile !== null,
    staleTime: 30 * 60_000,
    gcTime: 10 * 60_000,
    retry: 1,
  });
