import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { fetchSurveyPage } from '../../api/surveys.ts';

export const surveyKeys = {
  all: (baseUrl: string) => ['surveys', baseUrl] as const,
  list: (baseUrl: string) => [...surveyKeys.all(baseUrl), 'list'] as const,
};

/** The catalog, page by page, newest first as the service orders it. */
export const surveyListQueryOptions = (connection: Connection) =>
  infiniteQueryOptions({
    queryKey: surveyKeys.list(connection.baseUrl),
    queryFn: ({ pageParam, signal }) => fetchSurveyPage(connection, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasNext ? last.page + 1 : undefined),
    staleTime: 5 * 60_000,
  });
