import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { square } from '../../core/test/shapes.ts';
import { type FootprintCollection, Footprints } from './catalog-footprints.ts';
import { FeatureSources } from './feature-sources.ts';

/** Layers' visibility as set, and the sources' data as sent, without WebGL. */
function styleMap() {
  const visibility = new Map<string, string>();
  const sent = new Map<string, unknown[]>();
  const map = {
    getStyle: () => ({ layers: [] }),
    getLayer: () => ({}),
    addLayer: () => undefined,
    addSource: (id: string) => sent.set(id, []),
    getSource: (id: string) => ({
      setData: (data: unknown) => sent.get(id)?.push(data),
      updateData: (diff: unknown) => sent.get(id)?.push(diff),
    }),
    setPaintProperty: () => undefined,
    setLayoutProperty: (id: string, name: string, value: string) => {
      if (name === 'visibility') visibility.set(id, value);
    },
  };
  return { map: map as unknown as MapLibreMap, visibility };
}

const catalog: FootprintCollection = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { id: 'A', order: 1 }, geometry: square(0, 0, 1, 1) },
    { type: 'Feature', properties: { id: 'B', order: 2 }, geometry: square(2, 0, 3, 1) },
  ],
};

const hoverLayers = ['footprint-hover-fill', 'footprint-hover-outline', 'footprint-hover-marker'];
const selectionLayers = [
  'footprint-selected-fill',
  'footprint-selected-casing',
  'footprint-selected-outline',
  'footprint-selected-marker',
];

describe("the catalog's footprints", () => {
  it('shows the hover and selection layers only while they have a survey to draw, and all hidden together', () => {
    const { map, visibility } = styleMap();
    const footprints = new Footprints(map, new FeatureSources(map));
    footprints.install();
    footprints.installHighlights();
    footprints.show(catalog);
    const of = (ids: string[]) => ids.map((id) => visibility.get(id));
    expect(of(hoverLayers)).toEqual(['none', 'none', 'none']);
    expect(of(selectionLayers)).toEqual(['none', 'none', 'none', 'none']);
    expect(visibility.get('footprints-fill')).toBe('visible');

    footprints.highlight('A');
    footprints.select('B');
    expect(of(hoverLayers)).toEqual(['visible', 'visible', 'visible']);
    expect(of(selectionLayers)).toEqual(['visible', 'visible', 'visible', 'visible']);

    footprints.showLayers(false);
    expect(of([...hoverLayers, ...selectionLayers, 'footprints-fill']).every((v) => v === 'none')).toBe(true);
    footprints.showLayers(true);
    expect(of(selectionLayers)).toEqual(['visible', 'visible', 'visible', 'visible']);

    footprints.highlight(null);
    expect(of(hoverLayers)).toEqual(['none', 'none', 'none']);
    expect(of(selectionLayers)).toEqual(['visible', 'visible', 'visible', 'visible']);
  });
});
