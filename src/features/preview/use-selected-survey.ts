import type { Connection } from '../../api/connection.ts';
import type { Survey, SurveyFootprint } from '../../../core/wire/model.ts';
import { useSelection } from '../../state/selection-store.ts';
import { useKnownSurvey } from '../compare/index.ts';

export { isDetailsUnknown } from '../compare/index.ts';

/**
 * The selected survey and its footprint, when known: from the catalog list, the area search's
 * results, the timeline's captures, or by id alone (see useKnownSurvey).
 */
export function useSelectedSurvey(connection: Connection): {
  survey: Survey | null;
  footprint: SurveyFootprint | null;
} {
  const selectedId = useSelection((s) => s.selectedId);
  return useKnownSurvey(connection, selectedId);
}
