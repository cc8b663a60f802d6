import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AreaGeometry } from '../area/area-geometry.ts';
import { square } from '../../core/test/shapes.ts';
import { AreaDrawing, type AreaDrawToolsLoader } from './area-drawing.ts';

const shown: (AreaGeometry | null)[] = [];
/** The drawing tools as far as these tests need them: they record the area they are given. */
const loadTools = (async () =>
  class {
    setArea(area: AreaGeometry | null) {
      shown.push(area);
    }
    destroy() {}
  }) as unknown as AreaDrawToolsLoader;

/** A map that says when it is idle. */
function idleMap() {
  const idle = new Set<() => void>();
  const map = {
    getCanvasContainer: () => ({ addEventListener: () => undefined, removeEventListener: () => undefined }),
    on: () => undefined,
    once: (type: string, listener: () => void) => type === 'idle' && idle.add(listener),
    off: (type: string, listener: () => void) => type === 'idle' && idle.delete(listener),
  };
  return {
    map: map as unknown as MapLibreMap,
    becomeIdle: () => {
      for (const listener of [...idle]) {
        idle.delete(listener);
        listener();
      }
    },
  };
}

function drawingOn(map: MapLibreMap) {
  const ready = vi.fn();
  const drawing = new AreaDrawing(
    map,
    {
      onReady: ready,
      onAreaFinished: () => undefined,
      onAreaDeleted: () => undefined,
      onAreaChanging: () => undefined,
      onToolChange: () => undefined,
    },
    loadTools,
  );
  return { drawing, ready };
}

const below = { fill: 'slot-fills', outline: 'slot-lines' };
const area: AreaGeometry = square(0, 0, 1, 1);

afterEach(() => {
  vi.useRealTimers();
  shown.length = 0;
});

describe('the drawing tools load after the first view, not before it', () => {
  it('load once the map is first idle', async () => {
    const { map, becomeIdle } = idleMap();
    const { drawing, ready } = drawingOn(map);
    drawing.install(below);
    await vi.dynamicImportSettled();
    expect(drawing.isReady()).toBe(false);
    becomeIdle();
    await vi.waitFor(() => expect(ready).toHaveBeenCalledOnce());
    expect(drawing.isReady()).toBe(true);
  });

  it('load at once when there is an area to show, and show it', async () => {
    const { map } = idleMap();
    const { drawing, ready } = drawingOn(map);
    drawing.setArea(area);
    drawing.install(below);
    await vi.waitFor(() => expect(ready).toHaveBeenCalledOnce());
    expect(shown).toEqual([area]);
  });

  it('load when an area comes before the map was idle', async () => {
    const { map } = idleMap();
    const { drawing, ready } = drawingOn(map);
    drawing.install(below);
    drawing.setArea(area);
    await vi.waitFor(() => expect(ready).toHaveBeenCalledOnce());
    expect(shown).toEqual([area]);
  });

  it('load after a few seconds on a map that stays busy', async () => {
    vi.useFakeTimers();
    const { map } = idleMap();
    const { drawing, ready } = drawingOn(map);
    drawing.install(below);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(ready).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    await vi.dynamicImportSettled();
    expect(ready).toHaveBeenCalledOnce();
  });
});
