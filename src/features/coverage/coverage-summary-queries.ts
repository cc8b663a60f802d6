import { queryOptions } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { CoverageSurvey } from '../../../core/wire/model.ts';
import type { AreaGeometry } from '../../../core/geo/geometry.ts';
import type { ActiveArea, AreaSearch } from '../area-search/index.ts';
import { coverageKeys, NO_SEARCH } from '../../catalog/coverage-queries.ts';
import { summariseCoverageOffThread } from './coverage-results.ts';
import { whenAnswerDrawn } from './drawn-answers.ts';

/**
 * The answer ranked by the percent of the area each survey covers, and the uncovered part: worked out off the page's
 * thread, once the map has drawn the answer.
 */
export const coverageSummaryQueryOptions = (
  connection: Connection,
  search: AreaSearch | null,
  area: ActiveArea | null,
  answer: { surveys: readonly CoverageSurvey[]; answeredAt: number } | null,
) =>
  queryOptions({
    queryKey: coverageKeys.summary(connection.baseUrl, search ?? NO_SEARCH, area?.wkt ?? '', answer?.answeredAt ?? 0),
    queryFn: async () => {
      // The footprints first: ranking starts once the map has drawn them and come to rest.
      if (answer) await whenAnswerDrawn(answer.surveys);
      return summariseCoverageOffThread(area?.geometry as AreaGeometry, answer?.surveys ?? []);
    },
    enabled: search !== null && area !== null && answer !== null,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    // Local work: it runs offline too.
    networkMode: 'always',
  });
