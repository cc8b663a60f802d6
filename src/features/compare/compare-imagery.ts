import type { BBox } from 'geojson';
import type { Connection } from '../../api/connection.ts';
import { tileCredentials } from '../../api/tiles.ts';
import { imagerySource } from '../../map/imagery-source.ts';
import type { ImagerySpec, RasterSpec } from '../../map/raster-slot.ts';

type CompareMode = 'swipe' | 'fade';

/** One side of a comparison: a survey's imagery. */
export interface CompareSideSpec {
  surveyId: string;
  /** XYZ URL template. */
  tiles: string;
  /** Footprint extent when known: no tile is requested outside it. */
  bounds: BBox | null;
}

/**
 * Two surveys at once. Swipe: A on the main map, B on a camera-synced map clipped to the right of
 * the divider. Fade: both on the main map, B over A with opacity `fade`.
 */
export interface CompareSpec {
  a: CompareSideSpec;
  b: CompareSideSpec;
  mode: CompareMode;
  /** Divider position, 0–1 of the map's width. */
  swipe: number;
  /** 0 shows only A, 1 only B. */
  fade: number;
}

/** A compared side's imagery: over the app's outlines, as the swipe's second map (which has none) covers them. */
export const compareImagery = (connection: Connection, side: 'a' | 'b'): ImagerySpec => ({
  ids: { source: `compare-${side}`, layer: `compare-${side}-imagery` },
  band: 'cover',
  order: side === 'a' ? 0 : 10,
  credentials: tileCredentials(connection),
});

const WORLD: BBox = [-180, -85.051129, 180, 85.051129];

/** One side's imagery: the preview's raster source (tile size, zoom range, bounds). */
export function compareRaster(side: CompareSideSpec, opacity: number, visible: boolean): RasterSpec {
  return {
    source: imagerySource({ tiles: side.tiles, bounds: side.bounds ?? WORLD }),
    layer: {
      layout: { visibility: visible ? 'visible' : 'none' },
      paint: { 'raster-opacity': opacity, 'raster-fade-duration': 150 },
    },
  };
}

/** The main map's layers: A drawn in full; B faded in over it, or hidden while the swipe shows B on its own map. */
export function compareRasters(spec: CompareSpec): { a: RasterSpec; b: RasterSpec } {
  const fading = spec.mode === 'fade';
  return { a: compareRaster(spec.a, 1, true), b: compareRaster(spec.b, fading ? spec.fade : 0, fading) };
}
