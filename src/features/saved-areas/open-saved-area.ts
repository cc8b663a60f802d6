import type { AreaGeometry } from '../../../core/geo/geometry.ts';
import type { Survey } from '../../../core/wire/model.ts';
import { savedAreasStore, type SavedArea } from './saved-areas-store.ts';
import { snapshotOf } from './area-changes.ts';

/** Makes a geometry the area of interest as a restored one (handed in by the shell): whether it did. */
export type OpenArea = (geometry: AreaGeometry) => boolean;

/**
 * A saved area becomes the area exactly as a restored one does (checked, shown, brought into view),
 * and what is over it now becomes what later changes are counted from.
 */
export function openSavedArea(saved: SavedArea, surveysNow: readonly Survey[] | undefined, openArea: OpenArea): void {
  if (openArea(saved.geometry))
    savedAreasStore.getState().savedAreaOpened(saved.id, surveysNow ? snapshotOf(surveysNow) : null);
}
