import { describe, expect, it } from 'vitest';
import { bbox as bboxOf, booleanIntersects } from '@turf/turf';
import type { BBox } from 'geojson';
import type { Position } from 'geojson';
import type { AreaGeometry } from './geometry.ts';
import { mulberry32 } from '../../server/procedural/noise.ts';
import { polygonsOf } from './geometry.ts';
import { prepareArea } from './prepared-area.ts';
import { inRings, segmentMeetsBox } from './segments.ts';

const rng = mulberry32;

const box = (w: number, s: number, e: number, n: number): Position[] => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

/** A star-shaped ring; `snap` rounds vertices to a grid so edges and vertices often coincide. */
function star(rnd: () => number, cx: number, cy: number, r: number, n: number, snap?: number): Position[] {
  const ring: Position[] = [];
  for (let i = 0; i < n; i++) {
    const t = (i / n) * Math.PI * 2;
    const k = r * (0.4 + 0.6 * rnd());
    let x = cx + Math.cos(t) * k;
    let y = cy + Math.sin(t) * k;
    if (snap) {
      x = Math.round(x / snap) * snap;
      y = Math.round(y / snap) * snap;
    }
    const last = ring.at(-1);
    if (!last || last[0] !== x || last[1] !== y) ring.push([x, y]);
  }
  ring.push([...ring[0]]);
  return ring;
}

function randomShape(rnd: () => number, snap?: number): AreaGeometry {
  const roll = rnd();
  const cx = rnd() * 10;
  const cy = rnd() * 10;
  const r = 0.3 + rnd() * 4;
  const s = (v: number) => (snap ? Math.round(v / snap) * snap : v);
  if (roll < 0.35) {
    const w = s(cx - r);
    const e = Math.max(s(cx + r), w + (snap ?? 0.1));
    const so = s(cy - r * 0.7);
    const n = Math.max(s(cy + r * 0.7), so + (snap ?? 0.1));
    return { type: 'Polygon', coordinates: [box(w, so, e, n)] };
  }
  if (roll < 0.7)
    return {
      type: 'Polygon',
      coordinates: [star(rnd, cx, cy, r, 5 + Math.floor(rnd() * (rnd() < 0.2 ? 600 : 40)), snap)],
    };
  if (roll < 0.85) {
    // A ring with a hole.
    return {
      type: 'Polygon',
      coordinates: [
        box(s(cx - r), s(cy - r), s(cx + r) + 1, s(cy + r) + 1),
        box(s(cx - r / 3), s(cy - r / 3), s(cx + r / 3) + 0.5, s(cy + r / 3) + 0.5).reverse(),
      ],
    };
  }
  return {
    type: 'MultiPolygon',
    coordinates: [[star(rnd, cx, cy, r / 2, 12, snap)], [box(s(cx + r), s(cy), s(cx + r) + 1, s(cy) + 1)]],
  };
}

describe('prepareArea', () => {
  it('answers exactly as booleanIntersects on random shapes, with and without shared edges and vertices', () => {
    const rnd = rng(42);
    let compared = 0;
    let positives = 0;
    for (let i = 0; i < 400; i++) {
      const snap = i % 2 === 0 ? 0.5 : undefined;
      const area = randomShape(rnd, snap);
      const prepared = prepareArea(area);
      for (let j = 0; j < 30; j++) {
        const footprint = randomShape(rnd, snap);
        const expected = booleanIntersects(footprint, area);
        const actual = prepared.intersects(footprint, bboxOf(footprint));
        if (actual !== expected) {
          throw new Error(
            `mismatch (turf ${expected}) for\narea ${JSON.stringify(area)}\nfootprint ${JSON.stringify(footprint)}`,
          );
        }
        compared++;
        if (expected) positives++;
      }
    }
    expect(compared).toBe(12_000);
    expect(positives).toBeGreaterThan(1_000);
  });

  it('counts touching at a corner, a shared edge and containment either way', () => {
    const area = prepareArea({ type: 'Polygon', coordinates: [box(0, 0, 2, 2)] });
    const check = (ring: Position[]) =>
      area.intersects({ type: 'Polygon', coordinates: [ring] }, bboxOf({ type: 'Polygon', coordinates: [ring] }));
    expect(check(box(2, 2, 3, 3))).toBe(true); // corner
    expect(check(box(2, 0.5, 3, 1))).toBe(true); // edge
    expect(check(box(0.5, 0.5, 1, 1))).toBe(true); // inside
    expect(check(box(-1, -1, 3, 3))).toBe(true); // around
    expect(check(box(2.0001, 0, 3, 1))).toBe(false);
  });

  it('leaves out a footprint inside a hole of the area', () => {
    const area = prepareArea({ type: 'Polygon', coordinates: [box(0, 0, 10, 10), box(2, 2, 8, 8).reverse()] });
    const inHole: AreaGeometry = { type: 'Polygon', coordinates: [box(3, 3, 4, 4)] };
    expect(area.intersects(inHole, bboxOf(inHole))).toBe(false);
    const acrossHole: AreaGeometry = { type: 'Polygon', coordinates: [box(1, 3, 4, 4)] };
    expect(area.intersects(acrossHole, bboxOf(acrossHole))).toBe(true);
  });

  it('holds a box exactly when no edge meets it and it is inside, near edges too (against every edge, no grid)', () => {
    const rnd = rng(7);
    let held = 0;
    let nearEdges = 0;
    for (let i = 0; i < 300; i++) {
      const area = randomShape(rnd);
      const prepared = prepareArea(area);
      const polygons = polygonsOf(area);
      const [minX, minY, maxX, maxY] = bboxOf(area);
      for (let j = 0; j < 40; j++) {
        const size = (maxX - minX) * (0.002 + rnd() * 0.1);
        const x = minX - size + rnd() * (maxX - minX + size);
        const y = minY - size + rnd() * (maxY - minY + size);
        const b: BBox = [x, y, x + size, y + size];
        const crossed = polygons.some((rings) =>
          rings.some((ring) =>
            ring.some((p, k) => k > 0 && segmentMeetsBox(ring[k - 1][0], ring[k - 1][1], p[0], p[1], ...b)),
          ),
        );
        const expected = !crossed && polygons.some((rings) => inRings(rings, x + size / 2, y + size / 2));
        expect(prepared.holds(b), JSON.stringify({ area, box: b })).toBe(expected);
        if (expected) held++;
        if (crossed) nearEdges++;
      }
    }
    expect(held).toBeGreaterThan(1_000);
    expect(nearEdges).toBeGreaterThan(1_000);
  });

  it('holds a box beside an edge, not one across it or in a hole', () => {
    // One edge in a 16 × 16 grid: the cells along it hold boxes wholly inside as well as boxes across it.
    const area = prepareArea({ type: 'Polygon', coordinates: [box(0, 0, 10, 10), box(2, 2, 8, 8).reverse()] });
    expect(area.holds([0.01, 5, 0.2, 5.2])).toBe(true);
    expect(area.holds([1.7, 5, 1.99, 5.2])).toBe(true);
    expect(area.holds([1.9, 5, 2.1, 5.2])).toBe(false);
    expect(area.holds([3, 3, 4, 4])).toBe(false);
    expect(area.holds([-0.1, 5, 0.2, 5.2])).toBe(false);
    expect(area.holds([0, 5, 0.2, 5.2])).toBe(false);
  });
});
