import { describe, expect, it } from 'vitest';
import { extentPolygon } from '../../../core/geo/geometry.ts';
import { IMAGERY_MIN_MAP_ZOOM } from '../../map/imagery-source.ts';
import { resultExtent, resultFrame } from './result-frame.ts';

const box = (west: number, south: number, east: number, north: number) => extentPolygon([west, south, east, north]);

describe('resultFrame', () => {
  const area = box(0, 0, 0.1, 0.1);
  const footprint = box(0.05, -1, 2, 1);

  it("frames the result's part of the area", () => {
    expect(resultExtent(area, footprint)).toEqual([0.05, 0, 0.1, 0.1]);
    const frame = resultFrame(area, footprint, 16, { center: [-100, 40], zoom: 4 })!;
    expect(frame.extent).toEqual([0.05, 0, 0.1, 0.1]);
    expect(frame.centre[0]).toBeCloseTo(0.075, 9);
    expect(frame.centre[1]).toBeCloseTo(0.05, 9);
  });

  it('from the zoom that draws imagery, or deeper where a deep tile zoom needs it for legible cells', () => {
    const far = { center: [-100, 40] as [number, number], zoom: 4 };
    expect(resultFrame(area, footprint, 16, far)!.minZoom).toBe(IMAGERY_MIN_MAP_ZOOM);
    // z19 tiles are 32 px wide at map zoom 15.
    expect(resultFrame(area, footprint, 19, far)!.minZoom).toBe(15);
  });

  it('leaves a view that already shows it close enough', () => {
    expect(resultFrame(area, footprint, 16, { center: [0.07, 0.05], zoom: 14 })).toBeNull();
    expect(resultFrame(area, footprint, 16, { center: [0.07, 0.05], zoom: 11 })).not.toBeNull();
    expect(resultFrame(area, footprint, 16, { center: [0.02, 0.05], zoom: 14 })).not.toBeNull();
  });
});
