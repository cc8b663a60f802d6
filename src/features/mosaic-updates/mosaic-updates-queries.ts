import { queryOptions } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { fetchMosaicUpdates } from '../../api/mosaic-updates.ts';

const mosaicUpdatesKeys = {
  all: ['mosaic-updates'] as const,
  since: (baseUrl: string, surveyId: string, since: string) =>
    [...mosaicUpdatesKeys.all, baseUrl, surveyId, since] as const,
};

/** The tiles of a survey re-published since a local day's start. */
export const mosaicUpdatesQueryOptions = (connection: Connection, surveyId: string, sinceDay: string) =>
  queryOptions({
    queryKey: mosaicUpdatesKeys.since(connection.baseUrl, surveyId, sinceDay),
    queryFn: ({ signal }) =>
      fetchMosaicUpdates(connection, { surveyId, since: new Date(`${sinceDay}T00:00:00`).toISOString() }, signal),
    staleTime: 60_000,
  });
