/**
 * Cells where the ground cannot be compared: no imagery in a capture, cloud or haze (bright, nearly grey, little
 * texture), snow in one capture only (one capture much whiter than the other over most of the tile), or cloud shadow
 * (much darker than in the other capture while the pattern under it stays the same).
 */
import { CELL_AREA, CELL_PIXEL_INDEX, cellMoments, CELLS, type Planes } from './pixel-planes.ts';

/** Why a cell is not compared (0: it is). */
export const OBSCURED = { clear: 0, noImagery: 1, cloud: 2, shadow: 3, snow: 4 } as const;
export type ObscuredReason = (typeof OBSCURED)[keyof typeof OBSCURED];

export interface ObscuredThresholds {
  /** A cloud pixel: at least this luma (0–255) … */
  cloudLuma: number;
  /** … and at most this chroma (YIQ I, Q magnitude). */
  cloudChroma: number;
  /** A cloudy cell: at least this share of its pixels cloud pixels, and luma's standard deviation at most this. */
  cloudShare: number;
  cloudTexture: number;
  /** A shadowed cell: its luma at most this share of the other capture's (after the tile's overall gain) … */
  shadowRatio: number;
  /** … with the pattern kept: luma's correlation between the captures at least this. */
  shadowCorrelation: number;
  /** A snowed cell: one capture whiter than the other by at least this (whiteness 0–1; 0: never) … */
  snowWhitening: number;
  /** … where at least this share of the tile's cells left clear are whiter the same way. */
  snowShare: number;
}

/** Cells of a capture with a pixel outside its imagery. */
function noImagery({ opaque }: Planes, out: Uint8Array): void {
  for (let k = 0; k < CELLS * CELL_AREA; k++)
    if (opaque[CELL_PIXEL_INDEX[k]] === 0) out[Math.floor(k / CELL_AREA)] = OBSCURED.noImagery;
}

function clouds({ y, i, q }: Planes, t: ObscuredThresholds, out: Uint8Array): void {
  const chroma2 = t.cloudChroma * t.cloudChroma;
  for (let c = 0; c < CELLS; c++) {
    if (out[c] !== OBSCURED.clear) continue;
    let bright = 0;
    let sum = 0;
    let squares = 0;
    for (let k = c * CELL_AREA; k < (c + 1) * CELL_AREA; k++) {
      const p = CELL_PIXEL_INDEX[k];
      sum += y[p];
      squares += y[p] * y[p];
      if (y[p] >= t.cloudLuma && i[p] * i[p] + q[p] * q[p] <= chroma2) bright++;
    }
    const mean = sum / CELL_AREA;
    const deviation = Math.sqrt(Math.max(0, squares / CELL_AREA - mean * mean));
    if (bright >= t.cloudShare * CELL_AREA && deviation <= t.cloudTexture) out[c] = OBSCURED.cloud;
  }
}

const sums = new Float64Array(6);

/** Mean luma of the cells left clear, of both captures. */
function overallGain(a: Planes, b: Planes, out: Uint8Array): number {
  let sumA = 0;
  let sumB = 0;
  for (let c = 0; c < CELLS; c++) {
    if (out[c] !== OBSCURED.clear) continue;
    cellMoments(a.y, b.y, c, 0, sums);
    sumA += sums[1];
    sumB += sums[2];
  }
  return sumA > 0 && sumB > 0 ? sumB / sumA : 1;
}

function shadows(a: Planes, b: Planes, t: ObscuredThresholds, out: Uint8Array): void {
  const gain = overallGain(a, b, out);
  for (let c = 0; c < CELLS; c++) {
    if (out[c] !== OBSCURED.clear) continue;
    cellMoments(a.y, b.y, c, 1, sums);
    const [n, sa, sbRaw, saa, sbbRaw, sabRaw] = sums;
    const sb = sbRaw / gain;
    const ratio = Math.min(sa, sb) / Math.max(sa, sb, 1e-6);
    if (ratio > t.shadowRatio) continue;
    const cov = sabRaw / gain / n - (sa / n) * (sb / n);
    const va = saa / n - (sa / n) ** 2;
    const vb = sbbRaw / (gain * gain) / n - (sb / n) ** 2;
    const correlation = cov / Math.sqrt(Math.max(va * vb, 1e-6));
    if (correlation >= t.shadowCorrelation) out[c] = OBSCURED.shadow;
  }
}

/** Luma from which a pixel starts to look like snow, the span to full whiteness, and the chroma that rules it out. */
const WHITE = { luma: 150, span: 80, chroma: 20 };

/** How white cell c's pixels are on average, 0–1: bright and nearly grey, as snow is. */
function whiteness({ y, i, q }: Planes, c: number): number {
  let sum = 0;
  for (let k = c * CELL_AREA; k < (c + 1) * CELL_AREA; k++) {
    const p = CELL_PIXEL_INDEX[k];
    const bright = Math.min(1, Math.max(0, (y[p] - WHITE.luma) / WHITE.span));
    sum += bright * Math.max(0, 1 - Math.hypot(i[p], q[p]) / WHITE.chroma);
  }
  return sum / CELL_AREA;
}

/**
 * Snow in one capture: where most of the tile is whiter in one capture than in the other (a season's nuisance, which
 * hides the ground as cloud does), the cells whitened that way. A new slab or roof whitens a few cells, not most.
 */
function snow(a: Planes, b: Planes, t: ObscuredThresholds, out: Uint8Array): void {
  if (t.snowWhitening <= 0) return;
  const whitened = new Float32Array(CELLS);
  let clear = 0;
  let later = 0;
  let earlier = 0;
  for (let c = 0; c < CELLS; c++) {
    if (out[c] !== OBSCURED.clear) continue;
    clear++;
    whitened[c] = whiteness(b, c) - whiteness(a, c);
    if (whitened[c] >= t.snowWhitening) later++;
    else if (whitened[c] <= -t.snowWhitening) earlier++;
  }
  const side = later >= t.snowShare * clear ? 1 : earlier >= t.snowShare * clear ? -1 : 0;
  if (clear === 0 || side === 0) return;
  for (let c = 0; c < CELLS; c++)
    if (out[c] === OBSCURED.clear && side * whitened[c] >= t.snowWhitening) out[c] = OBSCURED.snow;
}

/** Per cell of the tile: why the two captures cannot be compared there (OBSCURED.clear where they can). */
export function obscuredCells(a: Planes, b: Planes, t: ObscuredThresholds): Uint8Array {
  const out = new Uint8Array(CELLS);
  noImagery(a, out);
  noImagery(b, out);
  clouds(a, t, out);
  clouds(b, t, out);
  snow(a, b, t, out);
  shadows(a, b, t, out);
  return out;
}
