import type { Geom } from './footprint-geometry.ts';
import * as footprintGeometryModule from './footprint-geometry.ts';
import * as worldModule from './world.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { someTileEdge } = footprintGeometryModule;
const { TILE_SIZE: T } = worldModule;

// Scanline mask: spans of covered pixel columns per row.
let edgeBuf = new Float64Array(4 * 256);
let xsBuf = new Float64Array(256);
export const mask = {
  /** For each row: list of [start, end) column pairs, flattened; rowStart[j]..rowStart[j+1]. */
  spans: new Int32Array(4096),
  rowStart: new Int32Array(T + 1),
};

/** Even-odd scanline fill of the footprint over tile z/x/y into the mask; returns the covered pixel count. */
export function rasterize(g: Geom, z: number, x: number, y: number): number {
  if (edgeBuf.length < g.edgeCount * 4) edgeBuf = new Float64Array(g.edgeCount * 4);
  if (xsBuf.length < g.edgeCount) xsBuf = new Float64Array(g.edgeCount);
  let ne = 0;
  someTileEdge(g, z, x, y, (x0, y0, x1, y1) => {
    if (y0 !== y1 && !((y0 < 0 && y1 < 0) || (y0 > T && y1 > T))) {
      edgeBuf[ne * 4] = x0;
      edgeBuf[ne * 4 + 1] = y0;
      edgeBuf[ne * 4 + 2] = x1;
      edgeBuf[ne * 4 + 3] = y1;
      ne++;
    }
  });
  let ns = 0;
  let covered = 0;
  for (let j = 0; j < T; j++) {
    mask.rowStart[j] = ns;
    const yc = j + 0.5;
    let nx = 0;
    for (let e = 0; e < ne; e++) {
      const y0 = edgeBuf[e * 4 + 1];
      const y1 = edgeBuf[e * 4 + 3];
      if (y0 <= yc !== y1 <= yc) {
        const x0 = edgeBuf[e * 4];
        const x1 = edgeBuf[e * 4 + 2];
        const xc = x0 + ((yc - y0) * (x1 - x0)) / (y1 - y0);
        // insertion sort
        let k = nx++;
        while (k > 0 && xsBuf[k - 1] > xc) {
          xsBuf[k] = xsBuf[k - 1];
          k--;
        }
        xsBuf[k] = xc;
      }
    }
    for (let k = 0; k + 1 < nx; k += 2) {
      // pixel i covered iff its centre i+0.5 lies in [xa, xb)
      let i0 = Math.ceil(xsBuf[k] - 0.5);
      let i1 = Math.ceil(xsBuf[k + 1] - 0.5);
      if (i0 < 0) i0 = 0;
      if (i1 > T) i1 = T;
      if (i1 > i0) {
        if (ns + 2 > mask.spans.length) {
          const nb = new Int32Array(mask.spans.length * 2);
          nb.set(mask.spans);
          mask.spans = nb;
        }
        mask.spans[ns++] = i0;
        mask.spans[ns++] = i1;
        covered += i1 - i0;
      }
    }
  }
  mask.rowStart[T] = ns;
  return covered;
}
