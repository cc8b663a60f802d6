/** Predicates on plane segments given by their end coordinates (flat arguments: these run in hot loops). */

/** Sign of the turn a→b→p: > 0 left, < 0 right, 0 collinear. */
export function orient(ax: number, ay: number, bx: number, by: number, px: number, py: number): number {
  return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

/** p, collinear with ab, lies within ab's box. */
function onCollinear(ax: number, ay: number, bx: number, by: number, px: number, py: number): boolean {
  return px >= Math.min(ax, bx) && px <= Math.max(ax, bx) && py >= Math.min(ay, by) && py <= Math.max(ay, by);
}

/** Whether closed segments ab and cd share a point (crossing, touching or overlapping). */
export function segmentsMeet(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  if (Math.max(ax, bx) < Math.min(cx, dx) || Math.max(cx, dx) < Math.min(ax, bx)) return false;
  if (Math.max(ay, by) < Math.min(cy, dy) || Math.max(cy, dy) < Math.min(ay, by)) return false;
  const d1 = orient(cx, cy, dx, dy, ax, ay);
  const d2 = orient(cx, cy, dx, dy, bx, by);
  const d3 = orient(ax, ay, bx, by, cx, cy);
  const d4 = orient(ax, ay, bx, by, dx, dy);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  // Touching or collinear: an endpoint on the other segment (the boxes already overlap).
  if (d1 === 0 && onCollinear(cx, cy, dx, dy, ax, ay)) return true;
  if (d2 === 0 && onCollinear(cx, cy, dx, dy, bx, by)) return true;
  if (d3 === 0 && onCollinear(ax, ay, bx, by, cx, cy)) return true;
  if (d4 === 0 && onCollinear(ax, ay, bx, by, dx, dy)) return true;
  return false;
}

/**
 * A point the two segments share, assuming they meet: the crossing point, or for touching and overlapping segments
 * an endpoint lying on the other segment.
 */
export function meetingPoint(
  [ax, ay]: readonly number[],
  [bx, by]: readonly number[],
  [cx, cy]: readonly number[],
  [dx, dy]: readonly number[],
): [number, number] {
  if (orient(cx, cy, dx, dy, ax, ay) === 0 && onCollinear(cx, cy, dx, dy, ax, ay)) return [ax, ay];
  if (orient(cx, cy, dx, dy, bx, by) === 0 && onCollinear(cx, cy, dx, dy, bx, by)) return [bx, by];
  if (orient(ax, ay, bx, by, cx, cy) === 0 && onCollinear(ax, ay, bx, by, cx, cy)) return [cx, cy];
  if (orient(ax, ay, bx, by, dx, dy) === 0 && onCollinear(ax, ay, bx, by, dx, dy)) return [dx, dy];
  const t = orient(cx, cy, dx, dy, ax, ay) / (orient(cx, cy, dx, dy, ax, ay) - orient(cx, cy, dx, dy, bx, by));
  return [ax + t * (bx - ax), ay + t * (by - ay)];
}

/**
 * Segment ab meets the closed box [x0, x1] × [y0, y1] (Liang–Barsky clip). Written without inner closures: under tsx
 * (keepNames) every closure created in a hot loop also pays for a defineProperty.
 */
export function segmentMeetsBox(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = bx - ax;
  const dy = by - ay;
  for (let i = 0; i < 4; i++) {
    const p = i === 0 ? -dx : i === 1 ? dx : i === 2 ? -dy : dy;
    const q = i === 0 ? ax - x0 : i === 1 ? x1 - ax : i === 2 ? ay - y0 : y1 - ay;
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  return true;
}

/** Even-odd point-in-polygon over one polygon's rings (outer and holes); points on an edge are not decided here. */
export function inRings(rings: readonly (readonly number[])[][], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}
