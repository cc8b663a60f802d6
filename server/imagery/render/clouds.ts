/** The cloud field and the threshold that makes its cover match the catalog cloudCover. */
import type { Survey } from '../../catalog/survey.ts';
import * as footprintGeometryModule from './footprint-geometry.ts';
import * as noiseModule from './field-noise.ts';
import * as mathModule from './math.ts';
import * as worldModule from './world.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { geomOf } = footprintGeometryModule;
const { fbm, Q5, quantile, vnoise } = noiseModule;
const { smooth } = mathModule;
const { WORLD } = worldModule;

/** A cloud's opacity (0–1) where the cloud field has `value`, for a survey whose threshold is `cloudT`. */
export const cloudAlpha = (value: number, cloudT: number): number => smooth(cloudT - 0.03, cloudT + 0.06, value);

/** How deep a cloud's shadow is (0–1; full shadow darkens by 42 %) where the offset cloud field has `value`. */
export const cloudShadowAlpha = (value: number, cloudT: number): number => smooth(cloudT - 0.04, cloudT + 0.05, value);

export function cloudField(u: number, v: number, seed: number): number {
  // billowy large shapes plus finer puffs at the edges
  return (
    fbm(u / 2300, v / 2300, 5, seed * 31 + 5) +
    (vnoise(u / 260, v / 260, 91) - 0.5) * 0.05 +
    (vnoise(u / 70, v / 70, 92) - 0.5) * 0.025
  );
}

/**
 * Cloud-field threshold that makes the rendered cloud cover (alpha > ½) over this survey's
 * footprint match the catalog's cloudCover: an empirical quantile of the field sampled on a grid
 * inside the footprint (falls back to the global distribution for tiny footprints).
 */
export function cloudThreshold(s: Survey, seed: number, f: number): number {
  const g = geomOf(s.footprint);
  const N = 48;
  const vals: number[] = [];
  for (let j = 0; j < N; j++) {
    const Y = g.minY + ((g.maxY - g.minY) * (j + 0.5)) / N;
    for (let i = 0; i < N; i++) {
      const X = g.minX + ((g.maxX - g.minX) * (i + 0.5)) / N;
      let inside = false;
      for (const r of g.rings) {
        const m = r.length / 2;
        for (let k = 0; k < m - 1; k++) {
          const y0 = r[2 * k + 1];
          const y1 = r[2 * k + 3];
          if (y0 <= Y !== y1 <= Y) {
            const xc = r[2 * k] + ((Y - y0) * (r[2 * k + 2] - r[2 * k])) / (y1 - y0);
            if (xc > X) inside = !inside;
          }
        }
      }
      if (inside) vals.push(cloudField((X - 0.5) * WORLD, (Y - 0.5) * WORLD, seed));
    }
  }
  // alpha = ½ sits 0.015 above the threshold (see shadePixel)
  if (vals.length < 64) return quantile(Q5, 1 - f) - 0.015;
  vals.sort((a, b) => a - b);
  const k = Math.min(vals.length - 1, Math.max(0, Math.round((1 - f) * (vals.length - 1))));
  return vals[k] - 0.015;
}
