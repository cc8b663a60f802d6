import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { coverageSearchQueryOptions } from '../../catalog/coverage-queries.ts';
import { useAreaSearch } from './area-search-store.ts';

/**
 * Whether the area's own search, when there is one to make, has gone out (or been answered). The user's question goes
 * first: searches the app makes of its own accord (the view's, a linked survey's entry) wait while an area is still to
 * be restored or its search is not yet sent.
 */
export function useAreaAsked(connection: Connection): boolean {
  const restoring = useAreaSearch((s) => s.pendingRestore !== null);
  const search = useAreaSearch((s) => s.search);
  const area = useQuery({ ...coverageSearchQueryOptions(connection, search), enabled: false });
  return !restoring && (search === null || area.fetchStatus !== 'idle' || area.status !== 'pending');
}
