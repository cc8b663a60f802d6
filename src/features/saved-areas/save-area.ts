import type { QueryClient } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { savedAreasStore } from './saved-areas-store.ts';
import type { ActiveArea } from '../area-search/index.ts';
import { snapshotOf } from './area-changes.ts';
import { savedAreaCheckQueryOptions } from './saved-area-queries.ts';

/**
 * Saves the area under a name, counting later changes from the surveys the user sees over it now
 * (when a search of it without dates is in the cache; otherwise from its first check). Returns its id.
 */
export function saveArea(
  queryClient: QueryClient,
  connection: Connection,
  name: string,
  area: Pick<ActiveArea, 'geometry' | 'wkt'>,
): string | undefined {
  const surveys = queryClient.getQueryData(savedAreaCheckQueryOptions(connection, area.wkt).queryKey);
  savedAreasStore
    .getState()
    .areaSaved({ name, geometry: area.geometry, wkt: area.wkt, snapshot: surveys ? snapshotOf(surveys) : null });
  return savedAreasStore.getState().areas.at(-1)?.id;
}
