import { useCallback } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { Survey, SurveyFootprint } from '../../api/model.ts';
import { footprintQueryOptions } from './footprint-queries.ts';

export interface ListedFootprints {
  byId: ReadonlyMap<string, SurveyFootprint>;
}

/**
 * Footprints of listed surveys: fetched only for the wanted ones (rows on screen, the selection),
 * while every footprint already known (cached or stored) stays available.
 */
export function useListedFootprints(connection: Connection, surveys: readonly Survey[], wanted: ReadonlySet<string>): ListedFootprints {
  const combine = useCallback((results: UseQueryResult<SurveyFootprint>[]): ListedFootprints => {
    const byId = new Map<string, SurveyFootprint>();
    for (const { data } of results) if (data) byId.set(data.surveyId, data);
    return { byId };
  }, []);
  return useQueries({
    queries: surveys.map((survey) => footprintQueryOptions(connection, survey, wanted.has(survey.id))),
    combine,
  });
}
