import * as sharedNoiseModule from '../../procedural/noise.ts';
import * as classesModule from './classes.ts';
import * as coarseFieldsModule from './coarse-fields.ts';
import * as commercialModule from './commercial.ts';
import * as residentialModule from './residential.ts';
import * as ruralModule from './rural.ts';
import * as sceneModule from './scene.ts';
import * as scratchModule from './scratch.ts';
import * as sectionsModule from './sections.ts';
import * as surveyStateModule from './survey-state.ts';
import * as waterModule from './water.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { sub } = sharedNoiseModule;
const { C_ART, C_ART_SIDE, C_BUFFER, C_GRADED, C_LAKE, C_PARK, C_RIVER, C_RURAL_ROAD, C_SHORE, C_SPORT, C_WALL } =
  classesModule;
const { F_LAKE, F_LAKEG, F_PATCH, F_RIV, F_RIVG, locate, near, samp } = coarseFieldsModule;
const { commercial } = commercialModule;
const { residential } = residentialModule;
const { rural } = ruralModule;
const { H, INSET, LQ, Q_PARK, Q_RES, S } = sceneModule;
const { ARG, P } = scratchModule;
const { getSec } = sectionsModule;
const { active } = surveyStateModule;
const { LAKE_T } = waterModule;

/** Road half-widths on section lines. */
function arterialHalf(lineIdx: number): number {
  return (lineIdx & 1) === 0 ? 14 : 8.5;
}

/** Classify world point (u east, v south, metres). Sets the f* outputs. */
export function classify(u: number, v: number): number {
  ARG[0] = u;
  ARG[1] = v;
  return classify_();
}

function classify_(): number {
  const u = ARG[0];
  const v = ARG[1];
  P.fSh = -1;
  const sx = Math.floor(u / S);
  const sy = Math.floor(v / S);
  const lu = u - sx * S;
  const lv = v - sy * S;
  const sec = getSec(sx, sy);

  // --- water fields
  let lakeDist = -1e9; // > 0 inside lake (metres)
  let rivDist = 1e9; // < 0 in river
  if (near.lake || near.river) {
    locate(u, v);
    if (near.lake) lakeDist = (samp(F_LAKE) - LAKE_T) / samp(F_LAKEG);
    if (near.river) rivDist = Math.abs(samp(F_RIV)) / samp(F_RIVG) - (16 + 14 * samp(F_PATCH));
  }

  // --- roads on section lines
  const duL = lu < H ? lu : S - lu;
  const dvL = lv < H ? lv : S - lv;
  if (duL < 20 || dvL < 20) {
    const lineU = lu < H ? sx : sx + 1; // vertical line index
    const lineV = lv < H ? sy : sy + 1;
    let town = sec.town;
    if (!town) {
      const nb = duL < dvL ? getSec(lu < H ? sx - 1 : sx + 1, sy) : getSec(sx, lv < H ? sy - 1 : sy + 1);
      town = nb.town;
    }
    if (lakeDist <= 0) {
      if (town) {
        const hu = arterialHalf(lineU);
        const hv = arterialHalf(lineV);
        if (duL < hu || dvL < hv) {
          const onU = duL < hu; // on the north-south road
          const onV = dvL < hv;
          P.fA = onU ? (lu < H ? lu : lu - S) : lv < H ? lv : lv - S; // signed offset from centre line
          P.fB = onU ? v : u; // along the road
          P.fW = onU ? hu : hv;
          P.fX = onU && onV ? 2 : onU ? 0 : 1;
          P.fH = onU ? lineU : lineV;
          return C_ART;
        }
        if ((duL < hu + 4 && duL >= hu) || (dvL < hv + 4 && dvL >= hv)) {
          P.fA = duL < hu + 4 ? duL - hu : dvL - hv;
          if (rivDist > 0) return C_ART_SIDE;
        }
      } else if (((lineU & 1) === 0 && duL < 3.6) || ((lineV & 1) === 0 && dvL < 3.6)) {
        P.fA = duL < 3.6 ? duL : dvL;
        P.fH = duL < 3.6 ? lineU : lineV;
        return C_RURAL_ROAD;
      }
    }
  }

  // --- water
  if (lakeDist > 0) {
    P.fDist = lakeDist;
    return C_LAKE;
  }
  if (rivDist < 0) {
    P.fDist = -rivDist;
    return C_RIVER;
  }
  if (lakeDist > -22 || rivDist < 22) {
    P.fDist = Math.min(-lakeDist, rivDist);
    return C_SHORE;
  }

  // --- quarter
  const qx = lu < H ? 0 : 1;
  const qy = lv < H ? 0 : 1;
  const q = qx + 2 * qy;
  const qu = lu - qx * H;
  const qv = lv - qy * H;
  const D = sec.qD[q];
  const stage = active.year - D;
  if (stage < -1.2) return rural(sec, lu, lv, u, v);
  // graded land and parks hold no buildings: only neighbours within shadow reach of the edge matter
  const edgeD = Math.min(qu, qv, H - qu, H - qv);
  if (stage < -0.5) {
    P.fH = sec.qHash[q];
    if (edgeD > active.shadowReach + 1) P.fSh = 0;
    return C_GRADED;
  }
  const type = sec.qType[q];
  if (type !== Q_PARK) {
    // inset coordinates: the quarter's section-line sides keep a landscaped buffer
    const xu = qu - (qx === 0 ? INSET : 0);
    const xv = qv - (qy === 0 ? INSET : 0);
    if (xu < 0 || xv < 0 || xu >= LQ || xv >= LQ) {
      const e = Math.min(-xu, -xv, xu - LQ, xv - LQ);
      P.fAge = stage;
      P.fH = sec.qHash[q];
      return e < 0.35 && stage > 1 ? C_WALL : C_BUFFER;
    }
    if (type === Q_RES) return residential(sec, q, xu, xv, D);
    return commercial(sec, q, xu, xv);
  }
  // park
  P.fH = sec.qHash[q];
  if (edgeD > active.shadowReach + 1) P.fSh = 0;
  const cu = qu - H / 2;
  const cv = qv - H / 2;
  if (Math.abs(cu) < 55 && Math.abs(cv) < 36 && sub(P.fH, 9) < 0.7) {
    P.fA = cu;
    P.fB = cv;
    return C_SPORT;
  }
  P.fAge = stage;
  return C_PARK;
}
