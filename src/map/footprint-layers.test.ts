import type { LayerSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { areaSearchLayers, TILE_GRID_SOURCE } from './area-search-layers.ts';
import { footprintLayers, hoverLayers, selectionLayers } from './footprint-layers.ts';

const withSource = (layer: LayerSpecification) => ('source' in layer ? (layer.source as string) : '');

describe('footprint and area search layers', () => {
  const layers = [...footprintLayers(), ...hoverLayers(), ...selectionLayers().footprint, ...areaSearchLayers(null)];

  it('outline every constant fill with a line on the same source, and draw no antialiasing pass under it', () => {
    // The tile grid's fill is coloured per tile; its outlines fade out at low zoom, where the fill's own edge shows.
    const fills = layers.filter((layer) => layer.type === 'fill' && withSource(layer) !== TILE_GRID_SOURCE);
    expect(fills.length).toBeGreaterThanOrEqual(4);
    for (const fill of fills) {
      expect(
        layers.some((layer) => layer.type === 'line' && withSource(layer) === withSource(fill)),
        fill.id,
      ).toBe(true);
      expect(fill.paint, fill.id).toMatchObject({ 'fill-antialias': false });
    }
  });
});
