import { booleanPointInPolygon } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import type { MultiPolygon, Polygon } from 'geojson';
import { mapZoomFor } from '../../map/imagery-source.ts';
import { drawsImagery, focusPoint, imageryCentre } from './focus-point.ts';

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

describe('imageryCentre', () => {
  it('takes the middle of the footprint where it holds imagery', () => {
    expect(imageryCentre({ type: 'Polygon', coordinates: square(0, 0, 2) })).toEqual([1, 1]);
  });

  it('takes a point inside the footprint where the middle of its extent falls between its parts', () => {
    const multi: MultiPolygon = { type: 'MultiPolygon', coordinates: [square(0, 0, 1), square(10, 10, 4)] };
    expect(imageryCentre(multi)).toEqual([12, 12]);
  });

  it('takes the middle across the antimeridian for a footprint split there', () => {
    const split: MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [179, 0],
            [180, 0],
            [180, 1],
            [179, 1],
            [179, 0],
          ],
        ],
        [
          [
            [-180, 0],
            [-179.5, 0],
            [-179.5, 1],
            [-180, 1],
            [-180, 0],
          ],
        ],
      ],
    };
    const [lon, lat] = imageryCentre(split);
    expect(lon).toBeCloseTo(179.75, 6);
    expect(lat).toBeCloseTo(0.5, 6);
  });
});

describe('drawsImagery', () => {
  const footprint: Polygon = { type: 'Polygon', coordinates: square(0, 0, 0.1) };
  const lowest = mapZoomFor(14) - 0.5;

  it('is true over the footprint from the zoom that draws tile zoom 14', () => {
    expect(drawsImagery(footprint, { center: [0.05, 0.05], zoom: lowest })).toBe(true);
    expect(drawsImagery(footprint, { center: [0.05, 0.05], zoom: 17 })).toBe(true);
  });

  it('is false further out, or beside the footprint', () => {
    expect(drawsImagery(footprint, { center: [0.05, 0.05], zoom: lowest - 0.01 })).toBe(false);
    expect(drawsImagery(footprint, { center: [0.2, 0.05], zoom: 17 })).toBe(false);
  });
});
