import type { BBox } from 'geojson';
import type { RasterLayerSpecification, RasterSourceSpecification } from 'maplibre-gl';
import { previewSource } from './preview-layer.ts';

export type CompareMode = 'swipe' | 'fade';

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

export const compareSourceId = (side: 'a' | 'b') => `compare-${side}`;
export const compareLayerId = (side: 'a' | 'b') => `compare-${side}-imagery`;

const WORLD: BBox = [-180, -85.051129, 180, 85.051129];

/** The preview's raster source (tile size, zoom range, bounds) for one side. */
export function compareSource(side: CompareSideSpec): RasterSourceSpecification {
  return previewSource({
    surveyId: side.surveyId,
    tiles: side.tiles,
    bounds: side.bounds ?? WORLD,
    opacity: 1,
    visible: true,
  });
}

export function compareLayer(side: 'a' | 'b', opacity: number, visible: boolean): RasterLayerSpecification {
  return {
    id: compareLayerId(side),
    type: 'raster',
    source: compareSourceId(side),
    layout: { visibility: visible ? 'visible' : 'none' },
    paint: { 'raster-opacity': opacity, 'raster-fade-duration': 150 },
  };
}

/** Whether two specs ask for the same tiles (so only opacity, mode or divider changed). */
export const sameSide = (x: CompareSideSpec, y: CompareSideSpec) =>
  x.surveyId === y.surveyId && x.tiles === y.tiles && String(x.bounds) === String(y.bounds);

/** B's opacity on the main map: faded in with `fade`, or hidden while the swipe shows B on its own map. */
export const mainMapOpacityOfB = (spec: CompareSpec) => (spec.mode === 'fade' ? spec.fade : 0);
