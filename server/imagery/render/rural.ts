/** Land outside town: farmsteads, woods, desert and crop fields (rectangular or centre-pivot). */
import * as sharedNoiseModule from '../../procedural/noise.ts';
import * as classesModule from './classes.ts';
import * as coarseFieldsModule from './coarse-fields.ts';
import * as noiseModule from './field-noise.ts';
import * as sceneModule from './scene.ts';
import * as scratchModule from './scratch.ts';
import type { Sec } from './sections.ts';
import * as surveyStateModule from './survey-state.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { hashI, sub } = sharedNoiseModule;
const { C_BARN, C_DESERT, C_FARMYARD, C_FIELD, C_FIELD_EDGE, C_WOOD } = classesModule;
const { F_WOOD, locate, samp } = coarseFieldsModule;
const { Q4, quantile } = noiseModule;
const { H, S } = sceneModule;
const { ARG, P } = scratchModule;
const { active } = surveyStateModule;

const WOOD_T = quantile(Q4, 0.8);

/** The farmstead's two barns, in metres from its section corner: x0, y0, width, depth. */
const BARNS = [30, 40, 15, 12, 52, 22, 26, 18];

/** Index of the barn at (fu, fv) in farmstead-corner coordinates, or -1. */
export function barnAt(fu: number, fv: number): number {
  for (let b = 0; b < 2; b++) {
    const x0 = BARNS[4 * b];
    const y0 = BARNS[4 * b + 1];
    if (fu > x0 && fu < x0 + BARNS[4 * b + 2] && fv > y0 && fv < y0 + BARNS[4 * b + 3]) return b;
  }
  return -1;
}

export function rural(sec: Sec, lu: number, lv: number, u: number, v: number): number {
  ARG[0] = lu;
  ARG[1] = lv;
  ARG[2] = u;
  ARG[3] = v;
  return rural_(sec);
}

function rural_(sec: Sec): number {
  const lu = ARG[0];
  const lv = ARG[1];
  const u = ARG[2];
  const v = ARG[3];
  P.fH = sec.hash;
  // farmstead in one corner
  if (sec.farm >= 0) {
    const fu = sec.farm & 1 ? S - lu : lu;
    const fv = sec.farm & 2 ? S - lv : lv;
    if (fu < 90 && fv < 90) {
      const b = barnAt(fu, fv);
      if (b >= 0) {
        P.fA = fu - BARNS[4 * b];
        P.fB = fv - BARNS[4 * b + 1];
        P.fW = BARNS[4 * b + 2];
        P.fD = BARNS[4 * b + 3];
        P.fX = b;
        P.fH = sec.hash;
        return C_BARN;
      }
      P.fAge = 40;
      return C_FARMYARD;
    }
  }
  locate(u, v);
  if (active.aridity < 0.5 && samp(F_WOOD) > WOOD_T) return C_WOOD;
  if (!sec.fieldsOk) return C_DESERT;
  // fields
  let fi = 0;
  let e0 = lu; // distance to field edges
  let e1 = lv;
  let e2 = S - lu;
  let e3 = S - lv;
  if (sec.pivot) {
    const cu = lu - H;
    const cv = lv - H;
    const r = Math.sqrt(cu * cu + cv * cv);
    if (r < H - 8) {
      P.fA = r;
      P.fB = Math.atan2(cv, cu);
      P.fX = 1; // circular rows
      P.fH = hashI(sec.hash, 9, Math.floor(active.year));
      P.fDist = H - 8 - r;
      return C_FIELD;
    }
    if (r < H - 5) return C_FIELD_EDGE;
    fi = 5;
  } else if (sec.split === 1 || sec.split === 3) {
    if (lu >= H) {
      fi += 1;
      e0 = lu - H;
    } else e2 = H - lu;
  }
  if (!sec.pivot && (sec.split === 2 || sec.split === 3)) {
    if (lv >= H) {
      fi += 2;
      e1 = lv - H;
    } else e3 = H - lv;
  }
  const edge = Math.min(e0, e1, e2, e3);
  if (edge < 4 && !sec.pivot) return C_FIELD_EDGE;
  const fh = hashI(sec.hash, fi, Math.floor(active.year));
  P.fH = fh;
  P.fX = sub(hashI(sec.hash, fi, 0), 1) < 0.5 ? 2 : 3; // row direction
  P.fA = P.fX === 2 ? lu : lv;
  P.fDist = edge;
  if (sec.pivot) P.fH = hashI(sec.hash, 77, Math.floor(active.year)) | 1; // dry corners
  return C_FIELD;
}
