import { PREVIEW_MAX_ZOOM, PREVIEW_MIN_ZOOM } from './preview-layer.ts';
import type { RasterSpec } from './raster-slot.ts';

/** The `basemap` pseudo-survey: the most recent imagery at every tile, under everything else the app draws. */
export const LATEST_SOURCE = 'latest-imagery';
export const LATEST_LAYER = 'latest-imagery-raster';

export const latestImageryRaster = (tiles: string): RasterSpec => ({
  source: { type: 'raster', tiles: [tiles], tileSize: 256, minzoom: PREVIEW_MIN_ZOOM, maxzoom: PREVIEW_MAX_ZOOM },
  layer: { paint: { 'raster-fade-duration': 150 } },
});
