/** Composing the pixel colour in P.cR/cG/cB, and the detail texture every surface uses. */
import * as levelOfDetailModule from './level-of-detail.ts';
import * as noiseModule from './field-noise.ts';
import * as scratchModule from './scratch.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { DETAIL_W } = levelOfDetailModule;
const { vnoise } = noiseModule;
const { ARG, P, RET } = scratchModule;

export function set(r: number, g: number, b: number): void {
  P.cR = r;
  P.cG = g;
  P.cB = b;
}

export function mulc(k: number): void {
  P.cR *= k;
  P.cG *= k;
  P.cB *= k;
}

export function mix(r: number, g: number, b: number, t: number): void {
  P.cR += (r - P.cR) * t;
  P.cG += (g - P.cG) * t;
  P.cB += (b - P.cB) * t;
}

/**
 * Zero-mean multi-scale detail noise (~±0.5) with octaves faded by pixel size. Passes its doubles
 * through ARG/RET so V8 does not box them.
 */
export function detail(u: number, v: number, s: number): number {
  ARG[0] = u;
  ARG[1] = v;
  detail_(s);
  return RET[0];
}

/** Octaves of detail(), coarse to fine (wavelengths 10 m, 3.5 m, 1.1 m, 0.25 m): frequency and amplitude. */
const OCTAVE_F = new Float64Array([0.1, 0.35, 1.1, 4.3]);
const OCTAVE_A = new Float64Array([1, 0.7, 0.5, 0.4]);

function detail_(s: number): void {
  const u = ARG[0];
  const v = ARG[1];
  // a loop, so that vnoise has one call site and V8 inlines it
  let r = 0;
  for (let o = 0; o < 4; o++) {
    const w = DETAIL_W[o];
    if (w > 0) r += (vnoise(u * OCTAVE_F[o], v * OCTAVE_F[o], s + o) - 0.5) * w * OCTAVE_A[o];
  }
  RET[0] = r;
}
