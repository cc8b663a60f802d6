import type * as maplibregl from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { MapCamera } from './map-camera.ts';

/** A panel over the map at page pixels [left, top, right, bottom]. */
const panelAt = ([left, top, right, bottom]: number[]) => ({
  checkVisibility: () => true,
  getBoundingClientRect: () => ({ left, top, right, bottom }),
});

function cameraOver(heightPx: number, panels: ReturnType<typeof panelAt>[] = [], widthPx = 390) {
  const container = {
    clientWidth: widthPx,
    clientHeight: heightPx,
    getBoundingClientRect: () => ({ left: 0, top: 0, right: widthPx, bottom: heightPx }),
    parentElement: { querySelectorAll: () => panels },
  };
  const map = {
    once: vi.fn(),
    getContainer: vi.fn(() => container),
    fitBounds: vi.fn(),
    easeTo: vi.fn(),
    cameraForBounds: vi.fn((_bounds: unknown, _options: { padding: object }) => ({ zoom: 12 })),
  };
  return { map, camera: new MapCamera(map as unknown as maplibregl.Map) };
}

describe('the camera under a covered foot (a phone’s bottom sheet)', () => {
  it('frames above what covers the map, and in the whole map when nothing does', () => {
    const { map, camera } = cameraOver(844);
    camera.fitBounds([0, 0, 1, 1]);
    expect(map.fitBounds.mock.calls[0][1].padding).toEqual({ top: 56, left: 56, right: 56, bottom: 56 });
    camera.zoomTo([0, 0], 14);
    expect(map.easeTo.mock.calls[0][0].offset).toEqual([0, 0]);

    camera.coverBottom(422);
    camera.fitBounds([0, 0, 1, 1]);
    expect(map.fitBounds.mock.calls[1][1].padding).toEqual({ top: 56, left: 56, right: 56, bottom: 478 });
    camera.fitZoom([0, 0, 1, 1]);
    expect(map.cameraForBounds.mock.calls.at(-1)![1].padding).toEqual({ top: 56, left: 56, right: 56, bottom: 478 });
    camera.zoomTo([0, 0], 14);
    expect(map.easeTo.mock.calls[1][0].offset).toEqual([0, -211]);
  });

  it('always leaves room to frame in, however much is covered', () => {
    const { map, camera } = cameraOver(844);
    camera.coverBottom(743); // the sheet pulled up to 88 %
    camera.fitBounds([0, 0, 1, 1]);
    // 844 − 56 − 56 − 160: the framed part keeps 160 px.
    expect(map.fitBounds.mock.calls[0][1].padding.bottom).toBe(56 + 572);
  });
});

describe('the camera beside the panels over the map', () => {
  it('frames clear of the open timeline at the foot and of the layers panel in the corner', () => {
    const timeline = panelAt([10, 780, 1026, 890]);
    const layers = panelAt([826, 480, 1026, 770]);
    const { map, camera } = cameraOver(900, [timeline, layers], 1036);
    camera.fitBounds([0, 0, 1, 1]);
    // The timeline by the bottom (120 px); the layers panel by the right (210 px, a fifth of the width, rather than
    // the 420 px from the bottom).
    expect(map.fitBounds.mock.calls[0][1].padding).toEqual({ top: 56, left: 56, right: 222, bottom: 132 });
    camera.zoomTo([0, 0], 14);
    expect(map.easeTo.mock.calls[0][0].offset).toEqual([(56 - 222) / 2, (56 - 132) / 2]);
  });

  it('keeps clear of a corner panel by the edge that lets the framed place show larger', () => {
    const layers = panelAt([826, 480, 1026, 890]);
    const { map, camera } = cameraOver(900, [layers], 1036);
    // A wide, flat place fits larger with the panel kept clear by the bottom.
    map.cameraForBounds.mockImplementation((_b, { padding }) => ({
      zoom: 10 - (padding as { left: number; right: number }).right / 100,
    }));
    camera.fitBounds([0, 0, 1, 1]);
    expect(map.fitBounds.mock.calls[0][1].padding).toEqual({ top: 56, left: 56, right: 56, bottom: 432 });
  });

  it('on a phone, counts the panels above the sheet from its top, and not a mere button', () => {
    // The layers panel opened just above a half sheet, at the right; the timeline's button at the left.
    const layers = panelAt([230, 200, 380, 376]);
    const timeline = panelAt([10, 384, 104, 412]);
    const { map, camera } = cameraOver(844, [layers, timeline], 390);
    camera.coverBottom(422);
    camera.zoomTo([0, 0], 14);
    // The layers panel by the right (160 px of 390) rather than the bottom (222 px of the 422 left above the sheet).
    expect(map.easeTo.mock.calls[0][0].offset).toEqual([(56 - 172) / 2, (56 - 478) / 2]);
  });
});
