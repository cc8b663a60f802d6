import { describe, expect, it } from 'vitest';
import { tileAt, tileCountUpperBound, tileExtent, tileKey, tilePolygon } from './tile-bounds.ts';
import { square } from './test-shapes.ts';

describe('tile bounds', () => {
  it('gives the extent and polygon of a tile', () => {
    const [west, south, east, north] = tileExtent({ z: 1, x: 0, y: 0 });
    expect([west, south, east]).toEqual([-180, 0, 0]);
    expect(north).toBeCloseTo(85.0511287798, 9);
    expect(tilePolygon({ z: 1, x: 1, y: 1 }).coordinates[0]).toContainEqual([180, 0]);
  });

  it('finds the tile at a point, staying on the map at its edges', () => {
    expect(tileAt(-104.99, 39.74, 16)).toEqual({ z: 16, x: 13655, y: 24872 });
    expect(tileAt(180, -90, 3)).toEqual({ z: 3, x: 7, y: 7 });
    expect(tileKey({ z: 16, x: 13655, y: 24872 })).toBe('16/13655/24872');
  });

  it('bounds the tile count by the bounding box', () => {
    expect(tileCountUpperBound(square(-180, -85, 180, 85), 2)).toBe(16);
    expect(tileCountUpperBound(square(0.01, 0.01, 0.02, 0.02), 1)).toBe(1);
  });
});
