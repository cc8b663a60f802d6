/** Trees: density per ground class, single trees splatted with their shadows, statistical cover when sub-pixel. */
import * as sharedNoiseModule from '../../procedural/noise.ts';
import * as classesModule from './classes.ts';
import * as classifyModule from './classify.ts';
import * as levelOfDetailModule from './level-of-detail.ts';
import * as mathModule from './math.ts';
import * as noiseModule from './field-noise.ts';
import * as passBuffersModule from './pass-buffers.ts';
import * as scratchModule from './scratch.ts';
import * as surveyStateModule from './survey-state.ts';
import * as worldModule from './world.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { hashI, sub } = sharedNoiseModule;
const {
  C_ART_SIDE,
  C_BUFFER,
  C_DESERT,
  C_FARMYARD,
  C_FIELD_EDGE,
  C_LANDSCAPE,
  C_LAWN_B,
  C_LAWN_F,
  C_PARK,
  C_PARKWAY,
  C_SHORE,
  C_WOOD,
} = classesModule;
const { classify } = classifyModule;
const { lod } = levelOfDetailModule;
const { clamp01 } = mathModule;
const { vnoise } = noiseModule;
const { clsBuf, densBuf, NO_CLASS } = passBuffersModule;
const { P } = scratchModule;
const { active } = surveyStateModule;
const { TILE_SIZE: T } = worldModule;

const TREE_CELL = 9;

export function treeDensity(cls: number): number {
  const mat = clamp01((P.fAge - 0.5) / 18);
  switch (cls) {
    case C_LAWN_B:
      return (0.1 + 0.42 * mat) * (1 - 0.55 * active.aridity);
    case C_LAWN_F:
      return (0.04 + 0.22 * mat) * (1 - 0.5 * active.aridity);
    case C_PARKWAY:
      return 0.35 * mat * (1 - 0.5 * active.aridity);
    case C_PARK:
      return 0.38 * (1 - 0.4 * active.aridity);
    case C_LANDSCAPE:
      return 0.3;
    case C_BUFFER:
      return 0.2 + 0.3 * mat;
    case C_SHORE:
      return 0.75;
    case C_WOOD:
      return 0.95;
    case C_FIELD_EDGE:
      return 0.45 * (1 - active.aridity);
    case C_FARMYARD:
      return 0.45;
    case C_DESERT:
      return 0.22;
    case C_ART_SIDE:
      return 0.12;
    default:
      return 0;
  }
}

// Per-tile splat buffers: tree canopy (premultiplied colour + alpha) and tree shadow strength.
export const canA = new Float32Array(T * T);
export const canR = new Float32Array(T * T);
export const canG = new Float32Array(T * T);
export const canB = new Float32Array(T * T);
export const shd = new Float32Array(T * T);
/** Trees splatted into the buffers for the current tile. */
export const splat = { trees: 0 };

/**
 * Rasterise all trees (and their shadows) that touch the tile into the splat buffers. Trees live
 * on two offset jittered grids; a tree exists where the hash beats the tree density of the ground
 * class at its centre, so the result depends only on world position.
 */
export function splatTrees(uLeft: number, vTop: number, ps: number): void {
  canA.fill(0);
  canR.fill(0);
  canG.fill(0);
  canB.fill(0);
  shd.fill(0);
  splat.trees = 0;
  const span = T * ps;
  const su = active.shU * 6.4; // largest shadow offset (biggest trees)
  const sv = active.shV * 6.4;
  const margin = 6 + Math.abs(su) + Math.abs(sv);
  const edge = Math.max(ps, 0.35);
  const sedge = Math.max(ps, 0.6);
  for (let g = 0; g < 2; g++) {
    const off = g * TREE_CELL * 0.5;
    const cx0 = Math.floor((uLeft - margin - off) / TREE_CELL);
    const cx1 = Math.floor((uLeft + span + margin - off) / TREE_CELL);
    const cy0 = Math.floor((vTop - margin - off) / TREE_CELL);
    const cy1 = Math.floor((vTop + span + margin - off) / TREE_CELL);
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) {
        const h = hashI(cx, cy, 900 + g);
        let r = 1.7 + 2.9 * sub(h, 1);
        const jx = sub(h, 2);
        const jy = sub(h, 3);
        const ox = cx * TREE_CELL + off;
        const oy = cy * TREE_CELL + off;
        let tu = ox + r + (TREE_CELL - 2 * r) * jx;
        let tv = oy + r + (TREE_CELL - 2 * r) * jy;
        // reject trees whose canopy and shadow both miss the tile, before classifying
        // reach of the canopy (wobbly, soft-edged) and of the soft shadow discs
        const rb = 1.22 * r + 0.5 * Math.max(ps, 0.6) + 0.1;
        const hitC = tu + rb > uLeft && tu - rb < uLeft + span && tv + rb > vTop && tv - rb < vTop + span;
        const hitS =
          tu + su + rb > uLeft && tu + su - rb < uLeft + span && tv + sv + rb > vTop && tv + sv - rb < vTop + span;
        if (!hitC && !hitS) continue;
        // Trees drawn entirely inside this tile (canopy and shadow) may take their ground class from
        // pass 1; trees that other tiles also draw must classify exactly, so tiles always agree.
        const sh = 1.2 * r + 0.8;
        const bu0 = Math.min(tu, tu + active.shU * sh) - rb;
        const bu1 = Math.max(tu, tu + active.shU * sh) + rb;
        const bv0 = Math.min(tv, tv + active.shV * sh) - rb;
        const bv1 = Math.max(tv, tv + active.shV * sh) + rb;
        let cls = NO_CLASS;
        let dens = 0;
        if (bu0 > uLeft + ps && bu1 < uLeft + span - ps && bv0 > vTop + ps && bv1 < vTop + span - ps) {
          const po = Math.floor((tv - vTop) / ps) * T + Math.floor((tu - uLeft) / ps);
          cls = clsBuf[po];
          dens = densBuf[po];
        }
        if (cls === NO_CLASS) {
          cls = classify(tu, tv);
          dens = treeDensity(cls);
        }
        if (sub(h, 4) >= dens) continue;
        let kind = sub(h, 5) < 0.22 + 0.3 * active.aridity ? 1 : 0; // 1 evergreen
        if (cls === C_DESERT) {
          r *= 0.45;
          tu = ox + r + (TREE_CELL - 2 * r) * jx;
          tv = oy + r + (TREE_CELL - 2 * r) * jy;
          kind = 2; // shrub
        }
        splat.trees++;
        // shadow: two discs between the crown's lower and upper offsets
        for (let sd = 0; sd < 2; sd++) {
          const rs = r * 0.92;
          const hgt = (1.2 * r + 0.8) * (sd === 0 ? 0.55 : 1);
          const cu = tu + active.shU * hgt;
          const cv = tv + active.shV * hgt;
          let i0 = Math.floor((cu - rs - sedge - uLeft) / ps);
          let i1 = Math.ceil((cu + rs + sedge - uLeft) / ps);
          let j0 = Math.floor((cv - rs - sedge - vTop) / ps);
          let j1 = Math.ceil((cv + rs + sedge - vTop) / ps);
          if (i0 < 0) i0 = 0;
          if (j0 < 0) j0 = 0;
          if (i1 > T) i1 = T;
          if (j1 > T) j1 = T;
          for (let j = j0; j < j1; j++) {
            const dv = vTop + (j + 0.5) * ps - cv;
            for (let i = i0; i < i1; i++) {
              const du = uLeft + (i + 0.5) * ps - cu;
              const k = clamp01((rs - Math.sqrt(du * du + dv * dv)) / sedge + 0.5);
              const o = j * T + i;
              if (k > shd[o]) shd[o] = k;
            }
          }
        }
        // canopy disc
        let tr: number, tg: number, tb: number;
        let opacity = 1;
        if (kind === 2) {
          tr = 104;
          tg = 106;
          tb = 76;
        } else if (kind === 1) {
          tr = 40;
          tg = 58;
          tb = 38;
        } else {
          const leaf = active.leafOn;
          tr = 104 + (50 - 104) * leaf;
          tg = 94 + (74 - 94) * leaf;
          tb = 82 + (36 - 82) * leaf;
          if (active.aridity > 0.4) {
            tr += 18;
            tg += 12;
            tb += 8;
          }
          if (leaf < 0.3) opacity = 0.7; // bare branches: see-through
        }
        const tint = 0.92 + 0.16 * sub(h, 6);
        tr *= tint;
        tg *= tint;
        tb *= tint;
        const wobA = lod.w1 > 0 ? 0.42 * r : 0;
        let i0 = Math.floor((tu - rb - uLeft) / ps);
        let i1 = Math.ceil((tu + rb - uLeft) / ps);
        let j0 = Math.floor((tv - rb - vTop) / ps);
        let j1 = Math.ceil((tv + rb - vTop) / ps);
        if (i0 < 0) i0 = 0;
        if (j0 < 0) j0 = 0;
        if (i1 > T) i1 = T;
        if (j1 > T) j1 = T;
        const rr = rb * rb;
        for (let j = j0; j < j1; j++) {
          const pv = vTop + (j + 0.5) * ps;
          const dv = pv - tv;
          for (let i = i0; i < i1; i++) {
            const pu = uLeft + (i + 0.5) * ps;
            const du = pu - tu;
            const d2 = du * du + dv * dv;
            if (d2 > rr) continue;
            const d = Math.sqrt(d2);
            const wob = wobA > 0 ? (vnoise(pu * 0.9, pv * 0.9, 81) - 0.5) * wobA : 0;
            let k = clamp01((r + wob - d) / edge + 0.5);
            if (k <= 0) continue;
            k *= opacity;
            // spherical shading, lit from the sun side, plus leafy texture
            let s = 0.9 + (0.32 * (du * active.sunU + dv * active.sunV)) / r;
            if (lod.w05 > 0 || lod.w1 > 0)
              s *= 1 + (vnoise(pu * 2.2, pv * 2.2, 83) - 0.5) * 0.45 * Math.max(lod.w05, lod.w1 * 0.5);
            if (lod.w02 > 0) s *= 1 + (vnoise(pu * 6, pv * 6, 84) - 0.5) * 0.3 * lod.w02;
            const o = j * T + i;
            const a0 = canA[o];
            canR[o] = tr * s * k + canR[o] * (1 - k);
            canG[o] = tg * s * k + canG[o] * (1 - k);
            canB[o] = tb * s * k + canB[o] * (1 - k);
            canA[o] = k + a0 * (1 - k);
          }
        }
      }
    }
  }
}

/** Statistical tree cover for low zooms, where single trees are sub-pixel. */
export function treesStatistical(dens: number): void {
  if (dens <= 0) return;
  const one = dens * 0.41; // mean disc area / cell area
  const cover = 1 - (1 - one) * (1 - one);
  const dk = (active.leafOn < 0.3 ? 0.3 : 0.42) * cover; // shadows falling beside the crowns
  P.cR *= 1 - dk;
  P.cG *= 1 - dk;
  P.cB *= 1 - dk * 0.8;
  const leaf = active.leafOn;
  const tr = (104 + (50 - 104) * leaf) * 0.9;
  const tg = (94 + (74 - 94) * leaf) * 0.9;
  const tb = (82 + (36 - 82) * leaf) * 0.9;
  const k = cover * (leaf < 0.3 ? 0.7 : 1);
  P.cR += (tr - P.cR) * k;
  P.cG += (tg - P.cG) * k;
  P.cB += (tb - P.cB) * k;
}
