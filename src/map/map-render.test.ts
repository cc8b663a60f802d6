import type { StyleSpecification } from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import type { OffscreenMapOptions } from './offscreen-map.ts';
import { MapRenderer, type MapRendererHost } from './map-render.ts';
import { printStyle } from './print-style.ts';

// The off-screen copy and its slot need WebGL: what a copy is made with is recorded instead.
const made = vi.hoisted(() => [] as OffscreenMapOptions[]);
vi.mock('./offscreen-map.ts', () => ({
  OffscreenMap: class {
    map = { isStyleLoaded: () => true };
    constructor(_main: unknown, _transform: unknown, options: OffscreenMapOptions) {
      made.push(options);
    }
  },
  renderMap: vi.fn(),
}));
vi.mock('./raster-slot.ts', () => ({
  RasterSlot: class {
    install() {}
  },
}));
vi.mock('./layer-order.ts', () => ({ LayerOrder: class {} }));

const style: StyleSpecification = {
  version: 8,
  sources: {
    footprints: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    area: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
  },
  layers: [
    { id: 'footprints-outline', type: 'line', source: 'footprints' },
    { id: 'area-outline', type: 'line', source: 'area' },
  ],
};

describe('frames drawn off-screen (a video)', () => {
  it("leave out what the slots' labels say is not the user's own marks: the footprints, not the area", async () => {
    const host: MapRendererHost = {
      main: {} as MapRendererHost['main'],
      transformRequest: () => undefined,
      over: () => [],
      beside: () => [],
      labelOf: (source) =>
        source === 'footprints' ? { label: 'Survey footprints' } : { label: 'Area', ownMarks: true },
      slotAdded: () => () => undefined,
    };
    const spec = { ids: { source: 'frame', layer: 'frame-imagery' }, order: 30 };
    await new MapRenderer(host).frames(spec, { pixelRatio: 1, print: { onlyOwnMarks: true } });
    const drawn = printStyle(style, made[0].print!).layers;
    expect(drawn.map((layer) => [layer.id, layer.layout?.visibility ?? 'visible'])).toEqual([
      ['footprints-outline', 'none'],
      ['area-outline', 'visible'],
    ]);
  });
});
