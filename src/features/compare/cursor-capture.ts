import { newestCapture, type TileMetadataItem } from '../../../core/wire/model.ts';
import { MIN_TILE_ZOOM } from '../../../core/wire/limits.ts';
import { formatCaptureWindow } from '../../format/survey-format.ts';
import type { CursorTile } from './tile-under-cursor.ts';

/** Why no capture time can be shown for the pointer's place, or null when a tile can be asked about. */
export function cursorTileHint(cursor: CursorTile): string | null {
  if (cursor.kind === 'off-map') return 'Point at the map to see when the tile under the cursor was captured.';
  if (cursor.kind === 'too-far')
    return (
      `Zoom in to see tile capture times: imagery tiles start at zoom ${MIN_TILE_ZOOM} (now ` + `${cursor.tileZoom}).`
    );
  return null;
}

export { newestCapture };

/** What one layer (or compared side) says about the tile under the pointer. */
export function describeTileCaptures(items: readonly TileMetadataItem[]): string {
  if (items.length === 0) return 'No imagery on this tile';
  const newest = newestCapture(items);
  if (!newest) return 'Capture time not published for this tile';
  const dated = items.filter((item) => item.captureStart !== null);
  const window = formatCaptureWindow(newest.captureStart!, newest.captureEnd ?? newest.captureStart!);
  return dated.length > 1 ? `${window} (newest of ${dated.length} captures)` : window;
}
