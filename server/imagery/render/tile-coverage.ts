/** Exact tests of a tile square against a survey footprint: intersection and covered share. */
import type { Survey } from '../../catalog/survey.ts';
import type { Geom } from './footprint-geometry.ts';
import * as footprintGeometryModule from './footprint-geometry.ts';
import * as worldModule from './world.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { geomOf, someTileEdge } = footprintGeometryModule;
const { TILE_SIZE: T, mercY } = worldModule;

const EPS_PX = 1e-5;

/** Even-odd point-in-footprint test in tile pixel coordinates. */
function insideTilePx(g: Geom, z: number, x: number, y: number, px: number, py: number): boolean {
  let inside = false;
  someTileEdge(g, z, x, y, (x0, y0, x1, y1) => {
    if (y0 <= py !== y1 <= py) {
      const xc = x0 + ((py - y0) * (x1 - x0)) / (y1 - y0);
      if (xc > px) inside = !inside;
    }
  });
  return inside;
}

/** Does the segment cross the open square (lo, hi)²? (Liang–Barsky) */
function segmentHitsSquare(x0: number, y0: number, x1: number, y1: number, lo: number, hi: number): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = x1 - x0;
  const dy = y1 - y0;
  const p = [-dx, dx, -dy, dy];
  const q = [x0 - lo, hi - x0, y0 - lo, hi - y0];
  for (let i = 0; i < 4; i++) {
    if (p[i] === 0) {
      if (q[i] <= 0) return false;
    } else {
      const t = q[i] / p[i];
      if (p[i] < 0) {
        if (t > t0) t0 = t;
      } else if (t < t1) t1 = t;
      if (t0 >= t1) return false;
    }
  }
  return t1 - t0 > 1e-12;
}

/** Does any footprint edge cross the (slightly shrunk) interior of the tile? */
function boundaryCrossesTile(g: Geom, z: number, x: number, y: number): boolean {
  const lo = EPS_PX;
  const hi = T - EPS_PX;
  return someTileEdge(g, z, x, y, (x0, y0, x1, y1) => segmentHitsSquare(x0, y0, x1, y1, lo, hi));
}

function intersectsGeom(g: Geom, z: number, x: number, y: number): boolean {
  const n = 2 ** z;
  const tx0 = x / n;
  const ty0 = y / n;
  const tx1 = (x + 1) / n;
  const ty1 = (y + 1) / n;
  if (g.maxX <= tx0 || g.minX >= tx1 || g.maxY <= ty0 || g.minY >= ty1) return false;
  if (boundaryCrossesTile(g, z, x, y)) return true;
  // No boundary inside the tile: it is entirely inside or entirely outside.
  return insideTilePx(g, z, x, y, T / 2, T / 2);
}

/** Cheap bbox rejection, then an exact polygon / tile-square test (touching edges do not count). */
export function tileIntersectsFootprint(survey: Survey, z: number, x: number, y: number): boolean {
  const [w, s, e, nn] = survey.bbox;
  const n = 2 ** z;
  const lonW = (x / n) * 360 - 180;
  const lonE = ((x + 1) / n) * 360 - 180;
  const latN = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;
  const latS = (Math.atan(Math.sinh(Math.PI * (1 - (2 * (y + 1)) / n))) * 180) / Math.PI;
  const tol = 1e-9;
  if (e < lonW - tol || w > lonE + tol || nn < latS - tol || s > latN + tol) return false;
  return intersectsGeom(geomOf(survey.footprint), z, x, y);
}

/** Sutherland–Hodgman clip of a closed ring (tile px coords) to [0,T]², returning its |area|. */
function clippedRingArea(pts: Float64Array): number {
  let poly: number[] = Array.from(pts.subarray(0, pts.length - 2));
  const clipEdge = (
    inside: (x: number, y: number) => boolean,
    cut: (ax: number, ay: number, bx: number, by: number) => [number, number],
  ) => {
    const out: number[] = [];
    const m = poly.length / 2;
    for (let k = 0; k < m; k++) {
      const ax = poly[2 * k];
      const ay = poly[2 * k + 1];
      const bx = poly[2 * ((k + 1) % m)];
      const by = poly[2 * ((k + 1) % m) + 1];
      const ain = inside(ax, ay);
      const bin = inside(bx, by);
      if (ain) out.push(ax, ay);
      if (ain !== bin) out.push(...cut(ax, ay, bx, by));
    }
    poly = out;
  };
  const atX =
    (xv: number) =>
    (ax: number, ay: number, bx: number, by: number): [number, number] => [
      xv,
      ay + ((xv - ax) * (by - ay)) / (bx - ax),
    ];
  const atY =
    (yv: number) =>
    (ax: number, ay: number, bx: number, by: number): [number, number] => [
      ax + ((yv - ay) * (bx - ax)) / (by - ay),
      yv,
    ];
  clipEdge((px) => px >= 0, atX(0));
  if (poly.length) clipEdge((px) => px <= T, atX(T));
  if (poly.length) clipEdge((_, py) => py >= 0, atY(0));
  if (poly.length) clipEdge((_, py) => py <= T, atY(T));
  const m = poly.length / 2;
  let a = 0;
  for (let k = 0; k < m; k++) {
    const j = (k + 1) % m;
    a += poly[2 * k] * poly[2 * j + 1] - poly[2 * j] * poly[2 * k + 1];
  }
  return Math.abs(a) / 2;
}

/**
 * Share (0..1) of the tile's area covered by the footprint, measured in Web Mercator (the tile's
 * own projection). Outer rings add, holes subtract.
 */
export function tileCoverageFraction(survey: Survey, z: number, x: number, y: number): number {
  if (!tileIntersectsFootprint(survey, z, x, y)) return 0;
  if (!boundaryCrossesTile(geomOf(survey.footprint), z, x, y)) return 1; // intersecting, no edge inside
  const fp = survey.footprint;
  const polys = fp.type === 'Polygon' ? [fp.coordinates] : fp.coordinates;
  const n = 2 ** z;
  let area = 0;
  for (const poly of polys) {
    poly.forEach((ring, idx) => {
      const pts = new Float64Array(ring.length * 2);
      ring.forEach((p, k) => {
        pts[2 * k] = ((p[0] + 180) / 360) * n * T - x * T;
        pts[2 * k + 1] = mercY(p[1]) * n * T - y * T;
      });
      const a = clippedRingArea(pts);
      area += idx === 0 ? a : -a;
    });
  }
  const f = area / (T * T);
  return f < 1e-9 ? 0 : f > 1 - 1e-9 ? 1 : f;
}
