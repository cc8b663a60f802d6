import type { Connection } from '../../api/connection.ts';
import { tileCredentials } from '../../api/tiles.ts';
import { imagerySource } from '../../map/imagery-source.ts';
import type { ImagerySpec, RasterSpec } from '../../map/raster-slot.ts';

/** The `basemap` pseudo-survey: the most recent imagery at every tile, under all other imagery. */
export const latestImagery = (connection: Connection): ImagerySpec => ({
  ids: { source: 'latest-imagery', layer: 'latest-imagery-raster' },
  order: 0,
  credentials: tileCredentials(connection),
});

export const latestImageryRaster = (tiles: string): RasterSpec => ({
  source: imagerySource({ tiles }),
  layer: { paint: { 'raster-fade-duration': 150 } },
});
