import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { bbox as bboxOf } from '@turf/turf';
import type { Connection } from '../../api/connection.ts';
import type { CoverageSurvey, Survey, SurveyFootprint } from '../../api/model.ts';
import { useAreaSearch } from '../../state/area-search-store.ts';
import { coverageKeys, coverageSearchQueryOptions } from '../coverage/coverage-queries.ts';
import { footprintQueryOptions } from '../footprints/footprint-queries.ts';
import { useSurveyList } from '../surveys/use-survey-list.ts';
import { useTimelineCaptures } from '../timeline/use-timeline-captures.ts';

/** Stands in while nothing is asked for; its query stays disabled. */
const NO_SURVEY: Survey = { id: '', captureStart: '', captureEnd: '', lastUpdated: null, cloudCover: null, spectralRange: null, links: {} };

/** A survey some coverage answer in the cache holds (e.g. from a timeline box the map has since moved away from). */
function cachedCoverageSurvey(client: ReturnType<typeof useQueryClient>, baseUrl: string, id: string): CoverageSurvey | null {
  for (const [key, data] of client.getQueriesData<CoverageSurvey[]>({ queryKey: coverageKeys.all(baseUrl) })) {
    if (key[2] !== 'search' || !Array.isArray(data)) continue;
    const hit = data.find((s) => s.id === id);
    if (hit) return hit;
  }
  return null;
}

/**
 * A survey and its footprint, when known: from the catalog list, the area search's results, the
 * timeline's captures, or any coverage answer still cached (results may hold surveys the list has
 * not paged in yet, footprint included).
 */
export function useKnownSurvey(connection: Connection, id: string | null): { survey: Survey | null; footprint: SurveyFootprint | null } {
  const client = useQueryClient();
  const { surveys } = useSurveyList(connection);
  const search = useAreaSearch((s) => s.search);
  const coverage = useQuery(coverageSearchQueryOptions(connection, search));
  const timeline = useTimelineCaptures(connection).query;
  const listed = surveys.find((s) => s.id === id) ?? null;
  const found = (!listed && id && (coverage.data?.find((s) => s.id === id) ?? timeline.data?.find((s) => s.id === id) ?? cachedCoverageSurvey(client, connection.baseUrl, id))) || null;
  const listedFootprint = useQuery(footprintQueryOptions(connection, listed ?? NO_SURVEY, listed !== null));
  const foundFootprint = useMemo<SurveyFootprint | null>(
    () => (found ? { surveyId: found.id, geometry: found.footprint, bbox: bboxOf(found.footprint) } : null),
    [found],
  );
  if (listed) return { survey: listed, footprint: listedFootprint.data ?? null };
  return { survey: found, footprint: foundFootprint };
}
