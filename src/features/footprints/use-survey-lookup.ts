import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { Survey } from '../../../core/wire/model.ts';
import { useAreaSearch } from '../area-search/index.ts';
import { coverageSearchQueryOptions } from '../../catalog/coverage-queries.ts';
import { useListedSurveys } from '../surveys/index.ts';
import { useViewSurveys } from './view-footprints.ts';

const NO_IDS: readonly string[] = [];

/**
 * Surveys drawn on the map, by id (those in `ids`: say, the one under the pointer): a listed one, an area search
 * result or one in view (the list may not have paged it in yet). With no ids, a list page re-renders nothing.
 */
export function useSurveyLookup(
  connection: Connection,
  ids: readonly string[] = NO_IDS,
): (id: string) => Survey | undefined {
  const { surveys } = useListedSurveys(connection, ids);
  const listed = useMemo(() => new Map(surveys.flatMap((s) => (s ? [[s.id, s] as const] : []))), [surveys]);
  const search = useAreaSearch((s) => s.search);
  const coverage = useQuery(coverageSearchQueryOptions(connection, search));
  const inView = useViewSurveys(connection);
  return useCallback(
    (id: string) => listed.get(id) ?? coverage.data?.find((s) => s.id === id) ?? inView.find((s) => s.id === id),
    [listed, coverage.data, inView],
  );
}
