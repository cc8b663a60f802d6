/**
 * Per cell, two differences between the captures: colour — pixelmatch's YIQ distance, after letting the brighter
 * pixel darken as a shadow would — and structure — 1 − the structure term of SSIM on luma.
 */
import { CELL_AREA, CELL_PIXEL_INDEX, cellMoments, CELLS, type Planes } from './pixel-planes.ts';

/** pixelmatch's weights of the squared differences of Y, I and Q. */
const WY = 0.5053;
const WI = 0.299;
const WQ = 0.1957;
/**
 * The darkest a shadow makes lit ground: cloud shadow to 0.58, a building's or tree's to 0.46–0.5 (and a little bluer).
 * A pixel that differs by no more than such a darkening is not a colour change; moving shadows (another time of day,
 * another season) would otherwise mark every cell with a house.
 */
const SHADOW_FLOOR = 0.45;
/** SSIM's structure term, (σab + C3) / (σa σb + C3), with a small C3: the demo's and real ground's texture is faint. */
const C3 = 1;

export interface CellDifferences {
  /** Mean YIQ distance of the cell's pixels after the shadow allowance (0–255 scale). */
  colour: Float32Array;
  /** 1 − the correlation of the cell's luma (with a pixel's margin): 0 the same pattern, 1 none, 2 inverted. */
  structure: Float32Array;
}

/** The YIQ distance of pixel p, the brighter side darkened by the best factor in [SHADOW_FLOOR, 1]. */
function shadowTolerantDistance(a: Planes, b: Planes, p: number): number {
  const aLit = a.y[p] >= b.y[p];
  const lit = aLit ? a : b;
  const other = aLit ? b : a;
  const ly = lit.y[p];
  const li = lit.i[p];
  const lq = lit.q[p];
  const oy = other.y[p];
  const oi = other.i[p];
  const oq = other.q[p];
  const norm = WY * ly * ly + WI * li * li + WQ * lq * lq;
  const best = norm > 0 ? (WY * ly * oy + WI * li * oi + WQ * lq * oq) / norm : 1;
  const k = Math.max(SHADOW_FLOOR, Math.min(1, best));
  const dy = ly * k - oy;
  const di = li * k - oi;
  const dq = lq * k - oq;
  return Math.sqrt(WY * dy * dy + WI * di * di + WQ * dq * dq);
}

const sums = new Float64Array(6);

/** The two differences of every cell marked `compared` (others left 0). */
export function cellDifferences(a: Planes, b: Planes, compared: Uint8Array): CellDifferences {
  const colour = new Float32Array(CELLS);
  const structure = new Float32Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    if (!compared[c]) continue;
    let distance = 0;
    for (let k = c * CELL_AREA; k < (c + 1) * CELL_AREA; k++)
      distance += shadowTolerantDistance(a, b, CELL_PIXEL_INDEX[k]);
    colour[c] = distance / CELL_AREA;
    cellMoments(a.y, b.y, c, 1, sums);
    const m = sums[0];
    const ma = sums[1] / m;
    const mb = sums[2] / m;
    const va = Math.max(0, sums[3] / m - ma * ma);
    const vb = Math.max(0, sums[4] / m - mb * mb);
    const cov = sums[5] / m - ma * mb;
    structure[c] = 1 - (cov + C3) / (Math.sqrt(va * vb) + C3);
  }
  return { colour, structure };
}
