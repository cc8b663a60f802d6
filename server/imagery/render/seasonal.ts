/** Season-dependent ground cover: grass colour by vegetation vigour, and snow. */
import * as mathModule from './math.ts';
import * as noiseModule from './field-noise.ts';
import * as paintModule from './paint.ts';
import * as scratchModule from './scratch.ts';
import * as surveyStateModule from './survey-state.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { clamp01 } = mathModule;
const { vnoise } = noiseModule;
const { detail, mix, mulc, set } = paintModule;
const { ARG } = scratchModule;
const { active } = surveyStateModule;

/** Grass/lawn colour for the current season; `irrig` 0..1 how watered. */
export function grass(u: number, v: number, irrig: number, patchy: number): void {
  ARG[0] = u;
  ARG[1] = v;
  ARG[2] = irrig;
  ARG[3] = patchy;
  grass_();
}

function grass_(): void {
  const u = ARG[0];
  const v = ARG[1];
  const irrig = ARG[2];
  const patchy = ARG[3];
  const g = Math.max(active.vigor, irrig * 0.85);
  const p = patchy;
  set(148 + 10 * p, 138 + 6 * p, 98);
  mix(84 + 26 * p, 116 + 18 * p, 54 + 8 * p, g);
  const dt = detail(u, v, 41);
  mulc(1 + dt * 0.22);
}

export function applySnow(amount: number, u: number, v: number): void {
  ARG[0] = amount;
  ARG[1] = u;
  ARG[2] = v;
  applySnow_();
}

function applySnow_(): void {
  const amount = ARG[0];
  const u = ARG[1];
  const v = ARG[2];
  if (active.snow <= 0 || amount <= 0) return;
  const n = 0.6 * vnoise(u / 61, v / 61, 55) + 0.4 * vnoise(u / 23, v / 23, 56);
  const a = clamp01(active.snow * amount * (0.8 + 0.4 * n));
  mix(236, 238, 242, a);
}
