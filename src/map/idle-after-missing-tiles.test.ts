import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as maplibregl from 'maplibre-gl';
import { idleAfterMissingTiles } from './idle-after-missing-tiles.ts';

/** A map that draws a frame when told to and reports whether its tiles have settled. */
function fakeMap() {
  const listeners: (() => void)[] = [];
  const state = { loaded: false, repaints: 0 };
  const map = {
    loaded: () => state.loaded,
    triggerRepaint: () => state.repaints++,
    on: (_: string, listener: () => void) => listeners.push(listener),
    off: (_: string, listener: () => void) => listeners.splice(listeners.indexOf(listener), 1),
  };
  const render = () => {
    for (const listener of [...listeners]) listener();
  };
  return { map: map as unknown as maplibregl.Map, state, render, listeners };
}

describe('idleAfterMissingTiles', () => {
  let frames: (() => void)[] = [];
  const nextFrame = () => {
    const due = frames;
    frames = [];
    for (const run of due) run();
  };
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run));
  vi.stubGlobal('cancelAnimationFrame', () => (frames = []));
  afterEach(() => (frames = []));

  it('asks for one more frame when the last loading tile settled without one (a 404)', () => {
    const { map, state, render } = fakeMap();
    idleAfterMissingTiles(map);
    render();
    nextFrame();
    expect(state.repaints).toBe(0);
    state.loaded = true;
    nextFrame();
    expect(state.repaints).toBe(1);
    nextFrame();
    expect(state.repaints).toBe(1);
  });

  it('adds no frame when MapLibre drew the frame that saw every tile loaded', () => {
    const { map, state, render } = fakeMap();
    idleAfterMissingTiles(map);
    render();
    state.loaded = true;
    render();
    nextFrame();
    expect(state.repaints).toBe(0);
  });

  it('stops looking when removed', () => {
    const { map, state, render, listeners } = fakeMap();
    const stop = idleAfterMissingTiles(map);
    render();
    stop();
    state.loaded = true;
    nextFrame();
    expect(state.repaints).toBe(0);
    expect(listeners).toHaveLength(0);
  });
});
