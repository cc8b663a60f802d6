import type { ErrorEvent, Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { LayerOrder } from './layer-order.ts';
import { type ImagerySpec, RasterSlot, type RasterSpec } from './raster-slot.ts';

/** The map calls a raster slot makes, in order, against a style holding `layers`. */
function recordingMap(layers: string[] = ['labels']) {
  const calls: string[] = [];
  const sources = new Map<string, { setTiles: (tiles: string[]) => void }>();
  const map = {
    getLayer: (id: string) => (layers.includes(id) ? { id } : undefined),
    getSource: (id: string) => sources.get(id),
    addSource: (id: string) => {
      calls.push(`addSource ${id}`);
      sources.set(id, { setTiles: (tiles) => calls.push(`setTiles ${tiles.join()}`) });
    },
    removeSource: (id: string) => {
      calls.push(`removeSource ${id}`);
      sources.delete(id);
    },
    addLayer: (layer: { id: string }, before?: string) => {
      calls.push(`addLayer ${layer.id} before ${before}`);
      layers.splice(before ? layers.indexOf(before) : layers.length, 0, layer.id);
    },
    removeLayer: (id: string) => {
      calls.push(`removeLayer ${id}`);
      layers.splice(layers.indexOf(id), 1);
    },
    setPaintProperty: (id: string, key: string, value: unknown) => calls.push(`paint ${id} ${key}=${value}`),
    setLayoutProperty: (id: string, key: string, value: unknown) => calls.push(`layout ${id} ${key}=${value}`),
    setLayerZoomRange: (id: string, min: number, max: number) => calls.push(`zoom ${id} ${min}-${max}`),
  };
  return { map: map as unknown as MapLibreMap, calls, layers };
}

const raster = (tiles: string, opacity = 1, visible = true): RasterSpec => ({
  source: { type: 'raster', tiles: [tiles], tileSize: 256 },
  layer: { layout: { visibility: visible ? 'visible' : 'none' }, paint: { 'raster-opacity': opacity } },
});

const SPEC: ImagerySpec = { ids: { source: 'imagery', layer: 'imagery-layer' }, order: 10 };

const slotOn = (map: MapLibreMap, refused = () => undefined, spec = SPEC) =>
  new RasterSlot(map, spec, { order: new LayerOrder(map), refused });

describe('RasterSlot', () => {
  it("adds nothing until the style is ready, then what was asked last, under its band's marker", () => {
    const { map, calls, layers } = recordingMap(['slot-imagery', 'labels']);
    const slot = slotOn(map);
    slot.show(raster('a/{z}/{x}/{y}'));
    expect(calls).toEqual([]);
    slot.install();
    expect(calls).toEqual(['addSource imagery', 'addLayer imagery-layer before slot-imagery']);
    expect(layers).toEqual(['imagery-layer', 'slot-imagery', 'labels']);
  });

  it('sends only changed paint and layout properties while the source stays the same', () => {
    const { map, calls } = recordingMap();
    const slot = slotOn(map);
    slot.install();
    slot.show(raster('a', 1));
    calls.length = 0;
    slot.show(raster('a', 0.4));
    slot.show(raster('a', 0.4, false));
    slot.show(raster('a', 0.4, false));
    expect(calls).toEqual(['paint imagery-layer raster-opacity=0.4', 'layout imagery-layer visibility=none']);
  });

  it('replaces source and layer for other tiles, and removes both for nothing', () => {
    const { map, calls, layers } = recordingMap(['slot-imagery', 'labels']);
    const slot = slotOn(map);
    slot.install();
    slot.show(raster('a'));
    calls.length = 0;
    slot.show(raster('b'));
    expect(calls).toEqual([
      'removeLayer imagery-layer',
      'removeSource imagery',
      'addSource imagery',
      'addLayer imagery-layer before slot-imagery',
    ]);
    slot.show(null);
    expect(layers).toEqual(['slot-imagery', 'labels']);
  });

  it('reloads its tiles, and reports a refused tile of its own source', () => {
    const { map, calls } = recordingMap();
    const refused = vi.fn();
    const slot = slotOn(map, refused);
    slot.install();
    slot.show(raster('a'));
    slot.reload();
    expect(calls.at(-1)).toBe('setTiles a');
    const refusal = (sourceId: string) => ({ sourceId, tile: {}, error: { status: 401 } }) as unknown as ErrorEvent;
    slot.tileFailed(refusal('other'));
    expect(refused).not.toHaveBeenCalled();
    slot.tileFailed(refusal('imagery'));
    expect(refused).toHaveBeenCalledWith(slot);
  });

  it('hidden, keeps its tiles when its spec says so, else is removed; shown again as last asked', () => {
    const { map, calls, layers } = recordingMap(['slot-imagery']);
    const kept = slotOn(map, undefined, { ...SPEC, keepTiles: true });
    kept.install();
    kept.show(raster('a'));
    calls.length = 0;
    kept.setHidden(true);
    expect(calls).toEqual(['layout imagery-layer visibility=none']);
    kept.setHidden(false);
    expect(calls.at(-1)).toBe('layout imagery-layer visibility=visible');

    const dropped = slotOn(map, undefined, { ...SPEC, ids: { source: 'other', layer: 'other-layer' } });
    dropped.install();
    dropped.show(raster('b'));
    dropped.setHidden(true);
    expect(layers).not.toContain('other-layer');
    dropped.setHidden(false);
    expect(layers).toContain('other-layer');
  });

  it('owns the tile URLs of the template it draws', () => {
    const { map } = recordingMap();
    const slot = slotOn(map);
    slot.install();
    slot.show(raster('https://s/tile/v2/A/{z}/{x}/{y}?api_key=k'));
    expect(slot.owns('https://s/tile/v2/A/16/1/2?api_key=k')).toBe(true);
    expect(slot.owns('https://s/tile/v2/B/16/1/2')).toBe(false);
  });
});
