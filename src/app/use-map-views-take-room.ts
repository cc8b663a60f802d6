import { useEffect } from 'react';
import { timelapseStore } from '../features/timelapse/index.ts';
import { sideBySideStore } from '../state/side-by-side-store.ts';
import { uiStore } from '../state/ui-store.ts';

/**
 * The timelapse and maps side by side are views of the map: on a phone, opening one takes the sheet down to its tabs,
 * so that the map keeps its room under the player or the grid (the sheet can be pulled up again).
 */
export function useMapViewsTakeRoom(): void {
  useEffect(() => {
    const offTimelapse = timelapseStore.subscribe((state, before) => {
      if (state.open && !before.open) uiStore.getState().mapViewOpened();
    });
    const offSideBySide = sideBySideStore.subscribe((state, before) => {
      if (state.panes.length > 0 && before.panes.length === 0) uiStore.getState().mapViewOpened();
    });
    return () => {
      offTimelapse();
      offSideBySide();
    };
  }, []);
}
