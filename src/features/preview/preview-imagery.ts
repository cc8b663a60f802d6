import type { BBox } from 'geojson';
import type { Connection } from '../../api/connection.ts';
import { tileCredentials } from '../../api/tiles.ts';
import { imagerySource } from '../../map/imagery-source.ts';
import type { ImagerySpec, RasterSpec } from '../../map/raster-slot.ts';

/** The selected survey's imagery: over the latest imagery, under an older capture of one of its tiles. */
export const previewImagery = (connection: Connection): ImagerySpec => ({
  ids: { source: 'survey-preview', layer: 'survey-preview-imagery' },
  order: 10,
  keepTiles: true,
  credentials: tileCredentials(connection),
});

export interface PreviewSpec {
  surveyId: string;
  /** XYZ URL template. */
  tiles: string;
  /** Footprint extent: no tile is requested outside it. */
  bounds: BBox;
  opacity: number;
}

/** The selected survey's tiles; `visible` false hides them and keeps them (e.g. while comparing). */
export function previewRaster(spec: PreviewSpec, visible: boolean): RasterSpec {
  return {
    source: imagerySource(spec),
    layer: {
      layout: { visibility: visible ? 'visible' : 'none' },
      paint: { 'raster-opacity': spec.opacity, 'raster-fade-duration': 150 },
    },
  };
}
