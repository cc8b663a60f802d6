import type { LayerSpecification, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { GeoJsonSlot, type GeoJsonOverlaySpec } from './geojson-slot.ts';
import { featureOverlaySources, overlaysIn, printStyle, scaledSize } from './print-style.ts';

/** The features' overlays as they hand them to the map: each slot's sources draw its overlay. */
const slot = (order: GeoJsonOverlaySpec['order'], source: string) =>
  new GeoJsonSlot({} as MapLibreMap, { order, sources: { [source]: {} }, layers: [] });
const features = featureOverlaySources([
  slot('measure', 'measure'),
  slot('updatedTiles', 'updated-tiles'),
  slot('annotations', 'annotations'),
]);

const collection = (count: number) => ({
  type: 'FeatureCollection' as const,
  features: Array.from({ length: count }, () => ({
    type: 'Feature' as const,
    properties: {},
    geometry: { type: 'Point' as const, coordinates: [0, 0] },
  })),
});

const style = (layers: LayerSpecification[], filled: Record<string, number>): StyleSpecification => ({
  version: 8,
  sources: Object.fromEntries(
    Object.entries(filled).map(([id, count]) => [id, { type: 'geojson' as const, data: collection(count) }]),
  ),
  layers,
});

const line = (id: string, source: string, hidden = false): LayerSpecification => ({
  id,
  type: 'line',
  source,
  ...(hidden ? { layout: { visibility: 'none' as const } } : {}),
});

describe('overlaysIn', () => {
  it('names the overlays a visible layer draws from a source holding features', () => {
    const drawn = style(
      [
        line('tile-grid-outline', 'tile-grid'),
        line('footprints-outline', 'footprints'),
        line('area-draw-polygon', 'area-draw-polygon'),
        line('measure-line', 'measure'),
        line('updated-tiles-outline', 'updated-tiles', true),
        line('annotations-outline', 'annotations'),
        line('land', 'land'),
      ],
      {
        'tile-grid': 4,
        footprints: 900,
        'area-draw-polygon': 1,
        measure: 0,
        'updated-tiles': 3,
        annotations: 2,
        land: 1,
      },
    );
    expect(overlaysIn(drawn, features)).toEqual(['footprints', 'area', 'tileGrid', 'annotations']);
  });
});

describe('printStyle', () => {
  it('hides the overlays left out, and only those', () => {
    const printed = printStyle(
      style(
        [line('tile-grid-outline', 'tile-grid'), line('tile-grid-selected', 'tile-grid'), line('area-outline', 'area')],
        {},
      ),
      { hide: ['tileGrid'] },
    );
    expect(printed.layers.map((layer) => [layer.id, layer.layout?.visibility])).toEqual([
      ['tile-grid-outline', 'none'],
      ['tile-grid-selected', 'none'],
      ['area-outline', undefined],
    ]);
  });

  it('sizes every label for print: fixed, by zoom, by data, and the default', () => {
    const symbol = (id: string, size?: unknown, halo?: number): LayerSpecification =>
      ({
        id,
        type: 'symbol',
        source: 'annotations',
        layout: size === undefined ? {} : { 'text-size': size },
        paint: halo === undefined ? {} : { 'text-halo-width': halo },
      }) as LayerSpecification;
    const printed = printStyle(
      style(
        [
          symbol('titles', 12, 2),
          symbol('by-zoom', ['interpolate', ['linear'], ['zoom'], 4, 10, 12, 14]),
          symbol('by-data', ['get', 'size']),
          symbol('default'),
          line('outline', 'annotations'),
        ],
        {},
      ),
      { labelScale: 1.5, features },
    );
    const [titles, byZoom, byData, fallback, outline] = printed.layers as (LayerSpecification & {
      layout: Record<string, unknown>;
      paint: Record<string, unknown>;
    })[];
    expect([titles.layout['text-size'], titles.paint['text-halo-width']]).toEqual([18, 3]);
    expect(byZoom.layout['text-size']).toEqual(['interpolate', ['linear'], ['zoom'], 4, 15, 12, 21]);
    expect(byData.layout['text-size']).toEqual(['*', ['get', 'size'], 1.5]);
    expect(fallback.layout['text-size']).toBe(24);
    expect(outline).toEqual(line('outline', 'annotations'));
  });

  it('scales step outputs and legacy zoom functions too', () => {
    expect(scaledSize(['step', ['zoom'], 10, 8, 12], 2, 16)).toEqual(['step', ['zoom'], 20, 8, 24]);
    expect(
      scaledSize(
        {
          stops: [
            [4, 10],
            [12, 14],
          ],
        },
        2,
        16,
      ),
    ).toEqual({
      stops: [
        [4, 20],
        [12, 28],
      ],
    });
  });
});
