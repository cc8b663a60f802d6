/** Clamping, smoothstep and the swept-box test of building shadows. */

export function clamp01(x: number): number {
  return x < 0 ? 0 : Math.min(x, 1);
}

export function smooth(e0: number, e1: number, x: number): number {
  const t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
}

/** The range of t that sweptHit() has left, [SWEEP[0], SWEEP[1]]. */
const SWEEP = new Float64Array(2);

/**
 * Is (x, y) inside the shadow swept by the box [x0,x1)×[y0,y1) along (ox, oy), i.e. is
 * (x, y) − t·(ox, oy) inside the box for some t in [0, 1]?
 */
export function sweptHit(
  x: number,
  y: number,
  ox: number,
  oy: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
): boolean {
  SWEEP[0] = 0;
  SWEEP[1] = 1;
  return sweepAxis(x, ox, x0, x1) && sweepAxis(y, oy, y0, y1) && SWEEP[0] <= SWEEP[1];
}

/** Narrow SWEEP to the t where p − t·o lies in [p0, p1); false when no t can. */
function sweepAxis(p: number, o: number, p0: number, p1: number): boolean {
  if (o === 0) return p >= p0 && p < p1;
  let a = (p - p0) / o;
  let b = (p - p1) / o;
  if (a > b) {
    const c = a;
    a = b;
    b = c;
  }
  if (a > SWEEP[0]) SWEEP[0] = a;
  if (b < SWEEP[1]) SWEEP[1] = b;
  return true;
}
