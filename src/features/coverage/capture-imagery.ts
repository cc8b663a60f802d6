import type { BBox } from 'geojson';
import type { Connection } from '../../api/connection.ts';
import { tileCredentials } from '../../api/tiles.ts';
import { imagerySource } from '../../map/imagery-source.ts';
import type { ImagerySpec, RasterSpec } from '../../map/raster-slot.ts';

/** One older capture of a tile, drawn over the selected survey's imagery within that tile. */
export const captureImagery = (connection: Connection): ImagerySpec => ({
  ids: { source: 'tile-capture', layer: 'tile-capture-imagery' },
  order: 20,
  credentials: tileCredentials(connection),
});

/** `tiles`: the XYZ template of the capture's tiles (the historical tile route); `bounds`: the tile's extent. */
export const captureRaster = ({ tiles, bounds }: { tiles: string; bounds: BBox }): RasterSpec => ({
  source: imagerySource({ tiles, bounds }),
  layer: { paint: { 'raster-fade-duration': 150 } },
});
