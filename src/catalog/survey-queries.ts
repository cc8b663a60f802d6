import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Connection } from '../api/connection.ts';
import { fetchSurveyPage } from '../api/surveys.ts';

/** The largest page the reference service allows; filters read the catalog in pages this big. */
const SCAN_PAGE_SIZE = 100;

export const surveyKeys = {
  all: (baseUrl: string) => ['surveys', baseUrl] as const,
  list: (baseUrl: string) => [...surveyKeys.all(baseUrl), 'list'] as const,
  /** The catalog read in large pages for filtering; the pages do not depend on the filters. */
  scan: (baseUrl: string) => [...surveyKeys.all(baseUrl), 'scan', SCAN_PAGE_SIZE] as const,
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

/** The same catalog in large pages, read as far as the filters need. */
export const surveyScanQueryOptions = (connection: Connection) =>
  infiniteQueryOptions({
    queryKey: surveyKeys.scan(connection.baseUrl),
    queryFn: ({ pageParam, signal }) => fetchSurveyPage(connection, pageParam, signal, SCAN_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasNext ? last.page + 1 : undefined),
    staleTime: 5 * 60_000,
  });
