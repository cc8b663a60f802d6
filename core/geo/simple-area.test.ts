import type { MultiPolygon, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { describeAreaProblem, findAreaProblem } from './simple-area.ts';
import { squareRing } from '../test/shapes.ts';

const polygon = (...rings: Position[][]): Polygon => ({ type: 'Polygon', coordinates: rings });
const multi = (...polygons: Position[][][]): MultiPolygon => ({ type: 'MultiPolygon', coordinates: polygons });

/** A closed star of `points` tips: each edge crosses others when the step is not 1. */
function star(points: number, step: number): Polygon {
  const positions: Position[] = [];
  for (let i = 0; i < points; i++) {
    const t = (2 * Math.PI * ((i * step) % points)) / points;
    positions.push([Math.cos(t), Math.sin(t)]);
  }
  return polygon([...positions, positions[0]]);
}

function circle(n: number, r = 1): Position[] {
  const positions: Position[] = [];
  for (let i = 0; i < n; i++)
    positions.push([r * Math.cos((2 * Math.PI * i) / n), r * Math.sin((2 * Math.PI * i) / n)]);
  return [...positions, positions[0]];
}

describe('findAreaProblem', () => {
  it('accepts simple polygons, holes inside their ring, islands in a hole, and an area split at 180°', () => {
    expect(findAreaProblem(polygon(squareRing(0, 0, 4, 4)))).toBeNull();
    expect(
      findAreaProblem(polygon(squareRing(0, 0, 4, 4), squareRing(1, 1, 2, 2), squareRing(2.5, 2.5, 3, 3))),
    ).toBeNull();
    expect(
      findAreaProblem(multi([squareRing(0, 0, 4, 4), squareRing(1, 1, 3, 3)], [squareRing(1.5, 1.5, 2, 2)])),
    ).toBeNull();
    expect(findAreaProblem(multi([squareRing(179, 0, 180, 1)], [squareRing(-180, 0, -179, 1)]))).toBeNull();
    expect(findAreaProblem(polygon(circle(10_000)))).toBeNull();
  });

  it('ignores repeated positions', () => {
    const repeated = [
      [0, 0],
      [1, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
      [0, 0],
    ];
    expect(findAreaProblem(polygon(repeated))).toBeNull();
  });

  it('names the first crossing of a bow tie', () => {
    const problem = findAreaProblem(
      polygon([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ]),
    );
    expect(problem).toEqual({
      kind: 'crossing',
      at: [0.5, 0.5],
      edges: [
        { polygon: 0, ring: 0, edge: 0 },
        { polygon: 0, ring: 0, edge: 2 },
      ],
    });
    expect(describeAreaProblem(problem!, false)).toBe(
      'The outline crosses or touches itself at (0.5 0.5): edge 1 of the outer ring and edge 3 of the outer ring.',
    );
  });

  it('finds a 2,001-point star at once, and a ring touching itself at a vertex', () => {
    // Work counted, not timed: the sweep stops at the first crossing, long before all pairs.
    let units = 0;
    expect(findAreaProblem(star(2001, 1000), { spend: (n) => (units += n) })?.kind).toBe('crossing');
    expect(units).toBeLessThan(20_000);
    const touching = [
      [0, 0],
      [2, 0],
      [1, 1],
      [2, 2],
      [0, 2],
      [1, 1],
      [0, 0],
    ];
    expect(findAreaProblem(polygon(touching))).toMatchObject({ kind: 'crossing', at: [1, 1] });
  });

  it('refuses edges folding back on each other and rings with no extent', () => {
    expect(
      findAreaProblem(
        polygon([
          [0, 0],
          [2, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ]),
      )?.kind,
    ).toBe('crossing');
    expect(
      findAreaProblem(
        polygon([
          [0, 0],
          [1, 0],
          [0, 0],
          [0, 0],
        ]),
      )?.kind,
    ).toBe('crossing');
    expect(
      findAreaProblem(
        polygon([
          [3, 3],
          [3, 3],
          [3, 3],
          [3, 3],
        ]),
      ),
    ).toMatchObject({ kind: 'empty-ring' });
  });

  it('refuses a hole crossing its ring, a hole outside it, a hole in a hole', () => {
    expect(findAreaProblem(polygon(squareRing(0, 0, 2, 2), squareRing(1, 1, 3, 3)))).toMatchObject({
      kind: 'crossing',
      edges: [{ ring: 0 }, { ring: 1 }],
    });
    expect(findAreaProblem(polygon(squareRing(0, 0, 2, 2), squareRing(5, 5, 6, 6)))).toMatchObject({
      kind: 'hole-outside',
      hole: 1,
    });
    expect(
      findAreaProblem(polygon(squareRing(0, 0, 4, 4), squareRing(1, 1, 3, 3), squareRing(1.5, 1.5, 2, 2))),
    ).toMatchObject({
      kind: 'hole-in-hole',
      hole: 2,
    });
  });

  it('refuses overlapping polygons: crossing, sharing an edge, or one inside the other', () => {
    const squares = Array.from({ length: 300 }, (_, i) => [squareRing(i * 0.01, 0, i * 0.01 + 1, 1)]);
    expect(findAreaProblem(multi(...squares))?.kind).toBe('crossing');
    expect(findAreaProblem(multi([squareRing(0, 0, 1, 1)], [squareRing(1, 0, 2, 1)]))?.kind).toBe('crossing');
    const nested = findAreaProblem(multi([squareRing(0, 0, 4, 4)], [squareRing(1, 1, 2, 2)]));
    expect(nested).toMatchObject({ kind: 'polygon-inside', polygon: 1, other: 0 });
    expect(describeAreaProblem(nested!, true)).toBe('Polygon 2 lies inside polygon 1: the polygons overlap.');
  });
});
