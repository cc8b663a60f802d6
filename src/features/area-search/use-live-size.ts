import { useEffect, useState } from 'react';
import { areaKm2 } from '../../area/prepare-area.ts';
import type { SurveyMap } from '../../map/survey-map.ts';

/**
 * km² of the shape while it is being drawn or edited, straight from the map's events: a read-out
 * only (the area itself changes when a drawing is finished). null when nothing is being drawn.
 */
export function useLiveSize(surveyMap: SurveyMap | null): number | null {
  const [km2, setKm2] = useState<number | null>(null);
  useEffect(() => {
    if (!surveyMap) return;
    const offs = [
      surveyMap.on('areaChanging', (shape) => setKm2(areaKm2(shape))),
      surveyMap.on('areaToolChanged', () => setKm2(null)),
      surveyMap.on('areaFinished', () => setKm2(null)),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [surveyMap]);
  return km2;
}
