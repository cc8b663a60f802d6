import type { RasterLayerSpecification, RasterSourceSpecification } from 'maplibre-gl';
import { PREVIEW_MAX_ZOOM, PREVIEW_MIN_ZOOM } from './preview-layer.ts';

/** The `basemap` pseudo-survey: the most recent imagery at every tile, under everything else the app draws. */
export const LATEST_SOURCE = 'latest-imagery';
export const LATEST_LAYER = 'latest-imagery-raster';

export const latestImagerySource = (tiles: string): RasterSourceSpecification => ({
  type: 'raster',
  tiles: [tiles],
  tileSize: 256,
  minzoom: PREVIEW_MIN_ZOOM,
  maxzoom: PREVIEW_MAX_ZOOM,
});

export const latestImageryLayer = (): RasterLayerSpecification => ({
  id: LATEST_LAYER,
  type: 'raster',
  source: LATEST_SOURCE,
  paint: { 'raster-fade-duration': 150 },
});
