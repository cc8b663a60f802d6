import { useCallback, useSyncExternalStore } from 'react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { CoverageSurvey } from '../../core/wire/model.ts';
import type { Connection } from '../api/connection.ts';
import { coverageKeys } from './coverage-queries.ts';

const searchesOf = (client: QueryClient, baseUrl: string) =>
  client
    .getQueryCache()
    .findAll({ queryKey: coverageKeys.all(baseUrl) })
    .filter((query) => query.queryKey[2] === 'search');

/**
 * A survey that some coverage answer in the cache holds: the area search's, the view's, the timeline's, or one the
 * map has since moved away from. Each holds the survey's catalog entry and its whole footprint.
 */
export function answeredSurvey(client: QueryClient, baseUrl: string, id: string): CoverageSurvey | null {
  for (const query of searchesOf(client, baseUrl)) {
    const data = query.state.data;
    const hit = Array.isArray(data) ? (data as CoverageSurvey[]).find((s) => s.id === id) : undefined;
    if (hit) return hit;
  }
  return null;
}

/**
 * Which survey an id is, among the coverage answers in the cache (answeredSurvey), as they arrive: the lookup changes
 * whenever an answer does.
 */
export function useAnsweredSurveys(connection: Connection): (id: string) => CoverageSurvey | null {
  const client = useQueryClient();
  const { baseUrl } = connection;
  // Only a coverage search's events can change the lookup (a list of footprints brings hundreds of others).
  const subscribe = useCallback(
    (changed: () => void) =>
      client.getQueryCache().subscribe(({ query }) => {
        if (query.queryKey[0] === 'coverage' && query.queryKey[2] === 'search') changed();
      }),
    [client],
  );
  // The answers' arrival times stand for the answers: a number, so the snapshot is stable between changes.
  const answered = useSyncExternalStore(subscribe, () =>
    searchesOf(client, baseUrl).reduce((sum, query) => sum + query.state.dataUpdatedAt, 0),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new lookup for each change of the answers
  return useCallback((id: string) => answeredSurvey(client, baseUrl, id), [client, baseUrl, answered]);
}
