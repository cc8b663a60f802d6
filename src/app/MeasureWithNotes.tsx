import type { Connection } from '../api/connection.ts';
import { SaveAnnotation } from '../features/annotations/on-demand.ts';
import { MeasureTools } from '../features/measure/on-demand.ts';
import type { SurveyMap } from '../map/survey-map.ts';

/** Measuring, loaded once the map is drawn, where a finished measurement can be saved as a note. */
export function MeasureWithNotes({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  return (
    <MeasureTools
      surveyMap={surveyMap}
      saveMeasurement={(measurement, measured) => (
        <SaveAnnotation connection={connection} surveyMap={surveyMap} measurement={measurement} measured={measured} />
      )}
    />
  );
}
