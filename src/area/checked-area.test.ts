import { circle, kinks } from '@turf/turf';
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { vertexCount } from '../../core/geo/geometry.ts';
import { AreaInputError } from './area-input-error.ts';
import { areaKm2, checkedArea } from './checked-area.ts';
import { square, squareRing } from '../../core/test/shapes.ts';

/** Area of a lon/lat cell on the sphere turf uses (R = 6371.0088 km): R²·Δλ·(sin φ2 − sin φ1). */
const sphericalCellKm2 = (dLonDeg: number, lat1: number, lat2: number) => {
  const rad = Math.PI / 180;
  return 6371.0088 ** 2 * dLonDeg * rad * (Math.sin(lat2 * rad) - Math.sin(lat1 * rad));
};

describe('checkedArea', () => {
  it('measures km²', () => {
    const checked = checkedArea(square(0, 0, 1, 1));
    expect(checked.km2).toBeCloseTo(sphericalCellKm2(1, 0, 1), 0);
    expect(checked).toMatchObject({ vertexCount: 5, simplified: null, tooLarge: false, notes: [] });
  });

  it('rounds coordinates to 6 decimals and drops repeated and collinear positions', () => {
    const input: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0.12345678, 0],
          [0.5, 0],
          [1, 0],
          [1, 0],
          [1, 1],
          [0.12345678, 0],
        ],
      ],
    };
    expect(checkedArea(input).geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0.123457, 0],
          [1, 0],
          [1, 1],
          [0.123457, 0],
        ],
      ],
    });
  });

  it('refuses a self-intersecting outline (bow tie), saying where', () => {
    const bowTie: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    };
    expect(() => checkedArea(bowTie)).toThrow(AreaInputError);
    expect(() => checkedArea(bowTie)).toThrow(/crosses itself near 0\.50000 0\.50000: .*edge 1 of the outer ring/);
  });

  it('refuses a hole that crosses its outer ring', () => {
    const polygon: Polygon = { type: 'Polygon', coordinates: [squareRing(0, 0, 2, 2), squareRing(1, 1, 3, 3)] };
    expect(() => checkedArea(polygon)).toThrow(expect.objectContaining({ code: 'self-intersection' }));
  });

  it('refuses an unclosed ring', () => {
    const open: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
      ],
    };
    expect(() => checkedArea(open)).toThrow(expect.objectContaining({ code: 'unclosed-ring' }));
  });

  it('flags an area over 696,000 km² and says so', () => {
    const checked = checkedArea(square(-110, 30, -100, 40));
    expect(checked.tooLarge).toBe(true);
    expect(checked.notes).toEqual([
      expect.stringMatching(/^The area is 1,0\d\d,\d{3} km²; searches are limited to 696,000 km²/),
    ]);
    expect(checkedArea(square(-110, 30, -101, 36)).tooLarge).toBe(false);
  });

  it('simplifies a dense shape, keeps it valid and reports the vertex counts', () => {
    const dense = circle([-104.99, 39.74], 5, { steps: 2000 }).geometry;
    const checked = checkedArea(dense);
    expect(checked.simplified).toEqual({ before: 2001, after: checked.vertexCount });
    expect(checked.vertexCount).toBeLessThanOrEqual(500);
    expect(checked.vertexCount).toBeGreaterThan(50);
    expect(kinks(checked.geometry).features).toHaveLength(0);
    expect(checked.km2 / areaKm2(dense)).toBeCloseTo(1, 2);
    expect(checked.notes).toEqual([
      `The area was simplified from 2,001 to ${checked.vertexCount} positions so that it can be sent.`,
    ]);
  });

  it('keeps the holes of a dense polygon inside it when simplifying', () => {
    const outer = circle([0, 0], 10, { steps: 800 }).geometry.coordinates[0];
    const hole = circle([0, 0], 9.9, { steps: 800 }).geometry.coordinates[0].slice().reverse();
    const checked = checkedArea({ type: 'Polygon', coordinates: [outer, hole] }, { simplifyAbove: 200 });
    expect(vertexCount(checked.geometry)).toBeLessThanOrEqual(200);
    expect((checked.geometry as Polygon).coordinates).toHaveLength(2);
    expect(kinks(checked.geometry).features).toHaveLength(0);
  });
});
