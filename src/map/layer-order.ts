import type { LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { firstLabelLayer } from './first-label-layer.ts';

/**
 * Empty layers that mark where each kind of the app's layers goes, bottom to top, all under the basemap's
 * labels: fills; then imagery (latest imagery, the preview); then outlines and the drawn area; then the
 * compared surveys, which cover the app's layers as the swipe's second map (which has none) does. Fills
 * sit under imagery, so nothing drawn over it changes its colours: over tiles only outlines show.
 */
export const LAYER_SLOTS = {
  fills: 'slot-fills',
  imagery: 'slot-imagery',
  lines: 'slot-lines',
  comparison: 'slot-comparison',
} as const;

/** A layer that marks a place in the order: hidden, it draws nothing. */
export const slotMarker = (id: string): LayerSpecification => ({
  id,
  type: 'background',
  layout: { visibility: 'none' },
});

/** Adds the slot markers under the labels, once the style is ready. */
export function installLayerSlots(map: MapLibreMap): void {
  const labels = firstLabelLayer(map);
  for (const id of Object.values(LAYER_SLOTS)) map.addLayer(slotMarker(id), labels);
}

/**
 * Where the optional overlays go (each added on first use: added-on-first-use.ts), bottom to top, above the layers
 * the map starts with: their order stays the same whichever is added first.
 */
export const OVERLAY_SLOTS = {
  updatedTiles: 'slot-updated-tiles',
  changes: 'slot-changes',
  portfolio: 'slot-portfolio',
  annotations: 'slot-annotations',
  measure: 'slot-measure',
} as const;

/** Adds the overlays' slot markers on top of the layers so far. */
export function installOverlaySlots(map: MapLibreMap): void {
  for (const id of Object.values(OVERLAY_SLOTS)) map.addLayer(slotMarker(id));
}

/** The slot a layer of the app goes under: fills and lines to theirs; points (markers) on top of all. */
export function slotOf(layer: LayerSpecification): string | undefined {
  if (layer.type === 'fill') return LAYER_SLOTS.fills;
  if (layer.type === 'line') return LAYER_SLOTS.lines;
  return undefined;
}
