import { queryOptions } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { coverageSearchQueryOptions } from '../../catalog/coverage-queries.ts';

/** How often a saved area is checked for new or updated surveys while the area search is open. */
const CHECK_EVERY_MS = 5 * 60_000;

/**
 * The surveys over a saved area, any capture date: the same query (and cache entry) as a coverage
 * search of that area without dates, checked again on mount, on focus and every few minutes.
 */
export const savedAreaCheckQueryOptions = (connection: Connection, wkt: string) =>
  queryOptions({
    ...coverageSearchQueryOptions(connection, { wkt, observedStart: '', observedEnd: '' }),
    staleTime: 60_000,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
    refetchInterval: CHECK_EVERY_MS,
  });
