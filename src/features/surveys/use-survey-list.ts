import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { Survey } from '../../api/model.ts';
import { surveyListQueryOptions } from './survey-queries.ts';

/** The listed surveys so far, and what is known about the whole catalog's size. */
export function useSurveyList(connection: Connection) {
  const query = useInfiniteQuery(surveyListQueryOptions(connection));
  const surveys = useMemo<Survey[]>(() => query.data?.pages.flatMap((page) => page.surveys) ?? [], [query.data]);
  const first = query.data?.pages[0];
  const total = first?.totalResults ?? (query.data && !query.hasNextPage ? surveys.length : null);
  return { query, surveys, total };
}
