import { queryOptions } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { findChanges } from '../change/index.ts';
import { unscoredPart } from './change-failures.ts';
import { type ChangePlan, type LocationChange, locationChanges } from './location-change.ts';
import { portfolioStore } from './portfolio-store.ts';

const changeKeys = {
  plan: (baseUrl: string, planKey: string) => ['portfolio', 'change', baseUrl, planKey] as const,
};

/**
 * The change score of every planned location, by location id: the engine's workers fetch and compare the tiles (none
 * of it on this thread), reporting progress to the store; cancelled with the query. Only fetched once asked for.
 * Fetched again (Retry), it compares only the locations that failed and keeps every other score.
 */
export const changeQueryOptions = (connection: Connection, plan: ChangePlan, asked: boolean) =>
  queryOptions({
    queryKey: changeKeys.plan(connection.baseUrl, plan.key),
    queryFn: async ({ signal, client, queryKey }): Promise<Map<number, LocationChange>> => {
      const scored = client.getQueryData<Map<number, LocationChange>>(queryKey);
      const part = unscoredPart(plan, scored);
      if (scored && part.pairs.length === 0) return scored;
      const { changeScoringProgressed } = portfolioStore.getState();
      changeScoringProgressed({ done: 0, total: part.pairs.length, elapsedMs: 0 });
      try {
        const results = await findChanges(connection, part.pairs, {
          signal,
          onProgress: (progress) => changeScoringProgressed(progress),
        });
        return new Map([...(scored ?? []), ...locationChanges(part, results)]);
      } finally {
        changeScoringProgressed(null);
      }
    },
    enabled: asked && plan.pairs.length > 0,
    // Scores of the same captures do not change: kept for the session, not fetched again by themselves.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60 * 60_000,
    retry: false,
  });
