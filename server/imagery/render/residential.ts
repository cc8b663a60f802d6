/** Residential quarters: streets, lots, houses with garages, yards, pools, driveways and parked cars. */
import * as sharedNoiseModule from '../../procedural/noise.ts';
import * as classesModule from './classes.ts';
import * as mathModule from './math.ts';
import * as sceneModule from './scene.ts';
import * as scratchModule from './scratch.ts';
import type { Sec } from './sections.ts';
import * as surveyStateModule from './survey-state.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { hashI, sub } = sharedNoiseModule;
const {
  C_CAR,
  C_DIRT,
  C_DRIVE,
  C_FENCE,
  C_FRAME,
  C_HOUSE,
  C_LAWN_B,
  C_LAWN_F,
  C_PARKWAY,
  C_PATIO,
  C_POOL,
  C_SIDEWALK,
  C_SLAB,
  C_STREET,
} = classesModule;
const { sweptHit } = mathModule;
const { HOUSE_H, STREET_W } = sceneModule;
const { ARG, P } = scratchModule;
const { active } = surveyStateModule;

const LOT_CACHE = 256;
const LOT_F = 10;
const lotKey = new Float64Array(LOT_CACHE).fill(-1);
const lotGen = new Int32Array(LOT_CACHE);
const lotVal = new Float64Array(LOT_CACHE * LOT_F);
/** Incremented per tile: lot development depends on the survey date, so the memo is per tile. */
let tileGen = 0;

export function residential(sec: Sec, q: number, qu: number, qv: number, D: number): number {
  ARG[0] = qu;
  ARG[1] = qv;
  ARG[2] = D;
  return residential_(sec, q);
}

function residential_(sec: Sec, q: number): number {
  const qu = ARG[0];
  const qv = ARG[1];
  const D = ARG[2];
  const orient = sec.qOrient[q];
  const a = orient === 0 ? qu : qv; // across streets
  const b = orient === 0 ? qv : qu; // along streets
  const per = sec.qPer[q];
  const L = sec.qLay;
  const o8 = q * 8;
  const rowD = L[o8 + 1];
  const k = Math.floor(a * L[o8]);
  const pa = a - k * per;
  const qh = sec.qHash[q];
  P.fH = qh;
  const newRoads = active.year - D < 6;
  // local streets
  if (pa >= rowD && pa < rowD + STREET_W) {
    P.fA = pa - rowD - STREET_W / 2;
    P.fB = b;
    P.fX = newRoads ? 1 : 0;
    if (active.shadowReach < STREET_W / 2 - Math.abs(P.fA) + 4.6) P.fSh = 0; // houses stand ≥ 4.6 m from any street
    return parkedCar(qh, k, P.fA, b) ? C_CAR : C_STREET;
  }
  // cross streets split the rows into nSeg blocks
  const nCross = sec.qCross[q];
  const segLen = L[o8 + 2];
  const seg = Math.floor(b * L[o8 + 4]);
  const bs = b - seg * L[o8 + 3];
  if (bs >= segLen) {
    P.fA = bs - segLen - STREET_W / 2;
    P.fB = a;
    P.fX = newRoads ? 1 : 0;
    if (active.shadowReach < STREET_W / 2 - Math.abs(P.fA) + 4.6) P.fSh = 0;
    return C_STREET;
  }
  const row = pa < rowD ? 0 : 1;
  const t = row === 0 ? rowD - pa : pa - rowD - STREET_W; // depth from street edge
  const nLots = L[o8 + 5];
  const w = L[o8 + 6];
  const li = Math.floor(bs * L[o8 + 7]);
  const s = bs - li * w;
  const lh = hashI(qh, k * 8 + row * 4 + seg, li);
  const distCross = Math.min(seg > 0 ? bs : 1e9, seg < nCross ? segLen - bs : 1e9);
  // lot layout (memoised per lot: many pixels in a row share a lot)
  const slot = (lh & (LOT_CACHE - 1)) * LOT_F;
  if (lotKey[lh & (LOT_CACHE - 1)] !== lh || lotGen[lh & (LOT_CACHE - 1)] !== tileGen) {
    lotKey[lh & (LOT_CACHE - 1)] = lh;
    lotGen[lh & (LOT_CACHE - 1)] = tileGen;
    lotVal[slot] = D + sub(lh, 9) * 1.6;
    lotVal[slot + 1] = 1.5 + sub(lh, 1) * 1.4;
    lotVal[slot + 2] = 3 + 5 + sub(lh, 2) * 3.5;
    lotVal[slot + 3] = 10 + sub(lh, 3) * 6;
    lotVal[slot + 4] = sub(lh, 4);
    lotVal[slot + 5] = sub(lh, 5);
    lotVal[slot + 6] = sub(lh, 6);
    lotVal[slot + 7] = sub(lh, 7);
    lotVal[slot + 8] = sub(lh, 10);
    lotVal[slot + 9] = sub(lh, 11);
  }
  const age = active.year - lotVal[slot];
  P.fAge = age;
  P.fH = lh;
  const side = lotVal[slot + 1];
  const setback = lotVal[slot + 2];
  let hd = lotVal[slot + 3];
  if (setback + hd > rowD - 6) hd = rowD - 6 - setback;
  // corner lots give way to the cross-street sidewalk
  const h0 = (li === 0 && seg > 0 ? 3.1 : 0) + side;
  const h1 = w - (li === nLots - 1 && seg < nCross ? 3.1 : 0) - side;
  const t0 = setback;
  const t1 = setback + hd;
  const garLeft = lotVal[slot + 4] < 0.5;
  const g0 = garLeft ? h0 : h1 - 6.6;
  const g1 = g0 + 6.6;
  const gt0 = t0 - 3.2;
  // world directions of the +t (away from street) and +s axes
  let tU: number;
  let tV: number;
  let sU: number;
  let sV: number;
  if (orient === 0) {
    tU = row === 0 ? -1 : 1;
    tV = 0;
    sU = 0;
    sV = 1;
  } else {
    tU = 0;
    tV = row === 0 ? -1 : 1;
    sU = 1;
    sV = 0;
  }
  {
    // Building shadow from this lot's own house (exact swept box test). Complete when the shadow
    // probe segment stays inside the lot; otherwise shadePixel() probes the neighbours.
    const ds = (active.shU * sU + active.shV * sV) * HOUSE_H;
    const dt = (active.shU * tU + active.shV * tV) * HOUSE_H;
    let hit = false;
    if (age >= -0.25) {
      hit = sweptHit(s, t, ds, dt, h0, h1, t0, t1) || sweptHit(s, t, ds, dt, g0, g1, gt0, t0 + 4);
    }
    // No other building can stand within 1.5 m beside the lot (side setbacks), 6 m behind it
    // (back yards) or 14.6 m in front (street + setback across), so if the probe segment stays in
    // that rectangle the own-lot answer is complete.
    const s2 = s - ds;
    const t2 = t - dt;
    if (hit) P.fSh = 1;
    else if (s2 >= -1.5 && s2 < w + 1.5 && t2 >= -14.6 && t2 < rowD + 6) P.fSh = 0;
  }
  // sidewalks/parkways along the street and the cross streets
  if (t < 1.6 || (distCross < 1.6 && t > 3)) {
    P.fAge = active.year - D;
    return C_PARKWAY;
  }
  if (t < 3.1 || (distCross < 3.1 && t > 3)) {
    P.fA = t;
    P.fB = bs;
    return C_SIDEWALK;
  }
  if (age < -0.45) return C_DIRT;
  const inMain = s >= h0 && s < h1 && t >= t0 && t < t1;
  const inWing = s >= g0 && s < g1 && t >= gt0 && t < t0 + 4;
  if (inMain || inWing) {
    if (age < -0.25) return C_SLAB;
    if (age < 0) {
      P.fA = s;
      P.fB = t;
      return C_FRAME;
    }
    // roof facet: nearest eave edge (hip roof) or nearest long edge (gable)
    let r0: number, r1: number, q0: number, q1: number;
    if (inMain && !(inWing && t < t0)) {
      r0 = h0;
      r1 = h1;
      q0 = t0;
      q1 = t1;
    } else {
      r0 = g0;
      r1 = g1;
      q0 = gt0;
      q1 = t0 + 4;
    }
    const dF = t - q0;
    const dB = q1 - t;
    const dL = s - r0;
    const dR = r1 - s;
    const hip = lotVal[slot + 5] < 0.55;
    let facet: number; // 0 front(-t) 1 back(+t) 2 left(-s) 3 right(+s)
    let m = Math.min(dF, dB);
    facet = dF < dB ? 0 : 1;
    if (hip) {
      if (dL < m) {
        m = dL;
        facet = 2;
      }
      if (dR < m) {
        m = dR;
        facet = 3;
      }
    }
    P.fNU = facet === 0 ? -tU : facet === 1 ? tU : facet === 2 ? -sU : sU;
    P.fNV = facet === 0 ? -tV : facet === 1 ? tV : facet === 2 ? -sV : sV;
    P.fA = m; // distance to eave
    P.fB = Math.min(dL, dR, dF, dB);
    P.fDist = Math.abs(facet < 2 ? dF - dB : dL - dR); // distance from ridge (×2)
    P.fX = facet;
    return C_HOUSE;
  }
  if (age < 0.35) {
    if (s >= g0 && s < g1 && t < gt0 && age >= -0.25) return C_DRIVE;
    return C_DIRT;
  }
  if (s >= g0 + 0.6 && s < g1 - 0.6 && t < gt0) {
    // a car parked in the driveway
    if (lotVal[slot + 8] < 0.5) {
      const cs = s - (g0 + g1) / 2 + (lotVal[slot + 9] < 0.5 ? 1.45 : -1.45);
      const ct = t - (gt0 - 3.1);
      if (cs > -0.92 && cs < 0.92 && ct > -2.25 && ct < 2.25) {
        P.fA = cs;
        P.fB = -ct;
        P.fH = lh;
        return C_CAR;
      }
    }
    return C_DRIVE;
  }
  const back = t >= t1;
  if (back) {
    // pool with deck
    if (lotVal[slot + 6] < 0.06 + 0.5 * active.aridity && rowD - t1 > 10) {
      const pc = (h0 + h1) / 2 + (lotVal[slot + 7] - 0.5) * 3;
      const pt0 = t1 + 3;
      const ds = Math.abs(s - pc);
      if (ds < 2.4 && t >= pt0 && t < pt0 + 4.6) {
        P.fA = ds;
        P.fB = t - pt0;
        return C_POOL;
      }
      if (ds < 3.6 && t >= pt0 - 1.3 && t < pt0 + 6) return C_PATIO;
    } else if (t < t1 + 3.5 && Math.abs(s - (h0 + h1) / 2) < 2.8) return C_PATIO;
    if (age > 0.6 && (s < 0.12 || s > w - 0.12 || t > rowD - 0.12)) return C_FENCE;
    P.fA = s;
    P.fB = t;
    P.fNU = sU;
    P.fNV = sV;
    return C_LAWN_B;
  }
  P.fA = s;
  P.fB = t;
  P.fNU = sU;
  P.fNV = sV;
  return C_LAWN_F;
}

/** Cars parked along residential curbs; sets the car-local coordinates when there is one. */
function parkedCar(qh: number, k: number, across: number, along: number): boolean {
  ARG[0] = qh;
  ARG[1] = across;
  ARG[2] = along;
  return parkedCar_(k);
}

function parkedCar_(k: number): boolean {
  const qh = ARG[0];
  const across = ARG[1];
  const along = ARG[2];
  const side = across < 0 ? 0 : 1;
  const off = Math.abs(across);
  if (off < STREET_W / 2 - 3.2 || off > STREET_W / 2 - 0.5) return false;
  const slot = Math.floor(along / 7);
  const ch = hashI(qh, k * 2 + side, slot);
  if (sub(ch, 1) > 0.1) return false;
  const cu = off - (STREET_W / 2 - 1.55);
  const cv = along - slot * 7 - 3.5;
  if (cu < -0.92 || cu > 0.92 || cv < -2.25 || cv > 2.25) return false;
  P.fA = cu;
  P.fB = cv;
  P.fH = ch;
  return true;
}

/** Start a new tile: lot memos of earlier tiles (maybe of another survey date) no longer apply. */
export function forgetLots(): void {
  tileGen = (tileGen + 1) | 0;
}
