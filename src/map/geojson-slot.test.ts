import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { type GeoJsonOverlaySpec, GeoJsonSlot } from './geojson-slot.ts';

/** What the slot asks of MapLibre, recorded. */
function recordingMap() {
  const calls: string[] = [];
  const sources = new Map<string, unknown>();
  const map = {
    addSource: (id: string, spec: { data: { features: unknown[] }; promoteId?: string }) => {
      calls.push(`addSource ${id} ${spec.data.features.length}${spec.promoteId ? ` by ${spec.promoteId}` : ''}`);
      sources.set(id, {
        setData: (data: { features: unknown[] }) => calls.push(`setData ${id} ${data.features.length}`),
        updateData: () => calls.push(`updateData ${id}`),
      });
    },
    addLayer: (layer: { id: string }, before?: string) => calls.push(`addLayer ${layer.id} under ${before}`),
    getSource: (id: string) => sources.get(id),
  };
  return { calls, map: map as unknown as MapLibreMap };
}

const SPEC: GeoJsonOverlaySpec = {
  order: 'annotations',
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
    const slot = new GeoJsonSlot(map, SPEC);
    slot.setData('marks', marks(2)); // before the style is ready: kept
    expect(calls).toEqual([]);
    slot.install();
    expect(slot.added).toBe(true);
    expect(calls).toEqual([
      'addSource marks 2',
      'addSource places 0 by id',
      'addLayer marks-line under slot-annotations',
      'addLayer places-dot under slot-annotations',
    ]);
  });

  it('adds nothing while there is nothing to draw, then each source with its features, then only changes', () => {
    const { calls, map } = recordingMap();
    const slot = new GeoJsonSlot(map, SPEC);
    slot.install();
    slot.setData('marks', marks(0));
    expect(calls).toEqual([]);
    const a = point('a');
    slot.updateData('places', [a]);
    expect(calls).toEqual([
      'addSource marks 0',
      'addSource places 1 by id',
      'addLayer marks-line under slot-annotations',
      'addLayer places-dot under slot-annotations',
    ]);
    slot.updateData('places', [a]);
    slot.setData('marks', marks(3));
    slot.updateData('places', [a, point('b', 1)]);
    expect(calls.slice(-2)).toEqual(['setData marks 3', 'updateData places']);
  });
});
