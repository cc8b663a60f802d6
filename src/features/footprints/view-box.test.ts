import { describe, expect, it } from 'vitest';
import { parse } from 'wellknown';
import { viewBox, viewSearch } from './view-box.ts';

describe('viewBox', () => {
  const denver: [number, number, number, number] = [-105.2, 39.65, -104.78, 39.83];

  it('holds the whole view, on a grid a quarter of its side or finer, so that a small pan asks the same', () => {
    const box = viewBox(denver)!;
    expect(box[0]).toBeLessThanOrEqual(denver[0]);
    expect(box[1]).toBeLessThanOrEqual(denver[1]);
    expect(box[2]).toBeGreaterThanOrEqual(denver[2]);
    expect(box[3]).toBeGreaterThanOrEqual(denver[3]);
    expect(box[2] - box[0]).toBeLessThanOrEqual(2 * (denver[2] - denver[0]) + 1e-9);
    expect(viewBox([-105.19, 39.66, -104.79, 39.82])).toEqual(box);
  });

  it('is none for a view too far out for the service to search', () => {
    expect(viewBox([-130, 20, -60, 55])).toBeNull();
    expect(viewBox([0, 0, 0, 0])).toBeNull();
  });

  it('is searched as a polygon of its corners', () => {
    const box = viewBox(denver)!;
    const polygon = parse(viewSearch(box).wkt) as { type: string; coordinates: number[][][] };
    expect(polygon.type).toBe('Polygon');
    expect(polygon.coordinates[0][0]).toEqual([box[0], box[1]]);
    expect(polygon.coordinates[0][2]).toEqual([box[2], box[3]]);
  });
});
