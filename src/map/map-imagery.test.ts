import type { Map as MapLibreMap, ResourceType } from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { LayerOrder } from './layer-order.ts';
import { MapImagery } from './map-imagery.ts';
import type { ImagerySpec, RasterSpec } from './raster-slot.ts';
import { TileRequests } from './tile-requests.ts';

/** A style's layers with their visibility, without WebGL. */
function styleMap() {
  const layers: { id: string; visibility?: string }[] = [{ id: 'labels' }];
  const map = {
    getStyle: () => ({ layers: layers.map(({ id }) => ({ id, type: id === 'labels' ? 'symbol' : 'raster' })) }),
    getLayer: (id: string) => layers.find((l) => l.id === id),
    addLayer: (layer: { id: string; layout?: { visibility?: string } }, before?: string) =>
      layers.splice(before ? layers.findIndex((l) => l.id === before) : layers.length, 0, {
        id: layer.id,
        visibility: layer.layout?.visibility,
      }),
    removeLayer: (id: string) =>
      layers.splice(
        layers.findIndex((l) => l.id === id),
        1,
      ),
    getSource: () => undefined,
    addSource: () => undefined,
    removeSource: () => undefined,
    setLayoutProperty: (id: string, _: string, value: string) => {
      const layer = layers.find((l) => l.id === id);
      if (layer) layer.visibility = value;
    },
    setPaintProperty: () => undefined,
  };
  const shown = () => layers.filter((l) => !l.id.startsWith('slot-') && l.id !== 'labels' && l.visibility !== 'none');
  return { map: map as unknown as MapLibreMap, layers, shown: () => shown().map((l) => l.id) };
}

const spec = (name: string, order: number, more: Partial<ImagerySpec> = {}): ImagerySpec => ({
  ids: { source: name, layer: `${name}-layer` },
  order,
  ...more,
});
const raster = (template: string): RasterSpec => ({
  source: { type: 'raster', tiles: [template], tileSize: 256 },
  layer: { layout: { visibility: 'visible' } },
});

function imageryOn() {
  const style = styleMap();
  const order = new LayerOrder(style.map);
  order.install();
  const reload = vi.fn();
  const requests = new TileRequests(() => undefined, reload);
  const imagery = new MapImagery(style.map, order, requests);
  imagery.install();
  return { ...style, imagery, requests, reload };
}

describe("the map's imagery", () => {
  it('stacks slots by their order, whichever is shown first', () => {
    const { imagery, layers } = imageryOn();
    imagery.slot(spec('top', 20)).show(raster('t/{z}'));
    imagery.slot(spec('bottom', 0)).show(raster('b/{z}'));
    imagery.slot(spec('middle', 10)).show(raster('m/{z}'));
    const ids = layers.map((l) => l.id).filter((id) => id.endsWith('-layer'));
    expect(ids).toEqual(['bottom-layer', 'middle-layer', 'top-layer']);
  });

  it('hides the others while one is drawn alone, and while maps beside cover it; kept ones keep their layer', () => {
    const { imagery, shown, layers } = imageryOn();
    imagery.slot(spec('latest', 0)).show(raster('l/{z}'));
    imagery.slot(spec('preview', 10, { keepTiles: true })).show(raster('p/{z}'));
    const frame = imagery.slot(spec('frame', 30, { alone: true }));
    frame.show(raster('f/{z}'));
    expect(shown()).toEqual(['frame-layer']);
    expect(layers.map((l) => l.id)).toContain('preview-layer');
    frame.show(null);
    expect(shown()).toEqual(['latest-layer', 'preview-layer']);
    imagery.setCovered(true);
    expect(shown()).toEqual([]);
    imagery.setCovered(false);
    expect(shown()).toEqual(['latest-layer', 'preview-layer']);
  });

  it("authorizes a tile with its slot's credentials, and renews once for a burst of refusals", async () => {
    const { imagery, requests, reload } = imageryOn();
    let release: (fresh: boolean) => void = () => undefined;
    const credentials = {
      authorize: (url: string) => ({ url, headers: { Authorization: 'Bearer t' } }),
      renew: vi.fn(() => new Promise<boolean>((resolve) => (release = resolve))),
    };
    const slot = imagery.slot(spec('preview', 10, { credentials }));
    slot.show(raster('https://s/tile/v2/A/{z}/{x}/{y}'));
    expect(requests.transform('https://s/tile/v2/A/1/2/3', 'Tile' as ResourceType)).toEqual({
      url: 'https://s/tile/v2/A/1/2/3',
      headers: { Authorization: 'Bearer t' },
    });
    expect(requests.transform('https://s/tile/v2/B/1/2/3', 'Tile' as ResourceType)).toBeUndefined();
    for (let i = 0; i < 5; i += 1) requests.refused(slot);
    release(true);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(credentials.renew).toHaveBeenCalledTimes(1);
  });
});
