import type { BBox } from 'geojson';
import { previewSource } from './preview-layer.ts';
import type { RasterSpec } from './raster-slot.ts';

/** One timelapse frame: a survey's imagery alone, over the basemap (the other imagery hidden meanwhile). */
export const TIMELAPSE_SOURCE = 'timelapse-frame';
export const TIMELAPSE_LAYER = 'timelapse-frame-imagery';

export interface TimelapseFrameSpec {
  /** XYZ template of the frame's survey tiles. */
  tiles: string;
  /** The survey's footprint extent: nothing is asked outside it. */
  bounds: BBox;
}

/** Drawn without a fade: a frame is shown whole, as it will be in a video. */
export const timelapseRaster = (spec: TimelapseFrameSpec): RasterSpec => ({
  source: previewSource(spec),
  layer: { paint: { 'raster-fade-duration': 0 } },
});
