/** Buildings: roof colours and facets, and the building shadows cast onto the ground. */
import * as sharedNoiseModule from '../../procedural/noise.ts';
import * as classesModule from './classes.ts';
import * as commercialModule from './commercial.ts';
import * as levelOfDetailModule from './level-of-detail.ts';
import * as paintModule from './paint.ts';
import * as residentialModule from './residential.ts';
import * as ruralModule from './rural.ts';
import * as sceneModule from './scene.ts';
import * as scratchModule from './scratch.ts';
import * as seasonalModule from './seasonal.ts';
import * as sectionsModule from './sections.ts';
import * as surveyStateModule from './survey-state.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { hashF, hashI, sub } = sharedNoiseModule;
const { C_BARN, C_BUFFER, C_CAR, C_COM_ROOF, C_FARMYARD, C_FIELD, C_FRAME, C_GRADED, C_HOUSE, C_STREET, C_WALL } =
  classesModule;
const { commercial } = commercialModule;
const { lod } = levelOfDetailModule;
const { detail, mulc, set } = paintModule;
const { residential } = residentialModule;
const { barnAt } = ruralModule;
const { H, INSET, LQ, Q_PARK, Q_RES, S } = sceneModule;
const { ARG, P } = scratchModule;
const { applySnow } = seasonalModule;
const { getSec } = sectionsModule;
const { active } = surveyStateModule;

const ROOF_HUMID = [
  98, 98, 100, 124, 121, 117, 74, 74, 78, 128, 110, 96, 106, 92, 82, 150, 148, 144, 90, 96, 104, 118, 106, 98, 64, 64,
  66, 132, 130, 126, 84, 80, 78,
];
const ROOF_ARID = [
  160, 108, 88, 172, 126, 102, 190, 178, 158, 150, 134, 116, 150, 100, 84, 198, 190, 174, 170, 150, 126,
];

export function roof(u: number, v: number): void {
  ARG[0] = u;
  ARG[1] = v;
  roof_();
}

function roof_(): void {
  const u = ARG[0];
  const v = ARG[1];
  const arid = sub(P.fH, 14) < active.aridity * 0.8;
  const pal = arid ? ROOF_ARID : ROOF_HUMID;
  const ci = Math.floor(sub(P.fH, 15) * (pal.length / 3)) * 3;
  set(pal[ci], pal[ci + 1], pal[ci + 2]);
  const dot = P.fNU * active.sunU + P.fNV * active.sunV;
  mulc(1 + 0.2 * dot);
  // shingle rows / tile courses
  if (lod.w02 > 0) {
    const rowI = Math.floor(P.fA / 0.33);
    const rh = hashF(rowI, P.fH & 0xffff, 71);
    mulc(1 + (rh - 0.5) * 0.06 * lod.w02);
    if (P.fA % 0.33 < 0.05) mulc(1 - 0.08 * lod.w02);
  }
  mulc(1 + detail(u, v, 59) * 0.08);
  // ridge cap and eaves
  if (P.fDist < 0.25 && lod.w05 > 0) mulc(1 + 0.1 * lod.w05);
  if (P.fB < 0.25) mulc(1 - 0.2 * Math.max(lod.w05, 0.3));
  applySnow(0.7 * (0.7 + 0.3 * dot), u, v);
}

export function comRoof(u: number, v: number): void {
  ARG[0] = u;
  ARG[1] = v;
  comRoof_();
}

function comRoof_(): void {
  const u = ARG[0];
  const v = ARG[1];
  set(198, 198, 194);
  mulc(1 + detail(u, v, 60) * 0.06);
  const e = Math.min(P.fA, P.fB, P.fW - P.fA, P.fD - P.fB);
  if (e < 0.5) {
    set(150, 150, 146);
    return;
  }
  // HVAC units on a grid
  if (lod.w05 > 0 || lod.w1 > 0) {
    const gx = Math.floor(P.fA / 14);
    const gy = Math.floor(P.fB / 14);
    const hh = hashI(gx, gy, P.fX | 0);
    if (sub(hh, 1) < 0.3 && e > 4) {
      const lx = P.fA - gx * 14 - 6;
      const ly = P.fB - gy * 14 - 6;
      if (lx > 0 && lx < 2.6 && ly > 0 && ly < 1.8) {
        set(224, 224, 222);
        return;
      }
      // unit shadow
      const sx2 = lx + active.shU * 1.2;
      const sy2 = ly + active.shV * 1.2;
      if (sx2 > 0 && sx2 < 2.6 && sy2 > 0 && sy2 < 1.8) mulc(0.72);
    }
  }
  applySnow(0.8, u, v);
}

/**
 * Is there a (finished or framed) building at this point? A light version of classify() for the
 * shadow test: the callers only ask for points a few metres from land pixels in town, where water
 * and roads cannot hold buildings.
 */
export function buildingAt(u: number, v: number): boolean {
  ARG[0] = u;
  ARG[1] = v;
  return buildingAt_();
}

function buildingAt_(): boolean {
  const u = ARG[0];
  const v = ARG[1];
  const sx = Math.floor(u / S);
  const sy = Math.floor(v / S);
  const lu = u - sx * S;
  const lv = v - sy * S;
  const sec = getSec(sx, sy);
  const qx = lu < H ? 0 : 1;
  const qy = lv < H ? 0 : 1;
  const q = qx + 2 * qy;
  const stage = active.year - sec.qD[q];
  if (stage < -1.2) {
    if (sec.farm < 0) return false;
    const fu = sec.farm & 1 ? S - lu : lu;
    const fv = sec.farm & 2 ? S - lv : lv;
    return barnAt(fu, fv) >= 0;
  }
  const type = sec.qType[q];
  if (stage < -0.5 || type === Q_PARK) return false;
  const xu = lu - qx * H - (qx === 0 ? INSET : 0);
  const xv = lv - qy * H - (qy === 0 ? INSET : 0);
  if (xu < 0 || xv < 0 || xu >= LQ || xv >= LQ) return false;
  const c = type === Q_RES ? residential(sec, q, xu, xv, sec.qD[q]) : commercial(sec, q, xu, xv);
  return c === C_HOUSE || c === C_COM_ROOF || c === C_FRAME;
}

export function shadowable(cls: number): boolean {
  return (
    cls >= C_STREET &&
    cls !== C_HOUSE &&
    cls !== C_COM_ROOF &&
    cls !== C_FRAME &&
    cls !== C_BARN &&
    (cls < C_FIELD || cls === C_CAR || cls === C_GRADED || cls === C_FARMYARD || cls === C_BUFFER || cls === C_WALL)
  );
}
