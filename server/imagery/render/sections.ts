/** Half-mile survey sections and their quarters: development year, land use and street layout. */
import { DEMO_METROS } from '../../catalog/demo.ts';
import * as sharedNoiseModule from '../../procedural/noise.ts';
import * as noiseModule from './field-noise.ts';
import * as sceneModule from './scene.ts';
import * as scratchModule from './scratch.ts';
import * as surveyStateModule from './survey-state.ts';
import * as worldModule from './world.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { hashI, sub } = sharedNoiseModule;
const { cdf, fbm, Q4 } = noiseModule;
const { GEO_SEED, LQ, Q_COM, Q_FARM, Q_PARK, Q_RES, S, STREET_W } = sceneModule;
const { P } = scratchModule;
const { active } = surveyStateModule;
const { mercatorUnit, WORLD } = worldModule;

/** Metro centres (world metres) and their inverse squared urban radius. */
const METRO_UV = DEMO_METROS.map((m) => mercatorUnit(m.lon, m.lat).map((unit) => (unit - 0.5) * WORLD));
const METRO_U = METRO_UV.map(([u]) => u);
const METRO_V = METRO_UV.map(([, v]) => v);
const METRO_INV_R2 = DEMO_METROS.map((m) => {
  const r = Math.sqrt(m.size) * 1000 * 0.55;
  return 1 / (r * r);
});

export class Sec {
  sx = 0;
  sy = 0;
  /** quarter development year (Infinity = never) */
  qD = new Float64Array(4);
  qType = new Int8Array(4);
  qOrient = new Int8Array(4);
  qLotW = new Float64Array(4);
  /** residential street period and number of cross streets */
  qPer = new Float64Array(4);
  qCross = new Int8Array(4);
  /** derived residential layout numbers per quarter: 1/per, rowD, segLen, segP, 1/segP, nLots, w, 1/w */
  qLay = new Float64Array(4 * 8);
  qHash = new Uint32Array(4);
  /** any paved town roads on this section's boundary lines */
  town = false;
  hash = 0;
  split = 0;
  pivot = false;
  farm = -1;
  fieldsOk = true;
}

const secCache = new Map<number, Sec>();
let lastSec: Sec = new Sec();

function computeSec(sx: number, sy: number): Sec {
  const s = new Sec();
  s.sx = sx;
  s.sy = sy;
  const cu = (sx + 0.5) * S;
  const cv = (sy + 0.5) * S;
  const U = fbm(cu / 9000, cv / 9000, 4, GEO_SEED + 10);
  // rank 0 = most urban; known metro centres pull their surroundings into town
  let rank = 1 - cdf(Q4, U);
  for (let m = 0; m < METRO_U.length; m++) {
    const du = cu - METRO_U[m];
    const dv = cv - METRO_V[m];
    const r2 = (du * du + dv * dv) * METRO_INV_R2[m];
    if (r2 < 9) rank -= 0.45 * Math.exp(-r2);
  }
  s.hash = hashI(sx, sy, GEO_SEED + 11);
  s.split = Math.floor(sub(s.hash, 1) * 4);
  s.pivot = sub(s.hash, 2) < 0.18 + 0.5 * active.aridity;
  s.farm = sub(s.hash, 3) < 0.35 ? Math.floor(sub(s.hash, 4) * 4) : -1;
  s.fieldsOk = sub(s.hash, 5) > active.aridity * 0.8;
  let town = false;
  for (let q = 0; q < 4; q++) {
    const qh = hashI(sx * 2 + (q & 1), sy * 2 + (q >> 1), GEO_SEED + 12);
    s.qHash[q] = qh;
    const r = rank + (sub(qh, 1) - 0.5) * 0.06;
    let D: number;
    if (r < 0.42) D = 1950 + (r / 0.42) * 68;
    else if (r < 0.62) D = 2018 + ((r - 0.42) / 0.2) * 14;
    else D = Infinity;
    const tRoll = sub(qh, 2);
    const type = tRoll < 0.75 ? Q_RES : tRoll < 0.84 ? Q_COM : tRoll < 0.92 ? Q_PARK : Q_FARM;
    if (type === Q_FARM) D = Infinity;
    s.qD[q] = D;
    s.qType[q] = type;
    s.qOrient[q] = sub(qh, 3) < 0.5 ? 0 : 1;
    s.qLotW[q] = 17 + sub(qh, 4) * 8;
    s.qPer[q] = LQ / [4, 5, 5, 6][Math.floor(sub(qh, 5) * 4)];
    s.qCross[q] = sub(qh, 6) < 0.6 ? 1 : 2;
    {
      const per = s.qPer[q];
      const nCross = s.qCross[q];
      const segLen = (LQ - nCross * STREET_W) / (nCross + 1);
      const nLots = Math.max(1, Math.round(segLen / s.qLotW[q]));
      const L = s.qLay;
      L[q * 8] = 1 / per;
      L[q * 8 + 1] = (per - STREET_W) / 2;
      L[q * 8 + 2] = segLen;
      L[q * 8 + 3] = segLen + STREET_W;
      L[q * 8 + 4] = 1 / (segLen + STREET_W);
      L[q * 8 + 5] = nLots;
      L[q * 8 + 6] = segLen / nLots;
      L[q * 8 + 7] = nLots / segLen;
    }
    if (active.year >= D - 0.5) town = true;
  }
  s.town = town;
  return s;
}

export function getSec(sx: number, sy: number): Sec {
  const key = (sx + 40000) * 100000 + (sy + 40000);
  if (key === P.lastSecKey) return lastSec;
  let s = secCache.get(key);
  if (!s) {
    s = computeSec(sx, sy);
    secCache.set(key, s);
  }
  P.lastSecKey = key;
  lastSec = s;
  return s;
}

/** Drop the sections of the previous tile: they depend on the survey's date and aridity. */
export function clearSections(): void {
  secCache.clear();
  P.lastSecKey = NaN;
}

/** The development year of the quarter holding world point (u, v) (Infinity: never developed). */
export function developmentYearAt(u: number, v: number): number {
  const sx = Math.floor(u / S);
  const sy = Math.floor(v / S);
  const q = (u - sx * S < S / 2 ? 0 : 1) + (v - sy * S < S / 2 ? 0 : 2);
  return getSec(sx, sy).qD[q];
}
