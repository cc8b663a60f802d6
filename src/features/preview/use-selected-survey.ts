import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { bbox as bboxOf } from '@turf/turf';
import type { Connection } from '../../api/connection.ts';
import type { Survey, SurveyFootprint } from '../../api/model.ts';
import { useAreaSearch } from '../../state/area-search-store.ts';
import { useSelection } from '../../state/selection-store.ts';
import { coverageSearchQueryOptions } from '../coverage/coverage-queries.ts';
import { footprintQueryOptions } from '../footprints/footprint-queries.ts';
import { useSurveyList } from '../surveys/use-survey-list.ts';

/** Stands in while nothing is selected; its query stays disabled. */
const NO_SURVEY: Survey = { id: '', captureStart: '', captureEnd: '', lastUpdated: null, cloudCover: null, spectralRange: null, links: {} };

/**
 * The selected survey and its footprint, when known: from the catalog list, or else from the
 * area search's results (which may hold surveys the list has not paged in yet, footprint included).
 */
export function useSelectedSurvey(connection: Connection): { survey: Survey | null; footprint: SurveyFootprint | null } {
  const selectedId = useSelection((s) => s.selectedId);
  const { surveys } = useSurveyList(connection);
  const search = useAreaSearch((s) => s.search);
  const coverage = useQuery(coverageSearchQueryOptions(connection, search));
  const listed = surveys.find((s) => s.id === selectedId) ?? null;
  const found = (!listed && selectedId && coverage.data?.find((s) => s.id === selectedId)) || null;
  const listedFootprint = useQuery(footprintQueryOptions(connection, listed ?? NO_SURVEY, listed !== null));
  const foundFootprint = useMemo<SurveyFootprint | null>(
    () => (found ? { surveyId: found.id, geometry: found.footprint, bbox: bboxOf(found.footprint) } : null),
    [found],
  );
  if (listed) return { survey: listed, footprint: listedFootprint.data ?? null };
  return { survey: found, footprint: foundFootprint };
}
