import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { SurveyFilters } from '../../state/filter-store.ts';
import { scanPhase, scanWanted, type ScanPhase, type ScanProgress } from './catalog-scan.ts';
import { needsWholeCatalog } from './survey-filters.ts';
import { surveyKeys } from '../../catalog/survey-queries.ts';
import type { SurveyListView } from './use-survey-list.ts';

export interface CatalogPaging {
  progress: ScanProgress;
  phase: ScanPhase;
  stop(): void;
  resume(): void;
}

/**
 * Reads further pages while the list wants more rows (or, for a whole-catalog order, to the end), and
 * lets the user stop and resume the filters' search. Only the list that shows the rows drives this.
 */
export function useCatalogPaging(connection: Connection, view: SurveyListView, rowsWanted: number): CatalogPaging {
  const { query, surveys, total, filters, filtered, searched } = view;
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = query;
  const queryClient = useQueryClient();
  // The search the user stopped; changing the filters starts a new one.
  const [stoppedSearch, setStoppedSearch] = useState<SurveyFilters | null>(null);
  const stopped = filtered && stoppedSearch === filters;

  const progress: ScanProgress = {
    searched,
    total,
    matches: surveys.length,
    // Before its first page, a search has everything still to read.
    hasNext: Boolean(hasNextPage) || (filtered && !query.data && !query.isError),
    stopped,
    wholeCatalog: filtered && needsWholeCatalog(filters),
    placesPending: view.placesPending,
  };
  const wanted =
    Boolean(query.data) && scanWanted({ ...progress, rowsWanted, fetching: isFetching, failed: isFetchNextPageError });
  // At the commit that wants it, not after the frame is painted: a list scrolled to its end waits on this page.
  useLayoutEffect(() => {
    if (wanted) void fetchNextPage();
  }, [wanted, fetchNextPage]);

  // The scan's pages serve any filters, so a page on its way when the filters change is kept; it is
  // cancelled only when the search ends: stopped, or the filters cleared.
  const cancelScan = useCallback(
    () => void queryClient.cancelQueries({ queryKey: surveyKeys.scan(connection.baseUrl) }),
    [queryClient, connection.baseUrl],
  );
  useEffect(() => {
    if (!filtered) cancelScan();
  }, [filtered, cancelScan]);

  return {
    progress,
    phase: scanPhase(progress, isFetching || wanted),
    stop: () => {
      setStoppedSearch(filters);
      cancelScan();
    },
    resume: () => {
      setStoppedSearch(null);
      if (!query.data) void query.refetch();
    },
  };
}
