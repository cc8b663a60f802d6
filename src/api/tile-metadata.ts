import { tilePath } from '../../core/wire/tile-path.ts';
import { isApiError } from './api-error.ts';
import type { Connection } from './connection.ts';
import { requestJson } from './http.ts';
import type { TileMetadataItem } from '../../core/wire/model.ts';
import { normaliseTileCaptures } from '../../core/wire/normalise.ts';

export interface TileAddressRequest {
  surveyId: string;
  z: number;
  x: number;
  y: number;
  /** Further query parameters, e.g. the latest imagery's `max_cloud`. */
  query?: Record<string, string>;
}

/**
 * GET /tile/v2/{survey_id}/{z}/{x}/{y}?metadata=true — the captures of one tile. A 404 means the
 * survey has no imagery there, which is an answer (no captures), not a failure.
 */
export async function fetchTileCaptures(
  connection: Connection,
  { surveyId, z, x, y, query = {} }: TileAddressRequest,
  signal?: AbortSignal,
): Promise<TileMetadataItem[]> {
  try {
    return await requestJson(connection, tilePath(surveyId, null, { z, x, y }), normaliseTileCaptures, {
      query: { ...query, metadata: 'true' },
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}
