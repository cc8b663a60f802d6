import type { Survey } from '../../../core/wire/model.ts';
import { savedAreasStore, type SavedArea } from './saved-areas-store.ts';
import { acceptArea } from '../area-search/accept-area.ts';
import { snapshotOf } from './area-changes.ts';

/**
 * A saved area becomes the area exactly as a restored one does (checked, shown, brought into view),
 * and what is over it now becomes what later changes are counted from.
 */
export function openSavedArea(saved: SavedArea, surveysNow: readonly Survey[] | undefined): void {
  const outcome = acceptArea(saved.geometry, 'restored');
  if (outcome.ok) savedAreasStore.getState().savedAreaOpened(saved.id, surveysNow ? snapshotOf(surveysNow) : null);
}
