/**
 * Per-tile coarse fields: low-frequency fields evaluated on a grid of ~30 m nodes (the same lattice
 * at every zoom) and sampled bilinearly, plus flags telling whether a tile can hold water or clouds.
 */
import * as cloudsModule from './clouds.ts';
import * as noiseModule from './field-noise.ts';
import * as sceneModule from './scene.ts';
import * as scratchModule from './scratch.ts';
import type { SurveyCtx } from './survey-context.ts';
import * as waterModule from './water.ts';
import * as worldModule from './world.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { cloudField } = cloudsModule;
const { fbm } = noiseModule;
const { GEO_SEED } = sceneModule;
const { P } = scratchModule;
const { LAKE_T, lakeField, riverField } = waterModule;
const { TILE_SIZE: T, WORLD } = worldModule;

const MAXG = 131;
export const F_LAKE = new Float32Array(MAXG * MAXG);
export const F_LAKEG = new Float32Array(MAXG * MAXG);
export const F_RIV = new Float32Array(MAXG * MAXG);
export const F_RIVG = new Float32Array(MAXG * MAXG);
export const F_PATCH = new Float32Array(MAXG * MAXG);
export const F_WOOD = new Float32Array(MAXG * MAXG);
export const F_CLOUD = new Float32Array(MAXG * MAXG);
export const F_CSHAD = new Float32Array(MAXG * MAXG);
/** Per grid cell: bit 1 = cloud shadow possible, bit 2 = cloud possible (from the cell's corners). */
export const CELL_CLOUD = new Uint8Array(MAXG * MAXG);
let G = 35;
let gU0 = 0;
let gV0 = 0;
let gInv = 1;
let hasClouds = false;
/** Tile-level flags: can this tile (plus margin) contain lake/river/shore or cloud pixels? */
export const near = { lake: true, river: true, clouds: false };

export function buildFields(ctx: SurveyCtx, z: number, x: number, y: number, ps: number): void {
  // Grid node spacing: a power-of-two number of pixels, ~30 m on the ground at z13+, so the nodes
  // of all zoom levels coincide (fields are identical across zooms) and the one-node margin
  // covers everything a pixel looks at outside the tile (tree centres, shadow probes).
  let sp = T;
  while (sp > 2 && sp * ps > 40) sp >>= 1;
  const nCells = T / sp;
  G = nCells + 3; // one extra node of margin on each side (+1 for the far edge)
  const step = sp * ps;
  gInv = 1 / step;
  const n = 2 ** z;
  gU0 = (x / n - 0.5) * WORLD - step;
  gV0 = (y / n - 0.5) * WORLD - step;
  hasClouds = Number.isFinite(ctx.cloudT);
  for (let j = 0; j < G; j++) {
    const v = gV0 + j * step;
    for (let i = 0; i < G; i++) {
      const u = gU0 + i * step;
      const k = j * G + i;
      F_LAKE[k] = lakeField(u, v);
      F_RIV[k] = riverField(u, v);
      F_PATCH[k] = fbm(u / 650, v / 650, 3, GEO_SEED + 5);
      F_WOOD[k] = fbm(u / 1700, v / 1700, 4, GEO_SEED + 6);
      if (hasClouds) {
        F_CLOUD[k] = cloudField(u, v, ctx.seed);
        F_CSHAD[k] = cloudField(u - ctx.cloudOffU, v - ctx.cloudOffV, ctx.seed);
      }
    }
  }
  // Gradient magnitudes (per metre) by central differences → distances to iso-lines.
  for (let j = 0; j < G; j++) {
    const jm = j > 0 ? j - 1 : j;
    const jp = j < G - 1 ? j + 1 : j;
    for (let i = 0; i < G; i++) {
      const im = i > 0 ? i - 1 : i;
      const ip = i < G - 1 ? i + 1 : i;
      const k = j * G + i;
      const fu = step * (ip - im);
      const fv = step * (jp - jm);
      let du = (F_LAKE[j * G + ip] - F_LAKE[j * G + im]) / fu;
      let dv = (F_LAKE[jp * G + i] - F_LAKE[jm * G + i]) / fv;
      F_LAKEG[k] = Math.sqrt(du * du + dv * dv) + 1e-7;
      du = (F_RIV[j * G + ip] - F_RIV[j * G + im]) / fu;
      dv = (F_RIV[jp * G + i] - F_RIV[jm * G + i]) / fv;
      F_RIVG[k] = Math.sqrt(du * du + dv * dv) + 1e-7;
    }
  }
  // Flags. Bilinear interpolation is a convex combination, so if every node is far from the lake
  // (in the linearised distance) every interpolated point is too; rivers also need no sign change.
  near.lake = false;
  near.river = false;
  near.clouds = false;
  let rMin = Infinity;
  let rMax = -Infinity;
  const nn = G * G;
  for (let k = 0; k < nn; k++) {
    if (F_LAKE[k] - LAKE_T > -40 * F_LAKEG[k]) near.lake = true;
    const r = F_RIV[k];
    if (Math.abs(r) < 80 * F_RIVG[k]) near.river = true;
    if (r < rMin) rMin = r;
    if (r > rMax) rMax = r;
    if (hasClouds && (F_CLOUD[k] > ctx.cloudT - 0.12 || F_CSHAD[k] > ctx.cloudT - 0.12)) near.clouds = true;
  }
  if (rMin < 0 && rMax > 0) near.river = true;
  if (near.clouds) {
    const t = ctx.cloudT - 0.06;
    for (let j = 0; j < G - 1; j++) {
      for (let i = 0; i < G - 1; i++) {
        const k = j * G + i;
        const ms = Math.max(F_CSHAD[k], F_CSHAD[k + 1], F_CSHAD[k + G], F_CSHAD[k + G + 1]);
        const mc = Math.max(F_CLOUD[k], F_CLOUD[k + 1], F_CLOUD[k + G], F_CLOUD[k + G + 1]);
        CELL_CLOUD[k] = (ms > t ? 1 : 0) | (mc > t ? 2 : 0);
      }
    }
  }
}

// Bilinear sampling; P.gk/P.gfx/P.gfy cache the cell of the last locate() call.

export function locate(u: number, v: number): void {
  let gx = (u - gU0) * gInv;
  let gy = (v - gV0) * gInv;
  const mx = G - 1.000001;
  if (gx < 0) gx = 0;
  else if (gx > mx) gx = mx;
  if (gy < 0) gy = 0;
  else if (gy > mx) gy = mx;
  const ix = gx | 0;
  const iy = gy | 0;
  P.gfx = gx - ix;
  P.gfy = gy - iy;
  P.gk = iy * G + ix;
}

export function samp(f: Float32Array): number {
  const a = f[P.gk];
  const b = f[P.gk + 1];
  const c = f[P.gk + G];
  const d = f[P.gk + G + 1];
  return a + (b - a) * P.gfx + (c - a) * P.gfy + (a - b - c + d) * P.gfx * P.gfy;
}
