import { type InfiniteData, useInfiniteQuery, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { SurveyPage } from '../../../core/wire/model.ts';
import { filtersActive, useFilters } from '../../state/filter-store.ts';
import { surveyListQueryOptions, surveyScanQueryOptions } from '../../catalog/survey-queries.ts';

/**
 * The paging behind the rows: the plain list, or the catalog scan while filters are on (both observed, so that the
 * list is kept while filtering), its answer read through `select`.
 */
export function useRowsPaging<T>(
  connection: Connection,
  select: (data: InfiniteData<SurveyPage>) => T,
): { query: UseInfiniteQueryResult<T>; filtered: boolean } {
  const filtered = useFilters((s) => filtersActive(s.filters));
  const list = useInfiniteQuery({ ...surveyListQueryOptions(connection), enabled: !filtered, select });
  const scan = useInfiniteQuery({ ...surveyScanQueryOptions(connection), enabled: filtered, select });
  return { query: filtered ? scan : list, filtered };
}
