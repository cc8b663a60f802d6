import type { Connection } from './connection.ts';
import { requestJson } from './http.ts';
import type { SurveyPage } from '../../core/wire/model.ts';
import { normaliseSurveyPage } from '../../core/wire/normalise.ts';

const SURVEY_PAGE_SIZE = 25;

/** GET /tile/v2/surveys?page=N */
export function fetchSurveyPage(
  connection: Connection,
  page: number,
  signal?: AbortSignal,
  pageSize = SURVEY_PAGE_SIZE,
): Promise<SurveyPage> {
  return requestJson(connection, '/tile/v2/surveys', (raw) => normaliseSurveyPage(raw, page), {
    query: { page, page_size: pageSize === SURVEY_PAGE_SIZE ? undefined : pageSize },
    signal,
  });
}
