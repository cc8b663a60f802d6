import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { CameraSync } from './camera-sync.ts';

/** Just what CameraSync uses of a MapLibre map: a camera, and 'move' fired on every change, as jumpTo does. */
function fakeMap(center: [number, number], zoom: number) {
  const listeners = new Set<() => void>();
  let camera = { center: { lng: center[0], lat: center[1] }, zoom };
  let moves = 0;
  const map = {
    on: (_: 'move', listener: () => void) => listeners.add(listener),
    off: (_: 'move', listener: () => void) => listeners.delete(listener),
    getCenter: () => camera.center,
    getZoom: () => camera.zoom,
    getBearing: () => 0,
    getPitch: () => 0,
    jumpTo: (next: { center: { lng: number; lat: number }; zoom: number }) => {
      camera = { center: next.center, zoom: next.zoom };
      moves += 1;
      for (const listener of [...listeners]) listener();
    },
    moves: () => moves,
  };
  return map as typeof map & MapLibreMap;
}

const view = (map: MapLibreMap) => [map.getCenter().lng, map.getCenter().lat, map.getZoom()];

describe('camera sync', () => {
  it('starts a map at the camera of those there, then moves all with whichever moves, without echoes', () => {
    const sync = new CameraSync();
    const main = fakeMap([-105, 39.7], 15);
    const a = fakeMap([0, 0], 2);
    const b = fakeMap([10, 10], 5);
    sync.add(main);
    sync.add(a);
    const removeB = sync.add(b);
    expect(view(a)).toEqual([-105, 39.7, 15]);
    expect(view(b)).toEqual([-105, 39.7, 15]);

    const movesBefore = [main.moves(), a.moves()];
    b.jumpTo({ center: { lng: -104.9, lat: 39.8 }, zoom: 16 });
    for (const map of [main, a]) expect(view(map)).toEqual([-104.9, 39.8, 16]);
    // One jump each: the followers' own move events are not followed back.
    expect([main.moves(), a.moves()]).toEqual(movesBefore.map((n) => n + 1));

    removeB();
    main.jumpTo({ center: { lng: 1, lat: 2 }, zoom: 3 });
    expect(view(a)).toEqual([1, 2, 3]);
    expect(view(b)).toEqual([-104.9, 39.8, 16]);
  });
});
