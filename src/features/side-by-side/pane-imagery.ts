import type { Connection } from '../../api/connection.ts';
import { tileCredentials } from '../../api/tiles.ts';
import type { ImagerySpec } from '../../map/raster-slot.ts';

/** A pane's imagery, under the place names of its map. */
export const paneImagery = (connection: Connection): ImagerySpec => ({
  ids: { source: 'side-by-side', layer: 'side-by-side-imagery' },
  order: 0,
  credentials: tileCredentials(connection),
});
