import { ApiError } from './api-error.ts';
import { concurrencyLimit } from './concurrency.ts';
import type { Connection } from './connection.ts';
import { requestJson } from './http.ts';
import type { SurveyFootprint } from './model.ts';
import { normaliseFootprint } from './normalise.ts';

/** Footprints can be large; a handful at a time keeps the list's own requests responsive. */
const footprintSlots = concurrencyLimit(4);

/** GET /tile/v2/{survey_id}/footprint */
export function fetchFootprint(connection: Connection, surveyId: string, signal?: AbortSignal): Promise<SurveyFootprint> {
  return footprintSlots(async () => {
    const footprint = await requestJson(connection, `/tile/v2/${encodeURIComponent(surveyId)}/footprint`, (raw) => normaliseFootprint(raw, surveyId), { signal });
    if (!footprint) throw new ApiError(404, 'not_found', `Survey "${surveyId}" has no footprint.`);
    return footprint;
  }, signal);
}
