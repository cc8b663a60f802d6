import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { type PrintLabel, printChoices, printStyle, scaledSize } from './print-style.ts';

/** The labels the slots' specs give their sources, as SurveyMap looks them up. */
const LABELS: Record<string, PrintLabel> = {
  footprints: { label: 'Survey footprints' },
  'tile-grid': { label: 'Tile grid', unlessAsked: true },
  'area-draw-polygon': { label: 'Area of interest', ownMarks: true },
  area: { label: 'Area of interest', ownMarks: true },
  measure: { label: 'Measurement', ownMarks: true },
  'updated-tiles': { label: 'Updated tiles' },
  annotations: { label: 'Annotations', ownMarks: true },
};
const labelOf = (source: string) => LABELS[source];

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

describe('printChoices', () => {
  it('names, bottom to top, the labelled marks a visible layer draws from a source holding features', () => {
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
    expect(printChoices(drawn, labelOf)).toEqual([
      { label: 'Tile grid', printedByDefault: false },
      { label: 'Survey footprints', printedByDefault: true },
      { label: 'Area of interest', printedByDefault: true },
      { label: 'Annotations', printedByDefault: true },
    ]);
  });
});

describe('printStyle', () => {
  it("keeps only the user's own marks where asked (a video)", () => {
    const printed = printStyle(
      style([line('footprints-outline', 'footprints'), line('measure-line', 'measure'), line('land', 'land')], {}),
      { onlyOwnMarks: true, labelOf },
    );
    expect(printed.layers.map((layer) => layer.layout?.visibility)).toEqual(['none', undefined, undefined]);
  });

  it('hides the marks left out, and only those', () => {
    const printed = printStyle(
      style(
        [line('tile-grid-outline', 'tile-grid'), line('tile-grid-selected', 'tile-grid'), line('area-outline', 'area')],
        {},
      ),
      { hide: ['Tile grid'], labelOf },
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
      { labelScale: 1.5, labelOf },
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
