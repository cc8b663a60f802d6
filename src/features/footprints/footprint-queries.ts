import { queryOptions } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { fetchFootprint } from '../../api/footprints.ts';
import type { Survey } from '../../api/model.ts';
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

export const footprintQueryOptions = (connection: Connection, survey: Survey, enabled = true) =>
  queryOptions({
    queryKey: footprintKeys.detail(connection.baseUrl, survey),
    queryFn: async ({ signal }) => {
      const footprint = await fetchFootprint(connection, survey.id, signal);
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
