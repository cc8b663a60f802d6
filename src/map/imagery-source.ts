import type { BBox } from 'geojson';
import type { RasterSourceSpecification } from 'maplibre-gl';
import { MAX_TILE_ZOOM, MIN_TILE_ZOOM } from '../../core/wire/limits.ts';

const TILE_SIZE = 256;

/**
 * MapLibre's zoom counts 512-px tiles, so the service's 256-px tiles sit one level deeper; raster
 * tile zooms are rounded. The tile zoom drawn at a map zoom, and the map zoom that draws a tile zoom:
 */
export const tileZoomAt = (mapZoom: number) => Math.round(mapZoom + Math.log2(512 / TILE_SIZE));
export const mapZoomFor = (tileZoom: number) => tileZoom - Math.log2(512 / TILE_SIZE);
/** The lowest map zoom that draws the service's imagery: MapLibre rounds 13.5 up to tile zoom 14. */
export const IMAGERY_MIN_MAP_ZOOM = mapZoomFor(MIN_TILE_ZOOM) - 0.5;

/**
 * The service's tiles of an XYZ template as a raster source: its tile size and zoom range, and (given `bounds`) no
 * tile asked for outside them.
 */
export function imagerySource({ tiles, bounds }: { tiles: string; bounds?: BBox }): RasterSourceSpecification {
  const source: RasterSourceSpecification = {
    type: 'raster',
    tiles: [tiles],
    tileSize: TILE_SIZE,
    minzoom: MIN_TILE_ZOOM,
    maxzoom: MAX_TILE_ZOOM,
  };
  if (!bounds) return source;
  const [west, south, east, north] = bounds;
  return { ...source, bounds: [west, south, east, north] };
}
