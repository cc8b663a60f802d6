import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { type GeoJsonOverlaySpec, GeoJsonSlot } from './geojson-slot.ts';
import { LayerOrder } from './layer-order.ts';

/** What the slot asks of MapLibre, recorded. */
function recordingMap() {
  const calls: string[] = [];
  const layers: string[] = [];
  const rendered: unknown[] = [];
  const sources = new Map<string, unknown>();
  const map = {
    addSource: (id: string, spec: { data: { features: unknown[] }; promoteId?: string }) => {
      calls.push(`addSource ${id} ${spec.data.features.length}${spec.promoteId ? ` by ${spec.promoteId}` : ''}`);
      sources.set(id, {
        setData: (data: { features: unknown[] }) => calls.push(`setData ${id} ${data.features.length}`),
        updateData: () => calls.push(`updateData ${id}`),
      });
    },
    addLayer: (layer: { id: string; paint?: object; filter?: unknown }, before?: string) => {
      const styled = layer.filter ? ` filtered ${JSON.stringify(layer.filter)}` : '';
      calls.push(`addLayer ${layer.id} under ${before}${styled}`);
      layers.push(layer.id);
    },
    getLayer: (id: string) => (layers.includes(id) ? { id } : undefined),
    getSource: (id: string) => sources.get(id),
    setFilter: (id: string, filter: unknown) => calls.push(`filter ${id} ${JSON.stringify(filter)}`),
    setPaintProperty: (id: string, key: string, value: unknown) => calls.push(`paint ${id} ${key}=${value}`),
    setLayoutProperty: (id: string, key: string, value: unknown) => calls.push(`layout ${id} ${key}=${value}`),
    queryRenderedFeatures: () => rendered,
  };
  return { calls, rendered, map: map as unknown as MapLibreMap };
}

const slotOn = (map: MapLibreMap, spec = SPEC) => new GeoJsonSlot(map, spec, new LayerOrder(map));

const SPEC: GeoJsonOverlaySpec = {
  order: 30,
  sources: { marks: {}, places: { byId: true } },
  layers: [
    { id: 'marks-line', type: 'line', source: 'marks' },
    { id: 'places-dot', type: 'circle', source: 'places' },
  ],
};
const point = (id: string, x = 0) => ({
  type: 'Feature' as const,
  geometry: { type: 'Point' as const, coordinates: [x, 0] },
  properties: { id },
});
const marks = (n: number) => ({
  type: 'FeatureCollection' as const,
  features: Array.from({ length: n }, () => point('m')),
});

describe('GeoJsonSlot', () => {
  it('adds its sources and layers under its place the first time there is something to draw', () => {
    const { calls, map } = recordingMap();
    const slot = slotOn(map);
    slot.setData('marks', marks(2)); // before the style is ready: kept
    expect(calls).toEqual([]);
    slot.install();
    expect(slot.added).toBe(true);
    expect(calls).toEqual([
      'addSource marks 2',
      'addSource places 0 by id',
      'addLayer marks-line under slot-lines',
      'addLayer places-dot under slot-points',
    ]);
  });

  it('adds nothing while there is nothing to draw, then each source with its features, then only changes', () => {
    const { calls, map } = recordingMap();
    const slot = slotOn(map);
    slot.install();
    slot.setData('marks', marks(0));
    expect(calls).toEqual([]);
    const a = point('a');
    slot.updateData('places', [a]);
    expect(calls).toEqual([
      'addSource marks 0',
      'addSource places 1 by id',
      'addLayer marks-line under slot-lines',
      'addLayer places-dot under slot-points',
    ]);
    slot.updateData('places', [a]);
    slot.setData('marks', marks(3));
    slot.updateData('places', [a, point('b', 1)]);
    expect(calls.slice(-2)).toEqual(['setData marks 3', 'updateData places']);
  });

  it('keeps restyling for when its layers go in, and sends it at once after', () => {
    const { calls, map } = recordingMap();
    const slot = slotOn(map);
    slot.install();
    slot.restyle('marks-line', { filter: ['==', 'a', 1] });
    expect(calls).toEqual([]);
    slot.setData('marks', marks(1));
    expect(calls).toContain('addLayer marks-line under slot-lines filtered ["==","a",1]');
    slot.restyle('marks-line', { paint: { 'line-opacity': 0.5 }, layout: { visibility: 'none' } });
    expect(calls.slice(-2)).toEqual(['paint marks-line line-opacity=0.5', 'layout marks-line visibility=none']);
  });

  it('puts every layer on top when asked, by its order', () => {
    const { calls, map } = recordingMap();
    const slot = slotOn(map, { ...SPEC, onTop: true });
    slot.install();
    slot.setData('marks', marks(1));
    expect(calls.filter((call) => call.startsWith('addLayer'))).toEqual([
      'addLayer marks-line under undefined',
      'addLayer places-dot under undefined',
    ]);
  });

  it('offers clicks to its handler once added, with the feature under the pointer or none', () => {
    const { map, rendered } = recordingMap();
    const slot = slotOn(map, { ...SPEC, pointerLayers: ['places-dot'] });
    const clicks: unknown[] = [];
    slot.onClick((feature) => {
      clicks.push(feature?.properties?.id ?? null);
      return feature !== null;
    });
    slot.install();
    expect(slot.clicked([0, 0])).toBe(false);
    slot.updateData('places', [point('a')]);
    expect(slot.clicked([0, 0])).toBe(false);
    rendered.push(point('a'));
    expect(slot.clicked([0, 0])).toBe(true);
    expect(clicks).toEqual([null, 'a']);
  });
});
