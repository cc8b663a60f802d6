import * as sceneModule from './scene.ts';
import type { SurveyCtx } from './survey-context.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { HOUSE_H } = sceneModule;

/** Parameters of the survey being drawn (module state: rendering is synchronous). */
export const active = {
  /** Fractional capture year. */
  year: 2024,
  month: 6,
  vigor: 1,
  leafOn: 1,
  snow: 0,
  aridity: 0,
  shU: 0,
  shV: 0.5,
  sunU: 0,
  sunV: -1,
  cloudT: Infinity,
  /** Horizontal length of a house shadow (m). */
  shadowReach: 0,
};

export function useSurvey(ctx: SurveyCtx): void {
  active.year = ctx.Y;
  active.month = ctx.month;
  active.vigor = ctx.vigor;
  active.leafOn = ctx.leafOn;
  active.snow = ctx.snow;
  active.aridity = ctx.aridity;
  active.shU = ctx.shU;
  active.shV = ctx.shV;
  active.sunU = ctx.sunU;
  active.sunV = ctx.sunV;
  active.cloudT = ctx.cloudT;
  active.shadowReach = Math.hypot(active.shU, active.shV) * HOUSE_H;
}
