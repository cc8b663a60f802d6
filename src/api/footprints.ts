import { ApiError } from './api-error.ts';
import type { Connection } from './connection.ts';
import { requestJson } from './http.ts';
import type { SurveyFootprint } from '../../core/wire/model.ts';
import { normaliseFootprint } from '../../core/wire/normalise.ts';

/**
 * GET /tile/v2/{survey_id}/footprint. Asked for all at once for the rows in view, at low priority: the
 * browser gives the list's pages and the imagery tiles the next free connection. (Counting them out in
 * the page instead let each next one wait for the main thread, behind the map's long frames.)
 */
export async function fetchFootprint(
  connection: Connection,
  surveyId: string,
  signal?: AbortSignal,
): Promise<SurveyFootprint> {
  const footprint = await requestJson(
    connection,
    `/tile/v2/${encodeURIComponent(surveyId)}/footprint`,
    (raw) => normaliseFootprint(raw, surveyId),
    { signal, priority: 'low' },
  );
  if (!footprint) throw new ApiError(404, 'not_found', `Survey "${surveyId}" has no footprint.`);
  return footprint;
}
