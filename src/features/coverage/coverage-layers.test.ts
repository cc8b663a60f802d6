import type { LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { square } from '../../../core/test/shapes.ts';
import { GeoJsonSlot, type GeoJsonOverlaySpec } from '../../map/geojson-slot.ts';
import { LayerOrder } from '../../map/layer-order.ts';
import { FOOTPRINT_OVERLAYS } from '../footprints/index.ts';
import { TILE_GRID, UNCOVERED } from './coverage-layers.ts';

const withSource = (layer: LayerSpecification) => ('source' in layer ? (layer.source as string) : '');

/** A style's layer order, without WebGL. */
function styleMap() {
  const layers = ['water', 'labels'];
  const map = {
    getStyle: () => ({ layers: layers.map((id) => ({ id, type: id === 'labels' ? 'symbol' : 'fill' })) }),
    getLayer: (id: string) => (layers.includes(id) ? { id } : undefined),
    addLayer: (layer: { id: string }, before?: string) => {
      if (layers.includes(layer.id)) throw new Error(`${layer.id} added twice`);
      layers.splice(before ? layers.indexOf(before) : layers.length, 0, layer.id);
    },
    addSource: () => undefined,
    getSource: () => ({ setData: () => undefined, updateData: () => undefined }),
  };
  return { map: map as unknown as MapLibreMap, layers };
}

const feature = { type: 'Feature' as const, properties: { id: 'S1', key: '16/1/1' }, geometry: square(0, 0, 1, 1) };
const SPECS: GeoJsonOverlaySpec[] = [...FOOTPRINT_OVERLAYS, UNCOVERED, TILE_GRID];

describe('footprint and area search layers', () => {
  const layers = SPECS.flatMap((spec) => spec.layers);

  it('outline every constant fill with a line on the same source, and draw no antialiasing pass under it', () => {
    // The tile grid's fill is coloured per tile; its outlines fade out at low zoom, where the fill's own edge shows.
    const fills = layers.filter((layer) => layer.type === 'fill' && withSource(layer) !== 'tile-grid');
    expect(fills.length).toBeGreaterThanOrEqual(4);
    for (const fill of fills) {
      expect(
        layers.some((layer) => layer.type === 'line' && withSource(layer) === withSource(fill)),
        fill.id,
      ).toBe(true);
      expect(fill.paint, fill.id).toMatchObject({ 'fill-antialias': false });
    }
  });

  it('take the same order on the map whichever is drawn first', () => {
    const orders = [SPECS, [...SPECS].reverse(), [TILE_GRID, SPECS[0], UNCOVERED, SPECS[1], SPECS[2]]];
    const drawn = orders.map((specs) => {
      const { map, layers } = styleMap();
      const order = new LayerOrder(map);
      order.install();
      for (const spec of specs) {
        const slot = new GeoJsonSlot(map, spec, order);
        slot.install();
        slot.setData(Object.keys(spec.sources)[0], { type: 'FeatureCollection', features: [feature] });
      }
      return layers.filter((id) => !id.startsWith('slot-'));
    });
    expect(drawn[0]).toEqual([
      'water',
      'footprints-fill',
      'coverage-fill',
      'coverage-uncovered-fill',
      'tile-grid-fill',
      'footprint-hover-fill',
      'footprint-selected-fill',
      'footprints-outline',
      'coverage-outline',
      'footprint-hover-outline',
      'coverage-uncovered-outline',
      'tile-grid-outline',
      'tile-grid-hovered',
      'footprint-selected-casing',
      'footprint-selected-outline',
      'tile-grid-selected',
      'labels',
      'footprint-markers',
      'footprint-hover-marker',
      'footprint-selected-marker',
    ]);
    expect(drawn[1]).toEqual(drawn[0]);
    expect(drawn[2]).toEqual(drawn[0]);
  });
});
