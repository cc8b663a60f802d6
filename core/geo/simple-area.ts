/**
 * Whether an area is simple and its polygons do not overlap, which the tile walk and polygon clipping rely on; and
 * if not, the first reason why. Edges may meet only where one ends and the next begins; every hole lies in its own
 * outer ring and in no other hole; no polygon lies inside another. Repeated consecutive positions are not a problem.
 *
 * Edge pairs are found by sweep and prune rather than all pairs as turf's kinks does: a 10,000-position outline takes
 * milliseconds, not half a second. Nesting is decided by rays through an R-tree of the edges (Flatbush).
 */
import Flatbush from 'flatbush';
import { type AreaGeometry, polygonsOf } from './geometry.ts';
import { meetingPoint, orient, segmentsMeet } from './segments.ts';
import { UNLIMITED, type WorkBudget } from './work-budget.ts';

/** An edge: from position `edge` (0-based) of a ring; ring 0 is the outer ring, then the holes. */
interface EdgeRef {
  polygon: number;
  ring: number;
  edge: number;
}

export type AreaProblem =
  | { kind: 'crossing'; at: [number, number]; edges: [EdgeRef, EdgeRef] }
  | { kind: 'hole-outside'; at: [number, number]; polygon: number; hole: number }
  | { kind: 'hole-in-hole'; at: [number, number]; polygon: number; hole: number }
  | { kind: 'polygon-inside'; at: [number, number]; polygon: number; other: number }
  | { kind: 'empty-ring'; at: [number, number]; polygon: number; ring: number };

interface Edges {
  ax: Float64Array;
  ay: Float64Array;
  bx: Float64Array;
  by: Float64Array;
  ring: Int32Array;
  refs: EdgeRef[];
  /** Per ring: first edge index and edge count; polygon and ring index. */
  ringStart: number[];
  ringCount: number[];
  ringPolygon: number[];
  ringIndex: number[];
}

function edgesOf(area: AreaGeometry): Edges {
  let total = 0;
  for (const rings of polygonsOf(area)) for (const ring of rings) total += Math.max(0, ring.length - 1);
  const edges: Edges = {
    ax: new Float64Array(total),
    ay: new Float64Array(total),
    bx: new Float64Array(total),
    by: new Float64Array(total),
    ring: new Int32Array(total),
    refs: [],
    ringStart: [],
    ringCount: [],
    ringPolygon: [],
    ringIndex: [],
  };
  let e = 0;
  for (const [p, rings] of polygonsOf(area).entries()) {
    for (const [r, ring] of rings.entries()) {
      const id = edges.ringStart.length;
      edges.ringStart.push(e);
      edges.ringPolygon.push(p);
      edges.ringIndex.push(r);
      for (let i = 0; i + 1 < ring.length; i++) {
        const [ax, ay] = ring[i];
        const [bx, by] = ring[i + 1];
        if (ax === bx && ay === by) continue;
        edges.ax[e] = ax;
        edges.ay[e] = ay;
        edges.bx[e] = bx;
        edges.by[e] = by;
        edges.ring[e] = id;
        edges.refs.push({ polygon: p, ring: r, edge: i });
        e++;
      }
      edges.ringCount.push(e - edges.ringStart[id]);
    }
  }
  return edges;
}

/** Whether edges i < j follow each other in their ring (the last edge is followed by the first). */
function adjacent(edges: Edges, i: number, j: number): boolean {
  if (edges.ring[i] !== edges.ring[j]) return false;
  const ring = edges.ring[i];
  return j === i + 1 || (i === edges.ringStart[ring] && j === edges.ringStart[ring] + edges.ringCount[ring] - 1);
}

/** Adjacent edges i (…→v) and j (v→…) or the other way round fold back onto each other at their shared vertex. */
function foldsBack(edges: Edges, i: number, j: number): [number, number] | null {
  const { ax, ay, bx, by } = edges;
  const shared = bx[i] === ax[j] && by[i] === ay[j] ? ([i, j] as const) : ([j, i] as const);
  const [into, out] = shared;
  const vx = bx[into];
  const vy = by[into];
  const px = ax[into];
  const py = ay[into];
  const qx = bx[out];
  const qy = by[out];
  if (orient(px, py, vx, vy, qx, qy) !== 0) return null;
  return (px - vx) * (qx - vx) + (py - vy) * (qy - vy) > 0 ? [vx, vy] : null;
}

/**
 * Sweep and prune along the axis where edges overlap least: edges sorted by their start on that axis, each tested
 * only against the edges still open where it starts (and meeting it on the other axis). Adversarial inputs whose
 * edges all overlap on both axes (a diagonal comb) still cost pairs, hence the budget.
 */
function firstCrossing(edges: Edges, budget: WorkBudget): AreaProblem | null {
  const { ax, ay, bx, by } = edges;
  const n = edges.refs.length;
  let spanX = 0;
  let spanY = 0;
  for (let i = 0; i < n; i++) {
    spanX += Math.abs(bx[i] - ax[i]);
    spanY += Math.abs(by[i] - ay[i]);
  }
  const [west, south, east, north] = [Math.min(...ax), Math.min(...ay), Math.max(...ax), Math.max(...ay)];
  const alongX = spanX / Math.max(east - west, Number.MIN_VALUE) <= spanY / Math.max(north - south, Number.MIN_VALUE);
  const [p0, p1, q0, q1] = alongX ? [ax, bx, ay, by] : [ay, by, ax, bx];
  const low = new Float64Array(n);
  const high = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    low[i] = Math.min(p0[i], p1[i]);
    high[i] = Math.max(p0[i], p1[i]);
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => low[a] - low[b] || a - b);
  const open = new Int32Array(n);
  let openCount = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k];
    let kept = 0;
    for (let o = 0; o < openCount; o++) if (high[open[o]] >= low[i]) open[kept++] = open[o];
    openCount = kept;
    budget.spend(openCount + 1);
    const qLow = Math.min(q0[i], q1[i]);
    const qHigh = Math.max(q0[i], q1[i]);
    for (let o = 0; o < openCount; o++) {
      const j = open[o];
      if (Math.max(q0[j], q1[j]) < qLow || Math.min(q0[j], q1[j]) > qHigh) continue;
      const [first, second] = i < j ? [i, j] : [j, i];
      let meets: [number, number] | null = null;
      if (adjacent(edges, first, second)) {
        // A ring of two edges is a line there and back.
        meets = edges.ringCount[edges.ring[first]] < 3 ? [ax[second], ay[second]] : foldsBack(edges, first, second);
      } else if (segmentsMeet(ax[i], ay[i], bx[i], by[i], ax[j], ay[j], bx[j], by[j])) {
        meets = meetingPoint(
          [ax[first], ay[first]],
          [bx[first], by[first]],
          [ax[second], ay[second]],
          [bx[second], by[second]],
        );
      }
      if (meets) return { kind: 'crossing', at: meets, edges: [edges.refs[first], edges.refs[second]] };
    }
    open[openCount++] = i;
  }
  return null;
}

/**
 * With no edges meeting, rings are nested or apart: a ring's first position decides. The rings around it are those
 * crossed an odd number of times by the ray to its left, found through the same index.
 */
function firstNestingProblem(
  area: AreaGeometry,
  edges: Edges,
  index: Flatbush,
  budget: WorkBudget,
): AreaProblem | null {
  const { ax, ay, bx, by } = edges;
  const rings = edges.ringStart.length;
  const polygons = polygonsOf(area);
  const outerOf: number[] = [];
  const holesOf: number[][] = polygons.map(() => []);
  for (let r = 0; r < rings; r++) {
    if (edges.ringIndex[r] === 0) outerOf[edges.ringPolygon[r]] = r;
    else holesOf[edges.ringPolygon[r]].push(r);
  }
  const around = new Uint8Array(rings);
  const west = index.minX;
  for (let r = 0; r < rings; r++) {
    if (edges.ringCount[r] === 0) continue;
    const start = edges.ringStart[r];
    const x = ax[start];
    const y = ay[start];
    const found = index.search(west, y, x, y);
    budget.spend(found.length + 1);
    around.fill(0);
    for (const k of found) {
      if (edges.ring[k] === r) continue;
      if (ay[k] > y !== by[k] > y && ((bx[k] - ax[k]) * (y - ay[k])) / (by[k] - ay[k]) + ax[k] < x)
        around[edges.ring[k]] ^= 1;
    }
    const polygon = edges.ringPolygon[r];
    const at: [number, number] = [x, y];
    if (edges.ringIndex[r] > 0) {
      if (!around[outerOf[polygon]]) return { kind: 'hole-outside', at, polygon, hole: edges.ringIndex[r] };
      const outerHole = holesOf[polygon].find((h) => h !== r && around[h]);
      if (outerHole !== undefined) return { kind: 'hole-in-hole', at, polygon, hole: edges.ringIndex[r] };
      continue;
    }
    for (let other = 0; other < polygons.length; other++) {
      if (other === polygon || !around[outerOf[other]]) continue;
      if (holesOf[other].some((h) => around[h])) continue;
      return { kind: 'polygon-inside', at, polygon, other };
    }
  }
  return null;
}

/** The first reason the area is not simple and non-overlapping, or null when it is. */
export function findAreaProblem(area: AreaGeometry, budget: WorkBudget = UNLIMITED): AreaProblem | null {
  const edges = edgesOf(area);
  const empty = edges.ringCount.indexOf(0);
  if (empty !== -1) {
    const polygon = edges.ringPolygon[empty];
    const ring = edges.ringIndex[empty];
    const [lon, lat] = polygonsOf(area)[polygon][ring][0] ?? [0, 0];
    return { kind: 'empty-ring', at: [lon, lat], polygon, ring };
  }
  const n = edges.refs.length;
  const crossing = firstCrossing(edges, budget);
  if (crossing || edges.ringStart.length <= 1) return crossing;
  const index = new Flatbush(n);
  const { ax, ay, bx, by } = edges;
  for (let i = 0; i < n; i++)
    index.add(Math.min(ax[i], bx[i]), Math.min(ay[i], by[i]), Math.max(ax[i], bx[i]), Math.max(ay[i], by[i]));
  index.finish();
  return firstNestingProblem(area, edges, index, budget);
}

const ringName = (polygon: number, ring: number, multi: boolean) =>
  `${ring === 0 ? 'the outer ring' : `hole ${ring}`}${multi ? ` of polygon ${polygon + 1}` : ''}`;

const edgeName = ({ polygon, ring, edge }: EdgeRef, multi: boolean) =>
  `edge ${edge + 1} of ${ringName(polygon, ring, multi)}`;

const capitalise = (text: string) => text[0].toUpperCase() + text.slice(1);

const point = ([lon, lat]: [number, number]) => `(${+lon.toFixed(7)} ${+lat.toFixed(7)})`;

/** The problem in a sentence, e.g. "Edge 3 of the outer ring and edge 7 of hole 1 meet at (1.5 2)." */
export function describeAreaProblem(problem: AreaProblem, multi: boolean): string {
  switch (problem.kind) {
    case 'crossing': {
      const [a, b] = problem.edges;
      const what =
        a.polygon === b.polygon && a.ring === b.ring ? 'The outline crosses or touches itself' : 'Rings meet';
      return `${what} at ${point(problem.at)}: ${edgeName(a, multi)} and ${edgeName(b, multi)}.`;
    }
    case 'hole-outside':
      return `Hole ${problem.hole}${multi ? ` of polygon ${problem.polygon + 1}` : ''} lies outside its outer ring.`;
    case 'hole-in-hole':
      return `Hole ${problem.hole}${multi ? ` of polygon ${problem.polygon + 1}` : ''} lies inside another hole.`;
    case 'polygon-inside':
      return `Polygon ${problem.polygon + 1} lies inside polygon ${problem.other + 1}: the polygons overlap.`;
    case 'empty-ring':
      return `${capitalise(ringName(problem.polygon, problem.ring, multi))} has all its positions at ${point(
        problem.at,
      )}.`;
  }
}
