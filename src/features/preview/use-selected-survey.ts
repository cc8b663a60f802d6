import type { Connection } from '../../api/connection.ts';
import type { Survey, SurveyFootprint } from '../../api/model.ts';
import { useSelection } from '../../state/selection-store.ts';
import { useKnownSurvey } from '../compare/use-known-survey.ts';

/**
 * The selected survey and its footprint, when known: from the catalog list, or else from the
 * area search's results or the timeline's captures (which may hold surveys the list has not paged in yet).
 */
export function useSelectedSurvey(connection: Connection): { survey: Survey | null; footprint: SurveyFootprint | null } {
  const selectedId = useSelection((s) => s.selectedId);
  return useKnownSurvey(connection, selectedId);
}
