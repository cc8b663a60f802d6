/** Periodic value noise, fractal noise and its quantile tables for the renderer's fields. */
import * as sharedNoiseModule from '../../procedural/noise.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { hashF, smoothBilerp } = sharedNoiseModule;

/** 256×256 lattice of random values for value noise (periodic; the seed shifts the lattice). */
const NT = new Float32Array(256 * 256);
for (let k = 0; k < 256 * 256; k++) NT[k] = hashF(k & 255, k >> 8, 4242);

/** Value noise in [0,1) with smoothstep interpolation. */
export function vnoise(x: number, y: number, s: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const ox = (xi + s * 71) & 255;
  const oy = ((yi + s * 113) & 255) << 8;
  const ox1 = (ox + 1) & 255;
  const oy1 = (oy + 256) & 0xff00;
  return smoothBilerp(NT[oy + ox], NT[oy + ox1], NT[oy1 + ox], NT[oy1 + ox1], x - xi, y - yi);
}

/** Fractal value noise, roughly in [0,1], mean 0.5. */
export function fbm(x: number, y: number, oct: number, s: number): number {
  let sum = 0;
  let amp = 1;
  let norm = 0;
  let f = 1;
  for (let o = 0; o < oct; o++) {
    // offset each octave to break lattice alignment
    sum += amp * vnoise(x * f + o * 17.31, y * f - o * 11.77, s + o * 101);
    norm += amp;
    amp *= 0.5;
    f *= 2.03;
  }
  return sum / norm;
}

/** Sorted samples of fbm (4 and 5 octaves) to turn coverage fractions into thresholds. */
export const Q4 = quantileTable(4);
export const Q5 = quantileTable(5);

function quantileTable(oct: number): Float64Array {
  const n = 8192;
  const a = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    a[i] = fbm(hashF(i, 1, 77) * 5000 - 2500, hashF(i, 2, 77) * 5000 - 2500, oct, 999);
  }
  a.sort();
  return a;
}

export function quantile(tab: Float64Array, p: number): number {
  const k = Math.min(tab.length - 1, Math.max(0, Math.round(p * (tab.length - 1))));
  return tab[k];
}

export function cdf(tab: Float64Array, x: number): number {
  let lo = 0;
  let hi = tab.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tab[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo / tab.length;
}
