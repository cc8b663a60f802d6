import { useEffect, useState } from 'react';
import type { SurveyMap } from '../../map/survey-map.ts';
import { throttle } from '../../ui/throttle.ts';
import { sameCursorTile, tileUnderCursor, type CursorTile } from './tile-under-cursor.ts';

const POINTER_INTERVAL_MS = 120;

/**
 * The service tile under the pointer; changes only when the pointer crosses into another tile (or the zoom changes).
 * With `centreWhenOff`, the tile at the map centre while the pointer is not on the map (and on touch screens).
 */
export function useCursorTile(surveyMap: SurveyMap, { centreWhenOff = false } = {}): CursorTile {
  const [tile, setTile] = useState<CursorTile>({ kind: 'off-map' });
  useEffect(() => {
    let lngLat: [number, number] | null = null;
    const update = throttle(() => {
      const centre = !lngLat && centreWhenOff;
      const next = tileUnderCursor(centre ? surveyMap.camera.getCenter() : lngLat, surveyMap.camera.getZoom(), centre);
      setTile((current) => (sameCursorTile(current, next) ? current : next));
    }, POINTER_INTERVAL_MS);
    const offCursor = surveyMap.on('cursorMoved', (at) => {
      lngLat = at;
      update();
    });
    const offView = surveyMap.camera.onViewChange(update);
    return () => {
      offCursor();
      offView();
    };
  }, [surveyMap, centreWhenOff]);
  return tile;
}
