import type { GeoJsonOverlaySpec } from '../../map/geojson-slot.ts';

export const MOSAIC_UPDATES_SOURCE = 'updated-tiles';
const mosaicUpdatesLayerIds = { casing: 'updated-tiles-casing', outline: 'updated-tiles-outline' } as const;

/**
 * The tiles re-published since a date ("what changed"): outlines only, a dark casing under a bright line, so the
 * imagery inside keeps its colours.
 */
export const MOSAIC_UPDATES_OVERLAY: GeoJsonOverlaySpec = {
  order: 10,
  onTop: true,
  print: { label: 'Updated tiles' },
  sources: { [MOSAIC_UPDATES_SOURCE]: {} },
  layers: [
    {
      id: mosaicUpdatesLayerIds.casing,
      type: 'line',
      source: MOSAIC_UPDATES_SOURCE,
      paint: { 'line-color': '#1b1b1b', 'line-width': 4, 'line-opacity': 0.8 },
    },
    {
      id: mosaicUpdatesLayerIds.outline,
      type: 'line',
      source: MOSAIC_UPDATES_SOURCE,
      paint: { 'line-color': '#ffb000', 'line-width': 2 },
    },
  ],
};
