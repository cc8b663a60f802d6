import { useCallback } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { Survey, SurveyPage } from '../../../core/wire/model.ts';
import { NO_PICKS, pickSurveys } from './surveys-of.ts';
import { useRowsPaging } from './use-rows-paging.ts';

export interface ListedSurveys {
  /** The surveys asked for, in the order of the ids: null for each the pages read so far do not hold. */
  surveys: (Survey | null)[];
  /** The first page has not answered yet. */
  pending: boolean;
}

/**
 * Some surveys by id among the catalog pages read so far (the plain list's, or the scan's while filters are on),
 * for readers that want a few surveys rather than the list. A page that adds none of them re-renders nothing: the
 * answer is the pages `select`ed down to these surveys, which react-query shares structurally across answers.
 */
export function useListedSurveys(connection: Connection, ids: readonly string[]): ListedSurveys {
  const idsKey = ids.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids' content, not the array's identity
  const select = useCallback((data: InfiniteData<SurveyPage>) => pickSurveys(data, ids), [idsKey]);
  const { query } = useRowsPaging(connection, select);
  return { surveys: query.data ?? (ids.length === 0 ? NO_PICKS : ids.map(() => null)), pending: query.isPending };
}
