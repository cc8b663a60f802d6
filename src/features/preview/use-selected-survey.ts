import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { Survey, SurveyFootprint } from '../../api/model.ts';
import { useSelection } from '../../state/selection-store.ts';
import { footprintQueryOptions } from '../footprints/footprint-queries.ts';
import { useSurveyList } from '../surveys/use-survey-list.ts';

/** Stands in while nothing is selected; its query stays disabled. */
const NO_SURVEY: Survey = { id: '', captureStart: '', captureEnd: '', lastUpdated: null, cloudCover: null, spectralRange: null, links: {} };

/** The selected survey and its footprint, when known. */
export function useSelectedSurvey(connection: Connection): { survey: Survey | null; footprint: SurveyFootprint | null } {
  const selectedId = useSelection((s) => s.selectedId);
  const { surveys } = useSurveyList(connection);
  const survey = surveys.find((s) => s.id === selectedId) ?? null;
  const footprint = useQuery(footprintQueryOptions(connection, survey ?? NO_SURVEY, survey !== null));
  return { survey, footprint: survey ? footprint.data ?? null : null };
}
