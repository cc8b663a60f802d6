/** Crop fields: crop colour by month, soil variation, machinery swaths and rows. */
import * as sharedNoiseModule from '../../procedural/noise.ts';
import * as coarseFieldsModule from './coarse-fields.ts';
import * as levelOfDetailModule from './level-of-detail.ts';
import * as noiseModule from './field-noise.ts';
import * as paintModule from './paint.ts';
import * as scratchModule from './scratch.ts';
import * as seasonalModule from './seasonal.ts';
import * as surveyStateModule from './survey-state.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { sub } = sharedNoiseModule;
const { F_PATCH, locate, samp } = coarseFieldsModule;
const { lod, lodW } = levelOfDetailModule;
const { vnoise } = noiseModule;
const { detail, mulc, set } = paintModule;
const { ARG, P } = scratchModule;
const { applySnow } = seasonalModule;
const { active } = surveyStateModule;

// Crop colours per month (Jan..Dec): corn, soy, winter wheat, alfalfa, fallow, pasture.
const CROPS: number[][] = [
  // corn
  [
    150, 132, 104, 148, 130, 102, 140, 122, 96, 118, 94, 70, 125, 104, 76, 112, 134, 70, 62, 100, 42, 72, 104, 46, 150,
    144, 86, 176, 156, 112, 162, 142, 108, 152, 134, 104,
  ],
  // soy
  [
    146, 126, 98, 146, 126, 98, 140, 120, 94, 130, 104, 78, 120, 96, 70, 124, 128, 80, 82, 124, 56, 76, 120, 50, 168,
    152, 74, 160, 136, 96, 150, 130, 100, 148, 128, 100,
  ],
  // winter wheat
  [
    122, 122, 88, 116, 124, 82, 96, 126, 62, 80, 130, 56, 110, 140, 62, 202, 182, 112, 214, 196, 142, 178, 154, 112,
    170, 146, 108, 132, 112, 82, 112, 118, 78, 120, 118, 86,
  ],
  // alfalfa
  [
    140, 130, 96, 136, 130, 92, 110, 126, 70, 86, 126, 56, 70, 120, 46, 96, 136, 62, 76, 126, 50, 112, 136, 66, 82, 122,
    52, 112, 122, 72, 136, 128, 92, 140, 130, 96,
  ],
  // fallow / ploughed
  [
    158, 136, 106, 156, 134, 104, 150, 126, 98, 138, 114, 88, 150, 128, 98, 164, 144, 110, 168, 148, 112, 170, 150, 114,
    166, 146, 110, 150, 126, 96, 152, 130, 100, 156, 134, 104,
  ],
  // pasture
  [
    150, 140, 102, 146, 138, 98, 128, 132, 84, 104, 130, 66, 92, 128, 58, 100, 128, 62, 118, 130, 72, 132, 132, 82, 126,
    128, 78, 134, 130, 88, 146, 138, 100, 150, 140, 102,
  ],
];

export function field(u: number, v: number): void {
  ARG[0] = u;
  ARG[1] = v;
  field_();
}

function field_(): void {
  const u = ARG[0];
  const v = ARG[1];
  const fh = P.fH;
  const irrigated = active.aridity > 0.3;
  let crop: number;
  const r = sub(fh, 1);
  if (P.fX === 1 || irrigated) crop = r < 0.45 ? 3 : r < 0.65 ? 0 : r < 0.85 ? 2 : 4;
  else crop = r < 0.3 ? 0 : r < 0.6 ? 1 : r < 0.75 ? 2 : r < 0.85 ? 3 : r < 0.93 ? 5 : 4;
  const dryCorner = (fh & 1) === 1 && P.fX !== 1;
  if (dryCorner) crop = active.aridity > 0.3 ? -1 : 5;
  if (crop < 0) {
    set(186, 168, 134);
    mulc(1 + detail(u, v, 62) * 0.22);
    applySnow(1, u, v);
    return;
  }
  // latitude-independent month shift for the south: treat as a month later in spring
  const m = active.month - 1;
  const tab = CROPS[crop];
  set(tab[m * 3], tab[m * 3 + 1], tab[m * 3 + 2]);
  const var1 = sub(fh, 2) - 0.5;
  mulc(1 + var1 * 0.12);
  // soil / moisture variation inside the field (tens of metres) and across the farm
  locate(u, v);
  const p = samp(F_PATCH) - 0.5;
  const wet = vnoise(u / 70 + 3.1, v / 70 - 1.7, 64) - 0.5;
  mulc(1 + p * 0.3 + wet * 0.16);
  // machinery passes: 6 m swaths alternating in brightness, 2 m tramlines every 18 m, 0.76 m rows
  const a = P.fA; // distance along the row-normal (or radius for pivots)
  const W6 = lod.w10 > 0 ? lodW(6, lod.ps) : 0;
  if (W6 > 0) {
    const sw = Math.floor(a / 6);
    mulc(1 + (sw & 1 ? 0.035 : -0.035) * W6);
    const tl = a - Math.floor(a / 18) * 18;
    if (tl < 2) mulc(1 - (P.fX === 1 ? 0.06 : 0.1) * W6);
  }
  if (lod.w02 > 0) mulc(1 + (((a / 0.76) | 0) & 1 ? 0.07 : -0.07) * lod.w02);
  mulc(1 + detail(u, v, 63) * 0.16);
  applySnow(1, u, v);
}
