/** Footprint rings in normalised Web Mercator (x, y in [0,1], y down), cached per footprint object. */
import type { AreaGeometry } from '../../../core/geo/geometry.ts';
import * as worldModule from './world.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { TILE_SIZE: T, mercatorUnit } = worldModule;

export interface Geom {
  rings: Float64Array[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  edgeCount: number;
}

const geomCache = new WeakMap<AreaGeometry, Geom>();

export function geomOf(fp: AreaGeometry): Geom {
  let g = geomCache.get(fp);
  if (g) return g;
  const polys = fp.type === 'Polygon' ? [fp.coordinates] : fp.coordinates;
  const rings: Float64Array[] = [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let edgeCount = 0;
  for (const poly of polys) {
    for (const ring of poly) {
      if (ring.length < 2) continue;
      const closed = ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1];
      const n = closed ? ring.length : ring.length + 1;
      const a = new Float64Array(n * 2);
      for (let k = 0; k < n; k++) {
        const p = ring[k % ring.length];
        const [x, y] = mercatorUnit(p[0], p[1]);
        a[2 * k] = x;
        a[2 * k + 1] = y;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      edgeCount += n - 1;
      rings.push(a);
    }
  }
  g = { rings, minX, minY, maxX, maxY, edgeCount };
  geomCache.set(fp, g);
  return g;
}

/**
 * Call visit with each footprint edge in the pixel coordinates of tile z/x/y, until it returns
 * true; returns whether it did.
 */
export function someTileEdge(
  g: Geom,
  z: number,
  x: number,
  y: number,
  visit: (x0: number, y0: number, x1: number, y1: number) => boolean | undefined,
): boolean {
  const sx = 2 ** z * T;
  for (const r of g.rings) {
    const m = r.length / 2;
    let x0 = r[0] * sx - x * T;
    let y0 = r[1] * sx - y * T;
    for (let k = 1; k < m; k++) {
      const x1 = r[2 * k] * sx - x * T;
      const y1 = r[2 * k + 1] * sx - y * T;
      if (visit(x0, y0, x1, y1)) return true;
      x0 = x1;
      y0 = y1;
    }
  }
  return false;
}
