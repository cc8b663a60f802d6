import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { ComparePanel } from './ComparePanel.tsx';
import { CompareSync } from './CompareSync.tsx';

/** The comparison on the map and its controls (loaded once a comparison starts). */
export function CompareView({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  return (
    <>
      <CompareSync connection={connection} surveyMap={surveyMap} />
      <ComparePanel connection={connection} surveyMap={surveyMap} />
    </>
  );
}
