import type { BBox } from 'geojson';
import type { RasterSourceSpecification } from 'maplibre-gl';
import type { RasterSpec } from './raster-slot.ts';

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
/** The lowest map zoom that draws the service's imagery: MapLibre rounds 13.5 up to tile zoom 14. */
export const IMAGERY_MIN_MAP_ZOOM = mapZoomFor(PREVIEW_MIN_ZOOM) - 0.5;

export interface PreviewSpec {
  surveyId: string;
  /** XYZ URL template. */
  tiles: string;
  /** Footprint extent: no tile is requested outside it. */
  bounds: BBox;
  opacity: number;
  visible: boolean;
}

/** A survey's tiles as a raster source: the service's tile size and zoom range, nothing asked outside `bounds`. */
export function previewSource({ tiles, bounds }: Pick<PreviewSpec, 'tiles' | 'bounds'>): RasterSourceSpecification {
  const [west, south, east, north] = bounds;
  return {
    type: 'raster',
    tiles: [tiles],
    tileSize: TILE_SIZE,
    minzoom: PREVIEW_MIN_ZOOM,
    maxzoom: PREVIEW_MAX_ZOOM,
    bounds: [west, south, east, north],
  };
}

/** The selected survey's imagery; `visible` false hides it and keeps its tiles (e.g. while comparing). */
export function previewRaster(spec: PreviewSpec, visible: boolean): RasterSpec {
  return {
    source: previewSource(spec),
    layer: {
      layout: { visibility: visible ? 'visible' : 'none' },
      paint: { 'raster-opacity': spec.opacity, 'raster-fade-duration': 150 },
    },
  };
}
