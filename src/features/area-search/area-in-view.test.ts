import { describe, expect, it } from 'vitest';
import { extentPolygon } from '../../../core/geo/geometry.ts';
import type { ActiveArea } from './area-search-store.ts';
import { areaInView } from './area-in-view.ts';

const area = (west: number, south: number, east: number, north: number): ActiveArea => ({
  geometry: extentPolygon([west, south, east, north]),
  wkt: '',
  km2: 1,
  vertexCount: 5,
  tooLarge: false,
  hasHoles: false,
  origin: 'pasted',
  notes: [],
});

describe('areaInView', () => {
  const denver = area(-105.12, 39.7, -105.05, 39.75);

  it('is true while any of the area is in view, false once the view is elsewhere or there is no area', () => {
    expect(areaInView(denver, [-105.2, 39.6, -104.9, 39.8])).toBe(true);
    expect(areaInView(denver, [-105.06, 39.74, -104.9, 39.8])).toBe(true);
    expect(areaInView(denver, [-82.6, 27.8, -82.3, 28.1])).toBe(false);
    expect(areaInView(null, [-180, -85, 180, 85])).toBe(false);
  });
});
