import { describe, expect, it } from 'vitest';
import { squareRing } from '../test/shapes.ts';
import { checkAreaStructure } from './area-structure.ts';

const polygon = (...rings: unknown[]) => ({ type: 'Polygon', coordinates: rings });
const problemOf = (geometry: { type: string; coordinates?: unknown }, maxVertices?: number) =>
  checkAreaStructure(geometry, { maxVertices }).problem;

describe('checkAreaStructure', () => {
  it('returns a well-formed area in 2D', () => {
    const ring = squareRing(0, 0, 1, 1).map(([lon, lat]) => [lon, lat, 7]);
    expect(checkAreaStructure(polygon(ring))).toEqual({ area: polygon(squareRing(0, 0, 1, 1)) });
  });

  it('reads only longitude and latitude: an altitude left null or written as text does not refuse the area', () => {
    for (const altitude of [null, '7 m']) {
      const ring = squareRing(0, 0, 1, 1).map(([lon, lat]) => [lon, lat, altitude]);
      expect(checkAreaStructure(polygon(ring))).toEqual({ area: polygon(squareRing(0, 0, 1, 1)) });
    }
  });

  it('names each problem with what its wording needs', () => {
    expect(problemOf({ type: 'Point', coordinates: [1, 2] })).toEqual({ code: 'wrong-geometry-type', type: 'Point' });
    expect(problemOf(polygon())).toEqual({ code: 'empty-geometry', type: 'Polygon', polygon: 0 });
    expect(problemOf({ type: 'MultiPolygon', coordinates: [] })).toEqual({
      code: 'empty-geometry',
      type: 'MultiPolygon',
      polygon: null,
    });
    expect(problemOf({ type: 'MultiPolygon', coordinates: [[squareRing(0, 0, 1, 1)], []] })).toEqual({
      code: 'empty-geometry',
      type: 'MultiPolygon',
      polygon: 1,
    });
    expect(problemOf(polygon(squareRing(0, 0, 1, 1)), 4)).toEqual({ code: 'too-many-vertices', count: 5, limit: 4 });
    expect(problemOf(polygon('ring'))).toEqual({
      code: 'invalid-coordinate',
      ring: { polygon: null, ring: 0 },
      position: null,
    });
    expect(
      problemOf(
        polygon([
          [0, 0],
          [1, Number.NaN],
          [1, 1],
          [0, 0],
        ]),
      ),
    ).toMatchObject({
      code: 'invalid-coordinate',
      position: 1,
    });
    expect(problemOf(polygon(squareRing(0, 0, 1, 1), squareRing(0, 0, 1, 100)))).toEqual({
      code: 'coordinate-out-of-range',
      ring: { polygon: null, ring: 1 },
      position: 2,
      lon: 1,
      lat: 100,
    });
    expect(problemOf({ type: 'MultiPolygon', coordinates: [[squareRing(0, 0, 1, 1).slice(0, 4)]] })).toEqual({
      code: 'unclosed-ring',
      ring: { polygon: 0, ring: 0 },
      first: [0, 0],
      last: [0, 1],
    });
    expect(
      problemOf(
        polygon([
          [0, 0],
          [1, 0],
          [0, 0],
        ]),
      ),
    ).toEqual({
      code: 'ring-too-short',
      ring: { polygon: null, ring: 0 },
      count: 3,
    });
  });

  it('takes exactly the limit of positions, and refuses a position that is short, not a number or out of range', () => {
    expect(problemOf(polygon(squareRing(0, 0, 1, 1)), 5)).toBeUndefined();
    const ringWith = (position: unknown) => [[0, 0], [1, 0], position, [0, 0]];
    for (const position of [[1], ['1', 1], [1, null], [Number.POSITIVE_INFINITY, 1]])
      expect(problemOf(polygon(ringWith(position))), JSON.stringify(position)).toEqual({
        code: 'invalid-coordinate',
        ring: { polygon: null, ring: 0 },
        position: 2,
      });
    for (const [lon, lat] of [
      [-180.5, 1],
      [180.5, 1],
      [1, -90.5],
      [1, 90.5],
    ])
      expect(problemOf(polygon(ringWith([lon, lat])))).toEqual({
        code: 'coordinate-out-of-range',
        ring: { polygon: null, ring: 0 },
        position: 2,
        lon,
        lat,
      });
    expect(
      problemOf(
        polygon([
          [-180, -90],
          [180, -90],
          [180, 90],
          [-180, -90],
        ]),
      ),
    ).toBeUndefined();
  });
});
