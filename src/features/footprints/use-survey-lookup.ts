import { useCallback, useMemo } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { Survey } from '../../../core/wire/model.ts';
import { useAnsweredSurveys } from '../../catalog/answered-surveys.ts';
import { useListedSurveys } from '../surveys/index.ts';

const NO_IDS: readonly string[] = [];

/**
 * Surveys drawn on the map, by id (those in `ids`: say, the one under the pointer): a listed one, or one a coverage
 * answer holds (an area search result or one in view: the list may not have paged it in yet). With no ids, a list page
 * re-renders nothing.
 */
export function useSurveyLookup(
  connection: Connection,
  ids: readonly string[] = NO_IDS,
): (id: string) => Survey | undefined {
  const { surveys } = useListedSurveys(connection, ids);
  const listed = useMemo(() => new Map(surveys.flatMap((s) => (s ? [[s.id, s] as const] : []))), [surveys]);
  const answered = useAnsweredSurveys(connection);
  return useCallback((id: string) => listed.get(id) ?? answered(id) ?? undefined, [listed, answered]);
}
