/** Per-pixel shading: pass 1 (ground and building shadows) and pass 3 (tree splat, clouds). */
import * as buildingsModule from './buildings.ts';
import * as classifyModule from './classify.ts';
import * as cloudsModule from './clouds.ts';
import * as coarseFieldsModule from './coarse-fields.ts';
import * as groundModule from './ground.ts';
import * as levelOfDetailModule from './level-of-detail.ts';
import * as mathModule from './math.ts';
import * as passBuffersModule from './pass-buffers.ts';
import * as sceneModule from './scene.ts';
import * as scratchModule from './scratch.ts';
import * as surveyStateModule from './survey-state.ts';
import * as treesModule from './trees.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { buildingAt, shadowable } = buildingsModule;
const { classify } = classifyModule;
const { cloudAlpha, cloudShadowAlpha } = cloudsModule;
const { CELL_CLOUD, F_CLOUD, F_CSHAD, locate, near, samp } = coarseFieldsModule;
const { ground } = groundModule;
const { lod } = levelOfDetailModule;
const { clamp01 } = mathModule;
const { clsBuf, colB, colG, colR, densBuf } = passBuffersModule;
const { HOUSE_H } = sceneModule;
const { ARG, P } = scratchModule;
const { active } = surveyStateModule;
const { canA, canB, canG, canR, shd, splat, treeDensity, treesStatistical } = treesModule;

export function shadeBase(u: number, v: number, o: number): void {
  ARG[0] = u;
  ARG[1] = v;
  shadeBase_(o);
}

/** Pass 1: ground colour and building shadows; records class and tree density for the trees. */
function shadeBase_(o: number): void {
  const u = ARG[0];
  const v = ARG[1];
  const cls = classify(u, v);
  const dens = treeDensity(cls);
  clsBuf[o] = cls;
  densBuf[o] = dens;
  ground(cls, u, v);
  // building shadows (one probe at a typical house height, a second for big commercial roofs)
  if (shadowable(cls)) {
    // Mostly known exactly from the pixel's own lot / commercial block; otherwise probe where a
    // 5 m building would have to stand (plus halfway, to fill the swept corner at high zoom).
    const known = P.fSh;
    let hit = known === 1;
    if (known < 0) {
      hit = buildingAt(u - active.shU * HOUSE_H, v - active.shV * HOUSE_H);
      if (!hit && lod.ps < 0.3) hit = buildingAt(u - active.shU * HOUSE_H * 0.5, v - active.shV * HOUSE_H * 0.5);
    }
    if (hit) {
      P.cR *= 0.46;
      P.cG *= 0.5;
      P.cB *= 0.58;
    }
  }
  if (lod.statTrees) treesStatistical(dens);
  colR[o] = P.cR;
  colG[o] = P.cG;
  colB[o] = P.cB;
}

export function shadeFinish(u: number, v: number, o: number): void {
  ARG[0] = u;
  ARG[1] = v;
  shadeFinish_(o);
}

/** Pass 3 (after the tree splat): trees, clouds and cloud shadows over the base colour. */
function shadeFinish_(o: number): void {
  const u = ARG[0];
  const v = ARG[1];
  P.cR = colR[o];
  P.cG = colG[o];
  P.cB = colB[o];
  if (!lod.statTrees && splat.trees > 0) {
    const sk = shd[o];
    if (sk > 0) {
      const dk = (active.leafOn < 0.3 ? 0.35 : 0.55) * sk;
      P.cR *= 1 - dk;
      P.cG *= 1 - dk * 0.95;
      P.cB *= 1 - dk * 0.8;
    }
    const a = canA[o];
    if (a > 0) {
      P.cR = P.cR * (1 - a) + canR[o];
      P.cG = P.cG * (1 - a) + canG[o];
      P.cB = P.cB * (1 - a) + canB[o];
    }
  }
  // clouds and their shadows
  if (near.clouds) {
    locate(u, v);
    const flags = CELL_CLOUD[P.gk];
    if (flags & 1) {
      const a = cloudShadowAlpha(samp(F_CSHAD), active.cloudT);
      const dk = 0.42 * a;
      P.cR *= 1 - dk;
      P.cG *= 1 - dk;
      P.cB *= 1 - dk * 0.85;
    }
    if (flags & 2) {
      const c = samp(F_CLOUD);
      const a = cloudAlpha(c, active.cloudT);
      if (a > 0) {
        const thick = clamp01((c - active.cloudT) / 0.12);
        const wv = 246 - 11 * (1 - thick);
        P.cR += (wv - P.cR) * a;
        P.cG += (wv + 1 - P.cG) * a;
        P.cB += (wv + 4 - P.cB) * a;
      }
    }
  }
}
