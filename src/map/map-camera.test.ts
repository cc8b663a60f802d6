import type * as maplibregl from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { MapCamera } from './map-camera.ts';

function cameraOver(heightPx: number) {
  const map = {
    once: vi.fn(),
    getContainer: vi.fn(() => ({ clientHeight: heightPx })),
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
    expect(map.easeTo.mock.calls[0][0].offset).toEqual([0, -0]);
    expect(map.getContainer).not.toHaveBeenCalled();

    camera.coverBottom(422);
    camera.fitBounds([0, 0, 1, 1]);
    expect(map.fitBounds.mock.calls[1][1].padding).toEqual({ top: 56, left: 56, right: 56, bottom: 478 });
    camera.fitZoom([0, 0, 1, 1]);
    expect(map.cameraForBounds.mock.calls[0][1].padding).toEqual({ top: 56, left: 56, right: 56, bottom: 478 });
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
