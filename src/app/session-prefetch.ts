import type { QueryClient } from '@tanstack/react-query';
import { authStore, type Session } from '../auth/auth-store.ts';
import { connectionFor } from '../auth/session-connection.ts';
import { footprintByIdQueryOptions, footprintQueryOptions } from '../features/footprints/footprint-queries.ts';
import { surveyListQueryOptions } from '../features/surveys/survey-queries.ts';
import { filtersActive, filterStore } from '../state/filter-store.ts';
import { selectionStore } from '../state/selection-store.ts';

/**
 * A new session asks at once for what its first screen shows — the first page of the catalog, then
 * a linked survey's footprint (which places its imagery) — rather than once the sidebar and map
 * overlays that show them have loaded and rendered, which behind the map's own setup takes most of
 * a second.
 */
export function prefetchOnSessionStart(client: QueryClient): () => void {
  const started = async (session: Session | null) => {
    if (!session || filtersActive(filterStore.getState().filters)) return;
    const connection = connectionFor(session);
    const list = surveyListQueryOptions(connection);
    await client.prefetchInfiniteQuery(list);
    const linked = selectionStore.getState().selectedId;
    if (!linked) return;
    const listed = client.getQueryData(list.queryKey)?.pages[0]?.surveys.find((s) => s.id === linked);
    if (listed) await client.prefetchQuery(footprintQueryOptions(connection, listed));
    else await client.prefetchQuery(footprintByIdQueryOptions(connection, linked));
  };
  void started(authStore.getState().session);
  return authStore.subscribe((state, previous) => {
    if (state.session !== previous.session) void started(state.session);
  });
}
