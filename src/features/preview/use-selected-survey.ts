import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { bbox as bboxOf } from '@turf/turf';
import type { Connection } from '../../api/connection.ts';
import type { Survey, SurveyFootprint } from '../../api/model.ts';
import { useAreaSearch } from '../../state/area-search-store.ts';
import { useSelection } from '../../state/selection-store.ts';
import { coverageSearchQueryOptions } from '../coverage/coverage-queries.ts';
import { footprintByIdQueryOptions, footprintQueryOptions } from '../footprints/footprint-queries.ts';
import { useSurveyList } from '../surveys/use-survey-list.ts';

const unknownSurvey = (id: string): Survey => ({ id, captureStart: '', captureEnd: '', lastUpdated: null, cloudCover: null, spectralRange: null, links: {} });
/** Stands in while nothing is selected; its query stays disabled. */
const NO_SURVEY = unknownSurvey('');

/** A survey known only by its id: its catalog entry has not been loaded (its footprint can be). */
export const isDetailsUnknown = (survey: Survey): boolean => survey.captureStart === '';

/**
 * The selected survey and its footprint, when known: from the catalog list, or else from the
 * area search's results (which may hold surveys the list has not paged in yet, footprint included),
 * or else (a shared link to a survey further down the catalog) by id alone, with its footprint.
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
  const byIdOnly = selectedId !== null && !listed && !found && !(search && coverage.isPending);
  const idFootprint = useQuery(footprintByIdQueryOptions(connection, selectedId, byIdOnly));
  const idOnly = useMemo(() => (byIdOnly && selectedId ? unknownSurvey(selectedId) : null), [byIdOnly, selectedId]);
  if (listed) return { survey: listed, footprint: listedFootprint.data ?? null };
  if (found) return { survey: found, footprint: foundFootprint };
  return { survey: idOnly, footprint: idOnly ? idFootprint.data ?? null : null };
}
