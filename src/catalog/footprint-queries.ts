import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Connection } from '../api/connection.ts';
import { fetchFootprint } from '../api/footprints.ts';
import type { Survey, SurveyFootprint } from '../../core/wire/model.ts';
import { readStoredFootprint, storeFootprint } from './footprint-storage.ts';

/** A footprint is current as long as its survey's last_updated stamp is. */
export const versionOf = (survey: Survey) => survey.lastUpdated ?? survey.captureEnd;

export const footprintKeys = {
  all: (baseUrl: string) => ['footprints', baseUrl] as const,
  detail: (baseUrl: string, survey: Survey) => [...footprintKeys.all(baseUrl), survey.id, versionOf(survey)] as const,
  /** A survey known only by its id (e.g. from a shared link), before the list has paged it in. */
  byId: (baseUrl: string, surveyId: string) => [...footprintKeys.all(baseUrl), surveyId, 'by-id'] as const,
};

const WEEK = 7 * 24 * 3600_000;
/** How long a footprint fetched by id also answers for the survey's catalog entry (same request, same answer). */
const BY_ID_ANSWERS_MS = 60_000;

/**
 * The footprint this page is asking for, or has just had, by id — a linked survey's, asked for at sign-in beside the
 * first catalog page — which the catalog entry then shares rather than asking again.
 */
function askedById(client: QueryClient, connection: Connection, surveyId: string): Promise<SurveyFootprint> | null {
  const options = footprintByIdQueryOptions(connection, surveyId);
  // By its hash (one map lookup): `find` would hash the key of every query in the cache, a footprint per listed survey.
  const state = client.getQueryState<SurveyFootprint>(options.queryKey);
  if (!state) return null;
  if (state.fetchStatus === 'fetching') return client.fetchQuery(options);
  const { data, dataUpdatedAt } = state;
  return data && Date.now() - dataUpdatedAt < BY_ID_ANSWERS_MS ? Promise.resolve(data) : null;
}

export const footprintQueryOptions = (connection: Connection, survey: Survey, enabled = true) =>
  queryOptions({
    queryKey: footprintKeys.detail(connection.baseUrl, survey),
    queryFn: async ({ client, signal }) => {
      const footprint =
        (await askedById(client, connection, survey.id)) ?? (await fetchFootprint(connection, survey.id, signal));
      storeFootprint(connection.baseUrl, versionOf(survey), footprint);
      return footprint;
    },
    initialData: () => readStoredFootprint(connection.baseUrl, survey.id, versionOf(survey)),
    staleTime: WEEK,
    gcTime: Infinity,
    enabled,
  });

export const footprintByIdQueryOptions = (connection: Connection, surveyId: string | null, enabled = true) =>
  queryOptions({
    queryKey: footprintKeys.byId(connection.baseUrl, surveyId ?? ''),
    queryFn: ({ signal }) => fetchFootprint(connection, surveyId!, signal),
    staleTime: WEEK,
    enabled: enabled && surveyId !== null,
  });
