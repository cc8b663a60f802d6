/** Commercial quarters: a big-box building, a pad building and striped parking with cars. */
import * as sharedNoiseModule from '../../procedural/noise.ts';
import * as classesModule from './classes.ts';
import * as mathModule from './math.ts';
import * as sceneModule from './scene.ts';
import * as scratchModule from './scratch.ts';
import type { Sec } from './sections.ts';
import * as surveyStateModule from './survey-state.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { hashI, sub } = sharedNoiseModule;
const { C_CAR, C_COM_ROOF, C_LANDSCAPE, C_PARKING, C_SIDEWALK } = classesModule;
const { sweptHit } = mathModule;
const { LQ } = sceneModule;
const { ARG, P } = scratchModule;
const { active } = surveyStateModule;

export function commercial(sec: Sec, q: number, qu: number, qv: number): number {
  ARG[0] = qu;
  ARG[1] = qv;
  return commercial_(sec, q);
}

function commercial_(sec: Sec, q: number): number {
  const qu = ARG[0];
  const qv = ARG[1];
  const qh = sec.qHash[q];
  P.fH = qh;
  const m = 6;
  // main building at the back, pad building near a corner
  const bw = 110 + sub(qh, 5) * 120;
  const bd = 70 + sub(qh, 6) * 60;
  const bx0 = 24 + sub(qh, 7) * (LQ - 48 - bw);
  const flip = sub(qh, 8) < 0.5;
  const by0 = flip ? 24 : LQ - 24 - bd;
  const pbx = sub(qh, 9) < 0.5 ? 24 : LQ - 24 - 28;
  const pby = flip ? LQ - 24 - 34 : 24;
  // exact shadows of the two buildings (9 m and 6 m tall); nothing else reaches in here
  P.fSh =
    sweptHit(qu, qv, active.shU * 9, active.shV * 9, bx0, bx0 + bw, by0, by0 + bd) ||
    sweptHit(qu, qv, active.shU * 6, active.shV * 6, pbx, pbx + 28, pby, pby + 34)
      ? 1
      : 0;
  if (qu < m || qv < m || qu > LQ - m || qv > LQ - m) {
    P.fAge = 20;
    return C_LANDSCAPE;
  }
  let inB = qu >= bx0 && qu < bx0 + bw && qv >= by0 && qv < by0 + bd;
  let rx0 = bx0;
  let ry0 = by0;
  let rw = bw;
  let rd = bd;
  if (!inB && qu >= pbx && qu < pbx + 28 && qv >= pby && qv < pby + 34) {
    inB = true;
    rx0 = pbx;
    ry0 = pby;
    rw = 28;
    rd = 34;
  }
  if (inB) {
    P.fA = qu - rx0;
    P.fB = qv - ry0;
    P.fW = rw;
    P.fD = rd;
    P.fX = rx0 * 7 + ry0;
    return C_COM_ROOF;
  }
  // landscape strip around buildings
  if (qu >= bx0 - 3 && qu < bx0 + bw + 3 && qv >= by0 - 3 && qv < by0 + bd + 3) return C_SIDEWALK;
  // parking: modules of two stall rows and an aisle, oriented along u
  const pv = (qv - m) % 18.5;
  const row = Math.floor((qv - m) / 18.5);
  if (pv >= 5.5 && pv < 13) {
    P.fA = pv;
    return C_PARKING;
  }
  const stallRow = pv < 5.5 ? 0 : 1;
  const d = stallRow === 0 ? pv : 18.5 - pv; // depth into the stall from the back
  const pu = (qu - m) % 2.75;
  const stall = Math.floor((qu - m) / 2.75);
  if (d > 5.4 || pu < 0.12) {
    P.fA = -1; // stall line
    return C_PARKING;
  }
  const ch = hashI(qh, row * 2 + stallRow, stall);
  const near = 1 - Math.min(1, Math.abs(qv - (by0 + bd / 2)) / 150);
  if (sub(ch, 1) < 0.25 + 0.45 * near) {
    const cu = pu - 1.375;
    const cv = d - 2.9;
    if (Math.abs(cu) < 0.92 && Math.abs(cv) < 2.25) {
      P.fA = cu;
      P.fB = stallRow === 0 ? cv : -cv;
      P.fH = ch;
      return C_CAR;
    }
  }
  P.fA = 0;
  return C_PARKING;
}
