/** A reduced tile's pixels as planes of numbers: colour channels, YIQ (pixelmatch's perceptual space) and coverage. */
import { REDUCED_SIZE, type ReducedTile } from './reduce-tile.ts';

/** Cells a side of a tile, and reduced pixels a side of one cell. */
export const CELL_GRID = 16;
const CELL_PIXELS = REDUCED_SIZE / CELL_GRID;
export const CELLS = CELL_GRID * CELL_GRID;
export const PIXELS = REDUCED_SIZE * REDUCED_SIZE;

export interface Planes {
  r: Float32Array;
  g: Float32Array;
  b: Float32Array;
  /** Luma and the two chroma axes. */
  y: Float32Array;
  i: Float32Array;
  q: Float32Array;
  /** 1 where the capture has imagery (all of the block opaque, and not the JPEG tiles' white background). */
  opaque: Uint8Array;
}

export function planesOf(tile: ReducedTile): Planes {
  const planes: Planes = {
    r: new Float32Array(PIXELS),
    g: new Float32Array(PIXELS),
    b: new Float32Array(PIXELS),
    y: new Float32Array(PIXELS),
    i: new Float32Array(PIXELS),
    q: new Float32Array(PIXELS),
    opaque: new Uint8Array(PIXELS),
  };
  for (let p = 0; p < PIXELS; p++) {
    planes.r[p] = tile[p * 4];
    planes.g[p] = tile[p * 4 + 1];
    planes.b[p] = tile[p * 4 + 2];
    // A JPEG has no alpha: where the service has no imagery it sends its background, white.
    const background = tile[p * 4] >= 254 && tile[p * 4 + 1] >= 254 && tile[p * 4 + 2] >= 254;
    planes.opaque[p] = tile[p * 4 + 3] === 255 && !background ? 1 : 0;
  }
  toYiq(planes);
  return planes;
}

/** Recomputes y, i, q from r, g, b (pixelmatch's coefficients). */
export function toYiq({ r, g, b, y, i, q }: Planes): void {
  for (let p = 0; p < PIXELS; p++) {
    y[p] = 0.29889531 * r[p] + 0.58662247 * g[p] + 0.11448223 * b[p];
    i[p] = 0.59597799 * r[p] - 0.2741761 * g[p] - 0.32180189 * b[p];
    q[p] = 0.21147017 * r[p] - 0.52261711 * g[p] + 0.31114694 * b[p];
  }
}

/** Reduced pixels a cell. */
export const CELL_AREA = CELL_PIXELS * CELL_PIXELS;

/** Cell c's pixels are CELL_PIXEL_INDEX[c · CELL_AREA … (c + 1) · CELL_AREA − 1], row by row. */
export const CELL_PIXEL_INDEX = new Uint16Array(CELLS * CELL_AREA);
for (let c = 0, k = 0; c < CELLS; c++) {
  const x0 = (c % CELL_GRID) * CELL_PIXELS;
  const y0 = Math.floor(c / CELL_GRID) * CELL_PIXELS;
  for (let y = y0; y < y0 + CELL_PIXELS; y++)
    for (let x = x0; x < x0 + CELL_PIXELS; x++) CELL_PIXEL_INDEX[k++] = y * REDUCED_SIZE + x;
}

/** Scratch bounds of a cell's pixels: x0, x1, y0, y1 (end exclusive). */
const BOUNDS = new Int32Array(4);

/**
 * The reduced pixels of cell c with `margin` more around it, clipped to the tile, as bounds x0, x1, y0, y1 in a
 * scratch array valid until the next call: loops over them stay plain loops (no callback per pixel).
 */
function cellBounds(c: number, margin: number): Int32Array {
  const cx = c % CELL_GRID;
  const cy = (c - cx) / CELL_GRID;
  BOUNDS[0] = Math.max(0, cx * CELL_PIXELS - margin);
  BOUNDS[1] = Math.min(REDUCED_SIZE, (cx + 1) * CELL_PIXELS + margin);
  BOUNDS[2] = Math.max(0, cy * CELL_PIXELS - margin);
  BOUNDS[3] = Math.min(REDUCED_SIZE, (cy + 1) * CELL_PIXELS + margin);
  return BOUNDS;
}

/** Sums over a cell's pixels (with `margin`) of two planes: n, Σa, Σb, Σa², Σb², Σab — for means, variances, SSIM. */
export function cellMoments(a: Float32Array, b: Float32Array, c: number, margin: number, out: Float64Array): void {
  const bounds = cellBounds(c, margin);
  const x0 = bounds[0];
  const x1 = bounds[1];
  const y0 = bounds[2];
  const y1 = bounds[3];
  let n = 0;
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  for (let y = y0; y < y1; y++) {
    for (let p = y * REDUCED_SIZE + x0, end = y * REDUCED_SIZE + x1; p < end; p++) {
      const va = a[p];
      const vb = b[p];
      n++;
      sa += va;
      sb += vb;
      saa += va * va;
      sbb += vb * vb;
      sab += va * vb;
    }
  }
  out[0] = n;
  out[1] = sa;
  out[2] = sb;
  out[3] = saa;
  out[4] = sbb;
  out[5] = sab;
}
