import type { Connection } from './connection.ts';
import { requestJson } from './http.ts';
import type { TileMetadataItem } from '../../core/wire/model.ts';
import { normaliseTileMetadata } from '../../core/wire/normalise.ts';

export interface MosaicUpdatesRequest {
  surveyId: string;
  /** ISO 8601: tiles (re)published at or after this time. */
  since: string;
}

/**
 * GET /tile/v2/{survey_id}/mosaic_updates?since= — the survey's tiles (re)published since then, at zoom 14, one item
 * per capture published in the window (newest first at each position), each URL naming its capture.
 */
export function fetchMosaicUpdates(
  connection: Connection,
  { surveyId, since }: MosaicUpdatesRequest,
  signal?: AbortSignal,
): Promise<TileMetadataItem[]> {
  return requestJson(connection, `/tile/v2/${encodeURIComponent(surveyId)}/mosaic_updates`, normaliseTileMetadata, {
    query: { since },
    signal,
  });
}
