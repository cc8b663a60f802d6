import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { Survey } from '../../../core/wire/model.ts';
import { useAreaSearch } from '../area-search/index.ts';
import { coverageSearchQueryOptions } from '../coverage/index.ts';
import { useSurveyList } from '../surveys/index.ts';

/** A survey drawn on the map, by id: a listed one, or an area search result (the list may not have paged it in yet). */
export function useSurveyLookup(connection: Connection): (id: string) => Survey | undefined {
  const { surveys } = useSurveyList(connection);
  const search = useAreaSearch((s) => s.search);
  const coverage = useQuery(coverageSearchQueryOptions(connection, search));
  return useCallback(
    (id: string) => surveys.find((s) => s.id === id) ?? coverage.data?.find((s) => s.id === id),
    [surveys, coverage.data],
  );
}
