import { useSyncExternalStore } from 'react';
import { measureOf, type MeasureState } from './measure-layer.ts';
import type { SurveyMap } from '../../map/survey-map.ts';

/** The map's measuring tool and measurement, as React state. */
export function useMeasureState(surveyMap: SurveyMap): MeasureState {
  const measure = measureOf(surveyMap);
  return useSyncExternalStore(measure.subscribe, measure.getState);
}
