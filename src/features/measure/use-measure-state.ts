import { useCallback, useSyncExternalStore } from 'react';
import type { MeasureState } from './measure-layer.ts';
import type { SurveyMap } from '../../map/survey-map.ts';

/** The map's measuring tool and measurement, as React state. */
export function useMeasureState(surveyMap: SurveyMap): MeasureState {
  const subscribe = useCallback((onChange: () => void) => surveyMap.on('measureChanged', onChange), [surveyMap]);
  return useSyncExternalStore(subscribe, surveyMap.getMeasureState);
}
