import { bboxClip, circle, intersect, feature, featureCollection } from '@turf/turf';
import fc from 'fast-check';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { surveyTileCount, surveyTilesInArea, tileShare, tilesCovering, type TileShare } from './covered-tiles.ts';
import { type AreaGeometry, extentOf, polygonsOf } from './geometry.ts';
import { tileAt, tileCoordinates, tileRangeOf, tileExtent } from './tile-address.ts';
import { workBudget, WorkBudgetExceeded } from './work-budget.ts';
import { square } from '../test/shapes.ts';

// ---- The brute-force reference: every tile of the bounding range, clipped exactly (Sutherland–Hodgman) ----

type Ring = [number, number][];

function clipRing(ring: Ring, x0: number, y0: number, x1: number, y1: number): Ring {
  let points = ring.slice(0, -1);
  const edges: [(p: [number, number]) => boolean, (a: [number, number], b: [number, number]) => [number, number]][] = [
    [(p) => p[0] >= x0, (a, b) => [x0, a[1] + ((x0 - a[0]) * (b[1] - a[1])) / (b[0] - a[0])]],
    [(p) => p[0] <= x1, (a, b) => [x1, a[1] + ((x1 - a[0]) * (b[1] - a[1])) / (b[0] - a[0])]],
    [(p) => p[1] >= y0, (a, b) => [a[0] + ((y0 - a[1]) * (b[0] - a[0])) / (b[1] - a[1]), y0]],
    [(p) => p[1] <= y1, (a, b) => [a[0] + ((y1 - a[1]) * (b[0] - a[0])) / (b[1] - a[1]), y1]],
  ];
  for (const [inside, cut] of edges) {
    const out: [number, number][] = [];
    for (let i = 0; i < points.length; i++) {
      const a = points[i];
      const b = points[(i + 1) % points.length];
      if (inside(a)) out.push(a);
      if (inside(a) !== inside(b)) out.push(cut(a, b));
    }
    points = out;
    if (points.length === 0) break;
  }
  return points;
}

const shoelace = (points: Ring) =>
  Math.abs(
    points.reduce(
      (sum, [x, y], i) => sum + x * points[(i + 1) % points.length][1] - points[(i + 1) % points.length][0] * y,
      0,
    ),
  ) / 2;

/** The exact share of tile x, y covered by the area: outer rings clipped to the tile, less their holes. */
function bruteShare(area: AreaGeometry, z: number, x: number, y: number): number {
  let share = 0;
  for (const rings of polygonsOf(area)) {
    for (const [r, ring] of rings.entries()) {
      // Tile-local coordinates: products of coordinates near 2^21 would lose the small shares to rounding.
      const projected = ring.map(([lon, lat]) => {
        const [tx, ty] = tileCoordinates(lon, lat, z);
        return [tx - x, ty - y];
      }) as Ring;
      const part = shoelace(clipRing(projected, 0, 0, 1, 1));
      share += r === 0 ? part : -part;
    }
  }
  return share;
}

/** Every tile of each polygon's bounding range (one more around), with its exact share. */
function bruteForce(area: AreaGeometry, z: number): Map<string, number> {
  const shares = new Map<string, number>();
  for (const rings of polygonsOf(area)) {
    const range = tileRangeOf(extentOf({ type: 'Polygon', coordinates: rings }), z);
    const last = 2 ** z - 1;
    for (let y = Math.max(0, range.minY - 1); y <= Math.min(last, range.maxY + 1); y++) {
      for (let x = Math.max(0, range.minX - 1); x <= Math.min(last, range.maxX + 1); x++) {
        shares.set(`${x}/${y}`, bruteShare(area, z, x, y));
      }
    }
  }
  return shares;
}

function expectSameAsBruteForce(area: AreaGeometry, z: number): TileShare[] {
  const result = tilesCovering(area, z);
  if (result.kind !== 'tiles') throw new Error('unexpectedly over the cap');
  const ours = new Map(result.tiles.map((t) => [`${t.x}/${t.y}`, t.share]));
  const reference = bruteForce(area, z);
  for (const key of ours.keys()) expect(reference.has(key), `tile ${key} outside the bounding range`).toBe(true);
  for (const [key, share] of reference) {
    const mine = ours.get(key) ?? 0;
    expect(Math.abs(mine - share), `share of tile ${key}`).toBeLessThan(1e-6);
    if (share > 1e-7) expect(ours.has(key), `tile ${key} (share ${share}) missing`).toBe(true);
    if (ours.has(key)) expect(share, `tile ${key} listed without area`).toBeGreaterThan(1e-10);
  }
  return result.tiles;
}

// ---- Random simple areas: star-shaped rings (sorted by angle), with an optional hole, anywhere on the map ----

const tileDegrees = (z: number) => 360 / 2 ** z;

function starRing(
  lon: number,
  lat: number,
  radii: number[],
  scaleLon: number,
  scaleLat: number,
  phase: number,
): Position[] {
  const ring = radii.map((r, i) => {
    const t = phase + (2 * Math.PI * i) / radii.length;
    return [lon + r * scaleLon * Math.cos(t), lat + r * scaleLat * Math.sin(t)];
  });
  return [...ring, ring[0]];
}

const zoom = fc.integer({ min: 14, max: 18 });
const radii = fc.array(fc.double({ min: 0.5, max: 1, noNaN: true }), { minLength: 3, maxLength: 24 });

/** A star around a point, a few tiles across at zoom z, maybe with a hole; clipped to the map. */
const starAt = (lon: fc.Arbitrary<number>, lat: fc.Arbitrary<number>) =>
  fc
    .record({
      z: zoom,
      lon,
      lat,
      radii,
      size: fc.double({ min: 0.3, max: 6, noNaN: true }),
      stretch: fc.double({ min: 0.3, max: 3, noNaN: true }),
      phase: fc.double({ min: 0, max: 6.28, noNaN: true }),
      hole: fc.boolean(),
    })
    .map(({ z, lon, lat, radii, size, stretch, phase, hole }) => {
      const scale = size * tileDegrees(z);
      const outer = starRing(lon, lat, radii, scale * stretch, scale, phase);
      const rings = hole
        ? [outer, starRing(lon, lat, [0.2, 0.2, 0.2, 0.2, 0.2], scale * stretch, scale, phase).reverse()]
        : [outer];
      return { z, polygon: { type: 'Polygon', coordinates: rings } as Polygon };
    });

const clipToMap = (polygon: Polygon, west = -180, east = 180): Polygon | null => {
  const clipped = bboxClip(polygon, [west, -89.9, east, 89.9]).geometry as Polygon;
  return clipped.coordinates.length > 0 && clipped.coordinates[0].length >= 4 ? clipped : null;
};

describe('tilesCovering against brute force', () => {
  it('agrees on random simple areas anywhere', () => {
    fc.assert(
      fc.property(
        starAt(fc.double({ min: -179, max: 179, noNaN: true }), fc.double({ min: -84, max: 84, noNaN: true })),
        ({ z, polygon }) => {
          expectSameAsBruteForce(polygon, z);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('agrees on areas ending at 180° or starting at −180°', () => {
    fc.assert(
      fc.property(
        starAt(fc.double({ min: 179.995, max: 180, noNaN: true }), fc.double({ min: -60, max: 60, noNaN: true })),
        fc.boolean(),
        ({ z, polygon }, west) => {
          const shifted: Polygon = west
            ? { type: 'Polygon', coordinates: polygon.coordinates.map((ring) => ring.map(([x, y]) => [x - 360, y])) }
            : polygon;
          const clipped = clipToMap(shifted);
          if (clipped) expectSameAsBruteForce(clipped, z);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('agrees on areas crossing the antimeridian as two polygons', () => {
    fc.assert(
      fc.property(
        starAt(fc.double({ min: 179.999, max: 180.001, noNaN: true }), fc.double({ min: -60, max: 60, noNaN: true })),
        ({ z, polygon }) => {
          const east = clipToMap(polygon, 0, 180);
          const westPart = clipToMap(
            { type: 'Polygon', coordinates: polygon.coordinates.map((ring) => ring.map(([x, y]) => [x - 360, y])) },
            -180,
            0,
          );
          const parts = [east, westPart].filter((p): p is Polygon => p !== null);
          const area: MultiPolygon = { type: 'MultiPolygon', coordinates: parts.map((p) => p.coordinates) };
          const tiles = expectSameAsBruteForce(area, z);
          if (parts.length === 2) {
            expect(tiles.some((t) => t.x === 2 ** z - 1)).toBe(true);
            expect(tiles.some((t) => t.x === 0)).toBe(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('agrees on areas at the edge of Web Mercator, near ±85°', () => {
    fc.assert(
      fc.property(
        starAt(
          fc.double({ min: -170, max: 170, noNaN: true }),
          fc.oneof(
            fc.double({ min: 85.04, max: 85.06, noNaN: true }),
            fc.double({ min: -85.06, max: -85.04, noNaN: true }),
          ),
        ),
        ({ z, polygon }) => {
          // Outer rings only: clamping to the map's edge can push an outer ring across a hole near it.
          expectSameAsBruteForce({ type: 'Polygon', coordinates: [polygon.coordinates[0]] }, z);
        },
      ),
      { numRuns: 100 },
    );
  });
});

/** A budget that never stops the work, and counts it. */
function countingBudget() {
  const budget = {
    units: 0,
    spend(units: number) {
      budget.units += units;
    },
  };
  return budget;
}

describe('tilesCovering', () => {
  it('lists exactly the tiles of a tile-aligned area, not the neighbours its edges touch', () => {
    const [west, , , north] = tileExtent({ z: 16, x: 100, y: 200 });
    const [, south, east] = tileExtent({ z: 16, x: 102, y: 201 });
    const result = tilesCovering(square(west, south, east, north), 16);
    expect(result.kind === 'tiles' && result.tiles.map((t) => `${t.x}/${t.y}/${t.share}`)).toEqual([
      '100/200/1',
      '101/200/1',
      '102/200/1',
      '100/201/1',
      '101/201/1',
      '102/201/1',
    ]);
  });

  it('lists exactly the cap and refuses one tile more, for the walk and its count alike', () => {
    const area = square(-105, 39, -104.9, 39.1);
    const all = tilesCovering(area, 17);
    if (all.kind !== 'tiles') throw new Error('unexpectedly over the cap');
    const n = all.tiles.length;
    expect(n).toBeGreaterThan(100);
    expect(tilesCovering(area, 17, { cap: n })).toEqual(all);
    expect(tilesCovering(area, 17, { cap: n - 1 })).toEqual({ kind: 'over-cap', cap: n - 1 });
    expect(surveyTileCount(area, area, 17, { cap: n })).toEqual({ count: n, overCap: false });
    expect(surveyTileCount(area, area, 17, { cap: n - 1 })).toEqual({ count: n - 1, overCap: true });
  });

  it('refuses more tiles than the cap, and a thin comb at z21 at once, without an estimate', () => {
    const big = square(-105, 39, -104, 40);
    expect(tilesCovering(big, 16, { cap: 10_000 })).toEqual({ kind: 'over-cap', cap: 10_000 });
    const small = tilesCovering(big, 14, { cap: 10_000 });
    const [x0, y0] = tileCoordinates(-105, 40, 14);
    const [x1, y1] = tileCoordinates(-104, 39, 14);
    const spanned = (Math.ceil(x1) - Math.floor(x0)) * (Math.ceil(y1) - Math.floor(y0));
    expect(small.kind === 'tiles' && small.tiles.length).toBe(spanned);

    const comb: Position[] = [[-105, 39]];
    for (let i = 0; i < 2_000; i++) {
      const x = -105 + i * 1e-4;
      comb.push([x, 39.5], [x + 1e-7, 39.5], [x + 1e-7, 39.001]);
    }
    comb.push([-104.7, 39.001], [-104.7, 39], [-105, 39]);
    // Work counted, not timed: the walk stops after a few times the cap's tiles (each tooth's two edges pass through
    // the same tiles), where the comb covers millions of tiles at z21.
    const work = countingBudget();
    expect(tilesCovering({ type: 'Polygon', coordinates: [comb] }, 21, { cap: 10_000, budget: work }).kind).toBe(
      'over-cap',
    );
    expect(work.units).toBeLessThan(10 * 10_000);
  });

  it('gives a 1° area at the antimeridian the right count at z16 and refuses it at z21', () => {
    const area: MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [square(179.5, 0, 180, 1).coordinates, square(-180, 0, -179.5, 1).coordinates],
    };
    // Columns from 179.5° to the map's east edge (and from its west edge), rows from 1° down to the equator, which
    // is a row boundary at every zoom.
    const columns = 2 ** 16 - Math.floor(tileCoordinates(179.5, 0, 16)[0]);
    const rows = 2 ** 15 - Math.floor(tileCoordinates(0, 1, 16)[1]);
    const result = tilesCovering(area, 16, { cap: 100_000 });
    expect(result.kind === 'tiles' && result.tiles.length).toBe(2 * columns * rows);
    expect(result.kind === 'tiles' && result.tiles.filter((t) => t.x === 0).length).toBe(rows);
    expect(tilesCovering(area, 21, { cap: 10_000 }).kind).toBe('over-cap');
  });

  it('stops when the work budget is spent', () => {
    const area = circle([10, 10], 30, { steps: 2_000 }).geometry;
    expect(() => tilesCovering(area, 21, { budget: workBudget(0, () => performance.now() + 1) })).toThrow(
      WorkBudgetExceeded,
    );
  });

  it('gives the share of one tile', () => {
    const [west, south, east, north] = tileExtent({ z: 15, x: 10, y: 10 });
    expect(tileShare(square(west, south, (west + east) / 2, north), { z: 15, x: 10, y: 10 })).toBeCloseTo(0.5, 9);
    expect(tileShare(square(west, south, east, north), { z: 15, x: 11, y: 10 })).toBe(0);
  });
});

describe('surveyTilesInArea', () => {
  const footprint = square(-105, 39.7, -104.9, 39.8);

  it('lists the tiles of footprint ∩ area with the share of each tile holding imagery', () => {
    const area = square(-104.91, 39.79, -104.8, 39.9);
    const result = surveyTilesInArea(footprint, area, 16);
    if (result.kind !== 'tiles') throw new Error('over cap');
    const shared = intersect(featureCollection([feature(footprint), feature(area)]))!.geometry;
    const expected = tilesCovering(shared, 16);
    expect(result.tiles.map((t) => `${t.x}/${t.y}`)).toEqual(
      expected.kind === 'tiles' ? expected.tiles.map((t) => `${t.x}/${t.y}`) : [],
    );
    for (const tile of result.tiles) {
      expect(tile.percentCovered).toBe(Math.max(1, Math.round(100 * bruteShare(footprint, 16, tile.x, tile.y))));
      expect(tile.extent).toEqual(tileExtent(tile));
    }
    expect(surveyTileCount(footprint, area, 16)).toEqual({ count: result.tiles.length, overCap: false });
    expect(surveyTileCount(footprint, area, 21, { cap: 100 })).toEqual({ count: 100, overCap: true });
  });

  it('keeps tiles within the area, or the tile containing it', () => {
    const area = square(-104.97, 39.72, -104.93, 39.77);
    const all = surveyTilesInArea(footprint, area, 17);
    const within = surveyTilesInArea(footprint, area, 17, { overlap: 'within' });
    if (all.kind !== 'tiles' || within.kind !== 'tiles') throw new Error('over cap');
    expect(within.tiles.length).toBeLessThan(all.tiles.length);
    for (const tile of all.tiles) {
      const inside = bruteShare(area, 17, tile.x, tile.y) > 1 - 1e-9;
      expect(within.tiles.some((t) => t.x === tile.x && t.y === tile.y)).toBe(inside);
    }
    const tiny = square(-104.95001, 39.75001, -104.95, 39.75002);
    const contains = surveyTilesInArea(footprint, tiny, 14, { overlap: 'contains' });
    expect(contains.kind === 'tiles' && contains.tiles.map((t) => [t.x, t.y])).toEqual([
      [tileAt(-104.95, 39.75, 14).x, tileAt(-104.95, 39.75, 14).y],
    ]);
  });

  it('is empty when the area misses the footprint', () => {
    expect(surveyTilesInArea(footprint, square(10, 10, 11, 11), 16)).toEqual({ kind: 'tiles', tiles: [] });
  });

  it('agrees with brute force on random footprints and areas', () => {
    fc.assert(
      fc.property(
        starAt(fc.double({ min: -100, max: -99.99, noNaN: true }), fc.double({ min: 40, max: 40.01, noNaN: true })),
        starAt(fc.double({ min: -100, max: -99.99, noNaN: true }), fc.double({ min: 40, max: 40.01, noNaN: true })),
        ({ z, polygon: footprintShape }, { polygon: area }) => {
          const result = surveyTilesInArea(footprintShape, area, z, { overlap: 'within' });
          if (result.kind !== 'tiles') throw new Error('over cap');
          const shared = intersect(featureCollection([feature(footprintShape), feature(area)]))?.geometry;
          const reference = shared ? bruteForce(shared, z) : new Map<string, number>();
          const listed = new Set(result.tiles.map((t) => `${t.x}/${t.y}`));
          for (const [key, share] of reference) {
            const [x, y] = key.split('/').map(Number);
            const within = bruteShare(area, z, x, y) > 1 - 1e-7;
            if (share > 1e-7 && within) expect(listed.has(key), `tile ${key}`).toBe(true);
            if (listed.has(key)) expect(share > 1e-10 && bruteShare(area, z, x, y) > 1 - 1e-6).toBe(true);
          }
          for (const tile of result.tiles) {
            const imagery = bruteShare(footprintShape, z, tile.x, tile.y);
            expect(Math.abs(tile.percentCovered - Math.max(1, Math.round(100 * imagery)))).toBeLessThanOrEqual(
              Math.abs(((100 * imagery) % 1) - 0.5) < 1e-4 ? 1 : 0,
            );
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
