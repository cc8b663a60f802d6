import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { type ChangePair, ChangeResults, CHANGE_ZOOM, findChanges, type FindChangesOptions } from '../change/index.ts';
import { surveyTilesQueryOptions } from '../../catalog/coverage-queries.ts';
import { areaPairs } from './change-pairs.ts';
import { type ChangeRun, findChangesStore } from './find-changes-store.ts';

export interface ChangeRunAnswer {
  pairs: ChangePair[];
  /** Tiles of the area with imagery in only one of the two surveys. */
  unpaired: number;
  results: ChangeResults;
}

/** What a run has so far: its pairs and the results of those ended (`done` of them). */
export interface ChangeRunSoFar extends ChangeRunAnswer {
  done: number;
}

const NO_RUN: ChangeRun = { wkt: '', before: '', after: '' };

export const findChangesKeys = {
  run: (baseUrl: string, { wkt, before, after }: ChangeRun) => ['find-changes', baseUrl, wkt, before, after] as const,
  soFar: (baseUrl: string, run: ChangeRun) => [...findChangesKeys.run(baseUrl, run), 'so far'] as const,
};

/**
 * A Find changes run: both surveys' tiles over the area at the engine's zoom (tile metadata, cached as the area
 * search's are), paired by z/x/y, then scored by the change engine in its workers, its progress reported to the
 * panel, and what it has so far to the heat map (runSoFarQueryOptions). Cancelled through the query's signal.
 */
export const changeRunQueryOptions = (connection: Connection, run: ChangeRun | null) =>
  queryOptions({
    queryKey: findChangesKeys.run(connection.baseUrl, run ?? NO_RUN),
    queryFn: async ({ signal, client }): Promise<ChangeRunAnswer> => {
      const { wkt, before, after } = run ?? NO_RUN;
      const soFarKey = findChangesKeys.soFar(connection.baseUrl, run ?? NO_RUN);
      const nothing = { pairs: [], unpaired: 0, results: new ChangeResults(0), done: 0 };
      client.setQueryData<ChangeRunSoFar>(soFarKey, nothing);
      const tilesOf = (surveyId: string) =>
        client.fetchQuery(surveyTilesQueryOptions(connection, { surveyId, wkt, zoom: CHANGE_ZOOM }, true));
      const [earlier, later] = await Promise.all([tilesOf(before), tilesOf(after)]);
      signal.throwIfAborted();
      const { pairs, unpaired } = areaPairs({ surveyId: before, tiles: earlier }, { surveyId: after, tiles: later });
      const options: FindChangesOptions = {
        signal,
        onProgress: (progress, results) => {
          findChangesStore.getState().progressReported(progress);
          client.setQueryData<ChangeRunSoFar>(soFarKey, { pairs, unpaired, results, done: progress.done });
        },
      };
      const results = await findChanges(connection, pairs, options);
      return { pairs, unpaired, results };
    },
    enabled: run !== null,
    // A run is not asked again by itself: its answer stays until another is asked for; Retry asks again.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: false,
    structuralSharing: false,
  });

/**
 * What a run has so far, as it goes (its query sets it): read, never fetched; the heat map draws it before the run
 * ends.
 */
export const runSoFarQueryOptions = (connection: Connection, run: ChangeRun | null) =>
  queryOptions<ChangeRunSoFar>({
    queryKey: findChangesKeys.soFar(connection.baseUrl, run ?? NO_RUN),
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
  });
