/**
 * What the score weighs in each cell: eleven differences between the two captures (lighting already matched), each
 * also as its mean over the cell and its neighbours in the tile — construction spans cells, noise does not. All are 0
 * where the captures are the same, so identical ground scores 0 whatever its weights.
 */
import { cellDifferences } from './cell-compare.ts';
import { CELL_AREA, CELL_GRID, CELL_PIXEL_INDEX, CELLS, type Planes } from './pixel-planes.ts';
import { REDUCED_SIZE } from './reduce-tile.ts';

/** The differences of a cell, in the order of CellFeatures' values and of the thresholds' weights. */
const CELL_FEATURE_NAMES = [
  'colour',
  'structure',
  'luma',
  'chroma',
  'texture',
  'grain',
  'edges',
  'brighter',
  'more saturated',
  'more textured',
  'more edges',
] as const;
const OWN = CELL_FEATURE_NAMES.length;
/** Neighbourhoods a cell's differences are averaged over: 3 × 3 cells (5 × 5 as well added nothing a location). */
const RADII = [1];
/** Values a cell: its own differences, then their means over each neighbourhood. */
export const CELL_FEATURES = OWN * (1 + RADII.length);

/** Per cell, CELL_FEATURES values (cell c at c · CELL_FEATURES); 0 for cells not compared. */
export type CellFeatures = Float32Array;

const PIXELS_BUT_LAST_ROW = REDUCED_SIZE * (REDUCED_SIZE - 1);

/** Sums of absolute luma steps to the right and down over a cell's pixels. */
function gradients(y: Float32Array, c: number, out: Float64Array): void {
  let gx = 0;
  let gy = 0;
  for (let k = c * CELL_AREA; k < (c + 1) * CELL_AREA; k++) {
    const p = CELL_PIXEL_INDEX[k];
    if (p % REDUCED_SIZE < REDUCED_SIZE - 1) gx += Math.abs(y[p + 1] - y[p]);
    if (p < PIXELS_BUT_LAST_ROW) gy += Math.abs(y[p + REDUCED_SIZE] - y[p]);
  }
  out[0] = gx;
  out[1] = gy;
}
interface CellStats {
  y: number;
  i: number;
  q: number;
  deviation: number;
  gx: number;
  gy: number;
}

const scratch = new Float64Array(2);

function statsOf({ y, i, q }: Planes, c: number): CellStats {
  let sy = 0;
  let si = 0;
  let sq = 0;
  let syy = 0;
  for (let k = c * CELL_AREA; k < (c + 1) * CELL_AREA; k++) {
    const p = CELL_PIXEL_INDEX[k];
    sy += y[p];
    si += i[p];
    sq += q[p];
    syy += y[p] * y[p];
  }
  const my = sy / CELL_AREA;
  gradients(y, c, scratch);
  return {
    y: my,
    i: si / CELL_AREA,
    q: sq / CELL_AREA,
    deviation: Math.sqrt(Math.max(0, syy / CELL_AREA - my * my)),
    gx: scratch[0],
    gy: scratch[1],
  };
}

/**
 * A cell's own differences: colour (the shadow-tolerant YIQ distance) and structure (1 − SSIM's structure term) from
 * cell-compare.ts; the change of its mean luma and mean chroma; of its texture (luma deviation); of its grain (the
 * balance of across and along steps: crop rows, a grader's passes, a roof's ridges); and of how much edge it holds;
 * then four of them with their sign (brighter, more saturated, more textured, more edges: bare ground and new roofs
 * go one way, a season the other).
 */
function ownFeatures(a: Planes, b: Planes, compared: Uint8Array, out: CellFeatures): void {
  const { colour, structure } = cellDifferences(a, b, compared);
  for (let c = 0; c < CELLS; c++) {
    if (!compared[c]) continue;
    const sa = statsOf(a, c);
    const sb = statsOf(b, c);
    const o = c * CELL_FEATURES;
    out[o] = Math.log1p(colour[c]);
    out[o + 1] = structure[c];
    out[o + 2] = Math.log1p(Math.abs(sa.y - sb.y));
    out[o + 3] = Math.log1p(Math.hypot(sa.i - sb.i, sa.q - sb.q));
    out[o + 4] = Math.abs(Math.log((sa.deviation + 2) / (sb.deviation + 2)));
    out[o + 5] = Math.abs(Math.log((sa.gx + 4) / (sa.gy + 4)) - Math.log((sb.gx + 4) / (sb.gy + 4)));
    out[o + 6] = Math.abs(Math.log((sa.gx + sa.gy + 8) / (sb.gx + sb.gy + 8)));
    out[o + 7] = (sb.y - sa.y) / 32;
    out[o + 8] = (Math.hypot(sb.i, sb.q) - Math.hypot(sa.i, sa.q)) / 16;
    out[o + 9] = Math.log((sb.deviation + 2) / (sa.deviation + 2));
    out[o + 10] = Math.log((sb.gx + sb.gy + 8) / (sa.gx + sa.gy + 8));
  }
}

/** Each compared cell's own differences and their means over it and its compared neighbours. */
export function cellFeatures(a: Planes, b: Planes, compared: Uint8Array): CellFeatures {
  const out: CellFeatures = new Float32Array(CELLS * CELL_FEATURES);
  ownFeatures(a, b, compared, out);
  for (const [k, radius] of RADII.entries()) {
    const at = OWN * (k + 1);
    for (let c = 0; c < CELLS; c++) {
      if (!compared[c]) continue;
      const cx = c % CELL_GRID;
      const cy = (c - cx) / CELL_GRID;
      let n = 0;
      for (let ny = Math.max(0, cy - radius); ny <= Math.min(CELL_GRID - 1, cy + radius); ny++) {
        for (let nx = Math.max(0, cx - radius); nx <= Math.min(CELL_GRID - 1, cx + radius); nx++) {
          const neighbour = ny * CELL_GRID + nx;
          if (!compared[neighbour]) continue;
          n++;
          for (let f = 0; f < OWN; f++) out[c * CELL_FEATURES + at + f] += out[neighbour * CELL_FEATURES + f];
        }
      }
      for (let f = 0; f < OWN; f++) out[c * CELL_FEATURES + at + f] /= n;
    }
  }
  return out;
}
