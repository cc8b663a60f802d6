/** Lakes and rivers: the smooth fields whose iso-lines are their shores. */
import * as noiseModule from './field-noise.ts';
import * as sceneModule from './scene.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { fbm, Q4, quantile } = noiseModule;
const { GEO_SEED } = sceneModule;

/** Lake where lakeField exceeds it (3.5 % of the land). */
export const LAKE_T = quantile(Q4, 0.965);

export function lakeField(u: number, v: number): number {
  return fbm(u / 2600, v / 2600, 4, GEO_SEED + 1);
}

export function riverField(u: number, v: number): number {
  const wu = fbm(u / 3500, v / 3500, 2, GEO_SEED + 3) - 0.5;
  const wv = fbm(u / 3500 + 40, v / 3500 - 20, 2, GEO_SEED + 4) - 0.5;
  return fbm((u + 3200 * wu) / 21000, (v + 3200 * wv) / 21000, 3, GEO_SEED + 2) - 0.5;
}
