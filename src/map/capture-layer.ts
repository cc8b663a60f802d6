import type { BBox } from 'geojson';
import { previewSource } from './preview-layer.ts';
import type { RasterSpec } from './raster-slot.ts';

/** One older capture of a tile, drawn over the selected survey's imagery within that tile. */
export const CAPTURE_SOURCE = 'tile-capture';
export const CAPTURE_LAYER = 'tile-capture-imagery';

export interface CaptureSpec {
  /** XYZ template of the capture's tiles (the historical tile route). */
  tiles: string;
  /** The tile's extent: nothing is asked outside it. */
  bounds: BBox;
}

export const captureRaster = (spec: CaptureSpec): RasterSpec => ({
  source: previewSource(spec),
  layer: { paint: { 'raster-fade-duration': 150 } },
});
