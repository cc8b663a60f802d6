import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { square } from '../../core/test/shapes.ts';
import { AreaSearchOverlay } from './area-search-map.ts';
import { FeatureSources } from './feature-sources.ts';
import { Footprints, type FootprintCollection } from './catalog-footprints.ts';
import { installLayerSlots } from './layer-order.ts';

/** A style's layer order and sources, and what was sent to the sources, without WebGL. */
function styleMap() {
  const layers = ['water', 'labels'];
  const sources = new Map<string, unknown[]>();
  /** Each source's data when it was added. */
  const added = new Map<string, unknown>();
  const source = (id: string) => ({
    setData: (data: unknown) => sources.get(id)?.push(data),
    updateData: (diff: unknown) => sources.get(id)?.push(diff),
  });
  const map = {
    getStyle: () => ({ layers: layers.map((id) => ({ id, type: id === 'labels' ? 'symbol' : 'fill' })) }),
    getLayer: (id: string) => (layers.includes(id) ? { id } : undefined),
    addLayer: (layer: { id: string }, before?: string) => {
      if (layers.includes(layer.id)) throw new Error(`${layer.id} added twice`);
      layers.splice(before ? layers.indexOf(before) : layers.length, 0, layer.id);
    },
    addSource: (id: string, spec: { data: unknown }) => {
      if (sources.has(id)) throw new Error(`source ${id} added twice`);
      sources.set(id, []);
      added.set(id, spec.data);
    },
    getSource: (id: string) => (sources.has(id) ? source(id) : undefined),
    setPaintProperty: () => undefined,
    setLayoutProperty: () => undefined,
    setFilter: () => undefined,
    setFeatureState: () => undefined,
  };
  return { map: map as unknown as MapLibreMap, layers, sources, added };
}

const found: FootprintCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { id: 'S1', order: 1 },
      geometry: square(0, 0, 1, 1),
    },
  ],
};

/** The map's start-up as SurveyMap does it, up to the highlights. */
function started() {
  const style = styleMap();
  const sources = new FeatureSources(style.map);
  const footprints = new Footprints(style.map, sources);
  const areaSearch = new AreaSearchOverlay(style.map, sources);
  installLayerSlots(style.map);
  footprints.install();
  areaSearch.install();
  footprints.installHighlights();
  return { ...style, areaSearch };
}

const appLayers = (layers: string[]) => layers.filter((id) => !id.startsWith('slot-'));

describe('the area search on the map', () => {
  it('starts with no source or layer of its own, only the places its layers will take', () => {
    const { layers, sources } = started();
    expect([...sources.keys()].filter((id) => /coverage|tile-grid/.test(id))).toEqual([]);
    expect(layers.filter((id) => /coverage|tile-grid/.test(id))).toEqual([]);
  });

  it('adds only the results with its first results, their features in the source as it is added', () => {
    const { layers, sources, added, areaSearch } = started();
    areaSearch.showCoverage(found);
    expect([...sources.keys()].filter((id) => /coverage|tile-grid/.test(id))).toEqual(['coverage-footprints']);
    expect(layers.filter((id) => /coverage|tile-grid/.test(id))).toEqual(['coverage-fill', 'coverage-outline']);
    // No empty source first, whose worker round trip would hold the features back.
    expect(added.get('coverage-footprints')).toEqual({ type: 'FeatureCollection', features: found.features });
    expect(sources.get('coverage-footprints')).toEqual([]);
  });

  it('adds the grid and the uncovered part when they come, in the order a map that started with them has', () => {
    const { layers, areaSearch } = started();
    areaSearch.showCoverage(found);
    areaSearch.showTileGrid({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { key: '16/1/1', percent: 100 }, geometry: square(0, 0, 1, 1) }],
    });
    areaSearch.showUncovered(found.features[0].geometry);
    expect(appLayers(layers)).toEqual([
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
  });

  it('sends later changes to its sources, and draws a tile grid or an uncovered part on their own too', () => {
    const first = started();
    first.areaSearch.showCoverage(found);
    first.areaSearch.showCoverage({ type: 'FeatureCollection', features: [] });
    // The first results went in with the source; the empty answer after them is sent.
    expect(first.sources.get('coverage-footprints')).toEqual([{ type: 'FeatureCollection', features: [] }]);

    const second = started();
    second.areaSearch.showUncovered(found.features[0].geometry);
    expect(second.layers).toContain('coverage-uncovered-fill');
    second.areaSearch.showUncovered(null);
    expect(second.sources.get('coverage-uncovered')).toHaveLength(1);
  });
});
