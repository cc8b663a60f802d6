import type { QueryClient } from '@tanstack/react-query';
import { authStore, type Session } from '../auth/auth-store.ts';
import { connectionFor } from '../auth/session-connection.ts';
import { footprintByIdQueryOptions } from '../catalog/footprint-queries.ts';
import { surveyListQueryOptions } from '../catalog/survey-queries.ts';
import { filtersActive, filterStore } from '../state/filter-store.ts';
import { selectionStore } from '../state/selection-store.ts';

/**
 * A new session asks at once for what its first screen shows — the first page of the catalog and a
 * linked survey's footprint (which places its imagery), together — rather than once the sidebar and
 * map overlays that show them have loaded and rendered, which behind the map's own setup takes most
 * of a second. The footprint is asked for by id (its catalog entry, which versions it, is not known
 * yet); the catalog entry's query then shares that answer (footprint-queries.ts).
 */
export function prefetchOnSessionStart(client: QueryClient): () => void {
  const started = (session: Session | null) => {
    if (!session || filtersActive(filterStore.getState().filters)) return;
    const connection = connectionFor(session);
    void client.prefetchInfiniteQuery(surveyListQueryOptions(connection));
    const linked = selectionStore.getState().selectedId;
    if (linked) void client.prefetchQuery(footprintByIdQueryOptions(connection, linked));
  };
  started(authStore.getState().session);
  return authStore.subscribe((state, previous) => {
    if (state.session !== previous.session) started(state.session);
  });
}
