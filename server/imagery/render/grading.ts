/** Colour grade of a finished pixel: saturation, white balance, brightness, haze and sensor grain. */
import * as sharedNoiseModule from '../../procedural/noise.ts';
import * as scratchModule from './scratch.ts';
import type { SurveyCtx } from './survey-context.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { hashF } = sharedNoiseModule;
const { P } = scratchModule;

let gradeS = 1;
let gradeK = 1;
let gradeR = 1;
let gradeBl = 1;
let hazeR = 0;
let hazeG = 0;
let hazeB = 0;

export function useGrade(ctx: SurveyCtx): void {
  // atmospheric haze (a little bluish grey) folded into the grade
  const haze = ctx.haze;
  gradeS = ctx.sat;
  gradeK = ctx.bright * (1 - haze);
  gradeR = ctx.mulR;
  gradeBl = ctx.mulB;
  hazeR = 150 * haze;
  hazeG = 156 * haze;
  hazeB = 166 * haze;
}

/** Grade the colour in P into out[o..o+3] (opaque); (gx, gy) is the world pixel at zoom z, for the grain. */
export function gradePixel(out: Uint8Array, o: number, gx: number, gy: number, z: number): void {
  const lum = (P.cR + P.cG + P.cB) / 3;
  const grain = (hashF(gx, gy, z) - 0.5) * 5;
  const r = (lum + (P.cR - lum) * gradeS) * gradeK * gradeR + hazeR + grain;
  const gg = (lum + (P.cG - lum) * gradeS) * gradeK + hazeG + grain;
  const b = (lum + (P.cB - lum) * gradeS) * gradeK * gradeBl + hazeB + grain;
  out[o] = r < 0 ? 0 : Math.min(r, 255);
  out[o + 1] = gg < 0 ? 0 : Math.min(gg, 255);
  out[o + 2] = b < 0 ? 0 : Math.min(b, 255);
  out[o + 3] = 255;
}
