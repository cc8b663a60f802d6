import type { BBox } from 'geojson';
import type { RasterLayerSpecification, RasterSourceSpecification } from 'maplibre-gl';

export const PREVIEW_SOURCE = 'survey-preview';
export const PREVIEW_LAYER = 'survey-preview-imagery';

/** The service's tile zoom range. */
export const PREVIEW_MIN_ZOOM = 14;
export const PREVIEW_MAX_ZOOM = 21;
const TILE_SIZE = 256;

/**
 * MapLibre's zoom counts 512-px tiles, so the service's 256-px tiles sit one level deeper; raster
 * tile zooms are rounded. The tile zoom drawn at a map zoom, and the map zoom that draws a tile zoom:
 */
export const tileZoomAt = (mapZoom: number) => Math.round(mapZoom + Math.log2(512 / TILE_SIZE));
export const mapZoomFor = (tileZoom: number) => tileZoom - Math.log2(512 / TILE_SIZE);

export interface PreviewSpec {
  surveyId: string;
  /** XYZ URL template. */
  tiles: string;
  /** Footprint extent: no tile is requested outside it. */
  bounds: BBox;
  opacity: number;
  visible: boolean;
}

export function previewSource(spec: PreviewSpec): RasterSourceSpecification {
  const [west, south, east, north] = spec.bounds;
  return {
    type: 'raster',
    tiles: [spec.tiles],
    tileSize: TILE_SIZE,
    minzoom: PREVIEW_MIN_ZOOM,
    maxzoom: PREVIEW_MAX_ZOOM,
    bounds: [west, south, east, north],
  };
}

export function previewLayer(spec: PreviewSpec): RasterLayerSpecification {
  return {
    id: PREVIEW_LAYER,
    type: 'raster',
    source: PREVIEW_SOURCE,
    layout: { visibility: spec.visible ? 'visible' : 'none' },
    paint: { 'raster-opacity': spec.opacity, 'raster-fade-duration': 150 },
  };
}
