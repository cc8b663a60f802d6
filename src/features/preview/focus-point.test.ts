import { booleanPointInPolygon } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import type { MultiPolygon, Polygon } from 'geojson';
import { focusPoint } from './focus-point.ts';

const square = (x: number, y: number, size: number): Polygon['coordinates'] => [
  [
    [x, y],
    [x + size, y],
    [x + size, y + size],
    [x, y + size],
    [x, y],
  ],
];

describe('focusPoint', () => {
  it('takes the centre of a convex footprint', () => {
    expect(focusPoint({ type: 'Polygon', coordinates: square(0, 0, 2) })).toEqual([1, 1]);
  });

  it('stays inside a U-shaped footprint whose centre is outside it', () => {
    const u: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [3, 0],
          [3, 3],
          [2, 3],
          [2, 1],
          [1, 1],
          [1, 3],
          [0, 3],
          [0, 0],
        ],
      ],
    };
    expect(booleanPointInPolygon(focusPoint(u), u)).toBe(true);
  });

  it('picks the largest part of a MultiPolygon', () => {
    const multi: MultiPolygon = { type: 'MultiPolygon', coordinates: [square(0, 0, 1), square(10, 10, 4)] };
    expect(focusPoint(multi)).toEqual([12, 12]);
  });
});
