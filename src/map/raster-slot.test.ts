import type { ErrorEvent, Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { RasterSlot, type RasterSpec } from './raster-slot.ts';

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

const slotOn = (map: MapLibreMap, onUnauthorized = () => undefined) =>
  new RasterSlot(map, {
    sourceId: 'imagery',
    layerId: 'imagery-layer',
    below: () => ['missing', 'labels'],
    onUnauthorized,
  });

describe('RasterSlot', () => {
  it('adds nothing until the style is ready, then what was asked last, under the first layer present', () => {
    const { map, calls, layers } = recordingMap();
    const slot = slotOn(map);
    slot.show(raster('a/{z}/{x}/{y}'));
    expect(calls).toEqual([]);
    slot.install();
    expect(calls).toEqual(['addSource imagery', 'addLayer imagery-layer before labels']);
    expect(layers).toEqual(['imagery-layer', 'labels']);
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
    const { map, calls, layers } = recordingMap();
    const slot = slotOn(map);
    slot.install();
    slot.show(raster('a'));
    calls.length = 0;
    slot.show(raster('b'));
    expect(calls).toEqual([
      'removeLayer imagery-layer',
      'removeSource imagery',
      'addSource imagery',
      'addLayer imagery-layer before labels',
    ]);
    slot.show(null);
    expect(layers).toEqual(['labels']);
  });

  it('reloads its tiles, and reports a refused tile of its own source', () => {
    const { map, calls } = recordingMap();
    const onUnauthorized = vi.fn();
    const slot = slotOn(map, onUnauthorized);
    slot.install();
    slot.show(raster('a'));
    slot.reload();
    expect(calls.at(-1)).toBe('setTiles a');
    const refused = (sourceId: string) => ({ sourceId, tile: {}, error: { status: 401 } }) as unknown as ErrorEvent;
    slot.tileFailed(refused('other'));
    expect(onUnauthorized).not.toHaveBeenCalled();
    slot.tileFailed(refused('imagery'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
