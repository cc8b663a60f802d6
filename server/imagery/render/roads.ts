/** Road surfaces: rural gravel and asphalt, residential streets, arterials with markings and traffic. */
import * as sharedNoiseModule from '../../procedural/noise.ts';
import * as carsModule from './cars.ts';
import * as classesModule from './classes.ts';
import * as levelOfDetailModule from './level-of-detail.ts';
import * as paintModule from './paint.ts';
import * as sceneModule from './scene.ts';
import * as scratchModule from './scratch.ts';
import * as seasonalModule from './seasonal.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { hashI, sub } = sharedNoiseModule;
const { car } = carsModule;
const { C_ART, C_RURAL_ROAD, C_STREET } = classesModule;
const { lod } = levelOfDetailModule;
const { detail, mix, mulc, set } = paintModule;
const { STREET_W } = sceneModule;
const { ARG, P } = scratchModule;
const { applySnow, grass } = seasonalModule;

export function road(cls: number, u: number, v: number): void {
  ARG[0] = u;
  ARG[1] = v;
  road_(cls);
}

function road_(cls: number): void {
  const u = ARG[0];
  const v = ARG[1];
  if (cls === C_RURAL_ROAD) {
    const gravel = sub(hashI(P.fH, 3, 3), 1) < 0.4;
    if (gravel) set(176, 164, 140);
    else set(98, 98, 98);
    mulc(1 + detail(u, v, 56) * 0.14);
    if (P.fA > 3) mix(150, 140, 110, 0.5);
    applySnow(gravel ? 0.6 : 0.15, u, v);
    return;
  }
  const fresh = P.fX === 1 && cls === C_STREET;
  if (fresh) set(62, 64, 67);
  else set(cls === C_ART ? 86 : 100, cls === C_ART ? 88 : 100, cls === C_ART ? 90 : 99);
  const d = detail(u, v, 57);
  mulc(1 + d * 0.12);
  const a = Math.abs(P.fA);
  if (cls === C_STREET) {
    if (a > STREET_W / 2 - 0.45) set(176, 174, 168); // gutter / curb
    return;
  }
  // arterial markings (not inside intersections)
  if (P.fX === 2) return;
  const mile = P.fW > 10;
  if (mile && a < 2) {
    // raised median
    if (a < 1.7) {
      grass(u, v, 0.4, 0.5);
      applySnow(1, u, v);
    } else set(178, 176, 170);
    return;
  }
  if (lod.w02 <= 0 && lod.w05 <= 0) return;
  const lw = 0.12;
  const wgt = Math.max(lod.w02, lod.w05 * 0.6);
  if (!mile && Math.abs(a - 0.2) < lw) {
    mix(212, 176, 60, wgt);
    return;
  }
  const base = mile ? 2 : 0;
  const rel = a - base;
  const lane = Math.round(rel / 3.6);
  const off = Math.abs(rel - lane * 3.6);
  const edgeLine = Math.abs(a - (P.fW - 0.6)) < lw;
  const along = ((P.fB % 12) + 12) % 12;
  if (edgeLine || (off < lw && lane >= 1 && a < P.fW - 1.5 && along < 3)) {
    mix(226, 226, 222, wgt);
    return;
  }
  // vehicles
  if (lod.w05 > 0) {
    const laneIdx = Math.floor(rel / 3.6);
    if (laneIdx >= 0 && a < P.fW - 1.2) {
      const segI = Math.floor(P.fB / 14);
      const side = P.fA < 0 ? 1 : 0;
      const ch = hashI(P.fH * 4 + side * 2, laneIdx, segI);
      if (sub(ch, 1) < 0.12) {
        const cu = rel - (laneIdx + 0.5) * 3.6;
        const cv = P.fB - segI * 14 - 7;
        if (Math.abs(cu) < 0.92 && Math.abs(cv) < 2.25) {
          P.fA = cu;
          P.fB = cv;
          P.fH = ch;
          car(u, v);
        }
      }
    }
  }
}
