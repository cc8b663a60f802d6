import type { GeoJSONSourceSpecification, StyleSpecification } from 'maplibre-gl';
import { AREA_DRAW_PREFIX, AREA_SOURCE } from './area-sources.ts';
import { COVERAGE_SOURCE, TILE_GRID_SOURCE, UNCOVERED_SOURCE } from './area-search-layers.ts';
import { FOOTPRINT_SOURCE, HOVER_SOURCE, MARKER_SOURCE, SELECTION_SOURCE } from './footprint-layers.ts';
import type { GeoJsonSlot } from './geojson-slot.ts';
import type { OVERLAY_SLOTS } from './layer-order.ts';

/** What the app draws over the imagery, each of which a print can leave out. */
const PRINT_OVERLAYS = [
  'footprints',
  'area',
  'uncovered',
  'tileGrid',
  'updatedTiles',
  'changes',
  'portfolio',
  'annotations',
  'measurement',
] as const;
export type PrintOverlay = (typeof PRINT_OVERLAYS)[number];

/** The overlay a feature's GeoJSON slot draws, by its place among the overlays. */
const SLOT_OVERLAYS: Record<keyof typeof OVERLAY_SLOTS, PrintOverlay> = {
  updatedTiles: 'updatedTiles',
  changes: 'changes',
  portfolio: 'portfolio',
  annotations: 'annotations',
  measure: 'measurement',
};

/** The features' sources (those of their slots) and the overlay each draws. */
export type FeatureOverlaySources = ReadonlyMap<string, PrintOverlay>;

export const featureOverlaySources = (slots: Iterable<GeoJsonSlot>): FeatureOverlaySources =>
  new Map([...slots].flatMap((slot) => slot.sourceIds.map((id) => [id, SLOT_OVERLAYS[slot.spec.order]] as const)));

const FOOTPRINT_SOURCES: readonly string[] = [
  FOOTPRINT_SOURCE,
  MARKER_SOURCE,
  HOVER_SOURCE,
  SELECTION_SOURCE,
  COVERAGE_SOURCE,
];

/** The overlay a source's layers draw, or null (the basemap, imagery). */
function overlayOfSource(id: string, features: FeatureOverlaySources): PrintOverlay | null {
  if (FOOTPRINT_SOURCES.includes(id)) return 'footprints';
  if (id === AREA_SOURCE || id.startsWith(`${AREA_DRAW_PREFIX}-`)) return 'area';
  if (id === UNCOVERED_SOURCE) return 'uncovered';
  if (id === TILE_GRID_SOURCE) return 'tileGrid';
  return features.get(id) ?? null;
}

function holdsFeatures(source: StyleSpecification['sources'][string] | undefined): boolean {
  if (source?.type !== 'geojson') return false;
  const data = (source as GeoJSONSourceSpecification).data;
  if (typeof data === 'string') return true;
  return data.type === 'FeatureCollection' ? data.features.length > 0 : true;
}

/** The overlays a style draws now: a visible layer of theirs over a source holding features. */
export function overlaysIn(style: StyleSpecification, features: FeatureOverlaySources): PrintOverlay[] {
  const shown = new Set<PrintOverlay>();
  for (const layer of style.layers) {
    if (!('source' in layer) || typeof layer.source !== 'string' || layer.layout?.visibility === 'none') continue;
    const overlay = overlayOfSource(layer.source, features);
    if (overlay && holdsFeatures(style.sources[layer.source])) shown.add(overlay);
  }
  return PRINT_OVERLAYS.filter((overlay) => shown.has(overlay));
}

type Size = unknown;

/**
 * A size property (a number, an expression, a zoom or data function) times `factor`. Zoom may only be the input of
 * a top-level interpolate or step, so their outputs are scaled rather than the whole.
 */
export function scaledSize(value: Size, factor: number, fallback: number): Size {
  if (value === undefined) return fallback * factor;
  if (typeof value === 'number') return value * factor;
  if (Array.isArray(value)) {
    const [operator] = value;
    if (operator === 'interpolate' || operator === 'interpolate-hcl' || operator === 'interpolate-lab')
      return value.map((part, i) => (i >= 4 && i % 2 === 0 ? scaledSize(part, factor, fallback) : part));
    if (operator === 'step')
      return value.map((part, i) => (i >= 2 && i % 2 === 0 ? scaledSize(part, factor, fallback) : part));
    return ['*', value, factor];
  }
  if (typeof value === 'object' && value !== null && 'stops' in value) {
    const fn = value as { stops: [unknown, number][] };
    return { ...fn, stops: fn.stops.map(([input, output]) => [input, output * factor]) };
  }
  return value;
}

export interface PrintStyleOptions {
  /** Overlays left out of the print. */
  hide?: readonly PrintOverlay[];
  /**
   * Labels' size (and halo) times this: a map printed smaller than it is on screen keeps its labels readable, at the
   * size they have on screen.
   */
  labelScale?: number;
  /** The features' overlays (SurveyMap adds them). */
  features?: FeatureOverlaySources;
}

/** The style to draw a print with: the overlays left out hidden, the labels sized for print. */
export function printStyle(
  style: StyleSpecification,
  { hide = [], labelScale = 1, features = new Map() }: PrintStyleOptions,
): StyleSpecification {
  const layers = style.layers.map((layer) => {
    const source = 'source' in layer && typeof layer.source === 'string' ? layer.source : null;
    const overlay = source ? overlayOfSource(source, features) : null;
    if (overlay && hide.includes(overlay))
      return { ...layer, layout: { ...layer.layout, visibility: 'none' as const } };
    if (layer.type !== 'symbol' || labelScale === 1) return layer;
    const layout = { ...layer.layout, 'text-size': scaledSize(layer.layout?.['text-size'], labelScale, 16) };
    const paint = { ...layer.paint };
    if (paint['text-halo-width'] !== undefined)
      paint['text-halo-width'] = scaledSize(
        paint['text-halo-width'],
        labelScale,
        0,
      ) as (typeof paint)['text-halo-width'];
    if (layout['icon-size'] !== undefined)
      layout['icon-size'] = scaledSize(layout['icon-size'], labelScale, 1) as never;
    return { ...layer, layout, paint } as typeof layer;
  });
  return { ...style, layers };
}
