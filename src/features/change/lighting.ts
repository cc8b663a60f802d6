/**
 * Lighting removed before comparing: each colour channel of the later capture matched to the earlier one's mean and
 * standard deviation over the cells both show (matching mean and variance removed over 85 % of the effect of moving
 * shadows on before/after aerial frames; doi:10.1080/15481603.2018.1489446).
 */
import { cellMoments, CELLS, type Planes, PIXELS, toYiq } from './pixel-planes.ts';

interface Moments {
  mean: number;
  deviation: number;
}

const sums = new Float64Array(6);

function moments(channel: Float32Array, compared: Uint8Array): Moments | null {
  let n = 0;
  let sum = 0;
  let squares = 0;
  for (let c = 0; c < CELLS; c++) {
    if (!compared[c]) continue;
    cellMoments(channel, channel, c, 0, sums);
    n += sums[0];
    sum += sums[1];
    squares += sums[3];
  }
  if (n === 0) return null;
  const mean = sum / n;
  return { mean, deviation: Math.sqrt(Math.max(0, squares / n - mean * mean)) };
}

/**
 * How far lighting is allowed to explain a difference: contrast by up to this factor, brightness by up to this many
 * levels. Haze, exposure and white balance differ by less between captures; a tile whose whole ground changed (a
 * field graded, a lot paved) differs by more, and matching it fully would wipe out the change.
 */
const LIGHTING_LIMITS = { contrast: 1.3, shift: 25 };

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));

/** The later capture's channels (in place) mapped onto the earlier's moments, over the cells marked `compared`. */
export function matchLighting(earlier: Planes, later: Planes, compared: Uint8Array, limits = LIGHTING_LIMITS): void {
  for (const key of ['r', 'g', 'b'] as const) {
    const from = moments(later[key], compared);
    const to = moments(earlier[key], compared);
    if (!from || !to) return;
    const wanted = from.deviation > 1e-3 ? to.deviation / from.deviation : 1;
    const scale = clamp(wanted, 1 / limits.contrast, limits.contrast);
    const mean = from.mean + clamp(to.mean - from.mean, -limits.shift, limits.shift);
    const channel = later[key];
    for (let p = 0; p < PIXELS; p++) channel[p] = (channel[p] - from.mean) * scale + mean;
  }
  toYiq(later);
}
