import * as mathModule from './math.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { clamp01 } = mathModule;

/** Pixel size (m) of the tile being drawn and the fade-in weights of textures by world wavelength. */
export const lod = {
  ps: 1,
  w02: 0,
  w05: 0,
  w1: 0,
  w3: 0,
  w10: 0,
  /** Pixels too coarse for single trees: draw tree cover statistically. */
  statTrees: false,
};

/** The weights of the detail() octaves, coarse to fine: w10, w3, w1, w02. */
export const DETAIL_W = new Float64Array(4);

export function lodW(lambda: number, ps: number): number {
  return clamp01((lambda / ps - 2) / 4);
}

export function useLevelOfDetail(ps: number): void {
  lod.ps = ps;
  lod.w02 = lodW(0.25, ps);
  lod.w05 = lodW(0.6, ps);
  lod.w1 = lodW(1.2, ps);
  lod.w3 = lodW(3.5, ps);
  lod.w10 = lodW(10, ps);
  lod.statTrees = ps > 4;
  DETAIL_W[0] = lod.w10;
  DETAIL_W[1] = lod.w3;
  DETAIL_W[2] = lod.w1;
  DETAIL_W[3] = lod.w02;
}
