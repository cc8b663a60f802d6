import { useEffect } from 'react';
import type { SurveyMap } from '../map/survey-map.ts';
import { uiStore } from '../state/ui-store.ts';
import { PHONE_MEDIA } from '../ui/phone-layout.ts';
import { sheetHeight } from './sheet-snap.ts';

/**
 * On a phone the sheet covers the map's foot: the camera is told the height the sheet is going to (not the height it
 * is passing through while it slides), as soon as the sheet is moved — before React renders, so that a pick that moves
 * the sheet and frames its survey in one render frames it in the part of the map left in view.
 */
export function useSheetCoversMap(surveyMap: SurveyMap | null): void {
  useEffect(() => {
    if (!surveyMap) return;
    const phone = window.matchMedia(PHONE_MEDIA);
    const update = () =>
      surveyMap.camera.coverBottom(phone.matches ? sheetHeight(uiStore.getState().sheet, window.innerHeight) : 0);
    update();
    const stopWatching = uiStore.subscribe((state, previous) => {
      if (state.sheet !== previous.sheet) update();
    });
    phone.addEventListener('change', update);
    window.addEventListener('resize', update);
    return () => {
      stopWatching();
      phone.removeEventListener('change', update);
      window.removeEventListener('resize', update);
    };
  }, [surveyMap]);
}
