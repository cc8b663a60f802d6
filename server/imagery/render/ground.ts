/** Base colour of each ground class, before building shadows, trees and clouds. */
import * as sharedNoiseModule from '../../procedural/noise.ts';
import * as buildingsModule from './buildings.ts';
import * as carsModule from './cars.ts';
import * as classesModule from './classes.ts';
import * as coarseFieldsModule from './coarse-fields.ts';
import * as cropsModule from './crops.ts';
import * as levelOfDetailModule from './level-of-detail.ts';
import * as mathModule from './math.ts';
import * as noiseModule from './field-noise.ts';
import * as paintModule from './paint.ts';
import * as roadsModule from './roads.ts';
import * as scratchModule from './scratch.ts';
import * as seasonalModule from './seasonal.ts';
import * as surveyStateModule from './survey-state.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { sub } = sharedNoiseModule;
const { comRoof, roof } = buildingsModule;
const { car } = carsModule;
const {
  C_ART,
  C_ART_SIDE,
  C_BARN,
  C_BUFFER,
  C_CAR,
  C_COM_ROOF,
  C_DESERT,
  C_DIRT,
  C_DRIVE,
  C_FARMYARD,
  C_FENCE,
  C_FIELD,
  C_FIELD_EDGE,
  C_FRAME,
  C_GRADED,
  C_HOUSE,
  C_LAKE,
  C_LANDSCAPE,
  C_LAWN_B,
  C_LAWN_F,
  C_PARK,
  C_PARKING,
  C_PARKWAY,
  C_PATIO,
  C_POOL,
  C_RIVER,
  C_RURAL_ROAD,
  C_SHORE,
  C_SIDEWALK,
  C_SLAB,
  C_SPORT,
  C_STREET,
  C_WALL,
  C_WOOD,
} = classesModule;
const { F_PATCH, locate, samp } = coarseFieldsModule;
const { field } = cropsModule;
const { lod } = levelOfDetailModule;
const { clamp01 } = mathModule;
const { vnoise } = noiseModule;
const { detail, mix, mulc, set } = paintModule;
const { road } = roadsModule;
const { ARG, P } = scratchModule;
const { applySnow, grass } = seasonalModule;
const { active } = surveyStateModule;

export function ground(cls: number, u: number, v: number): void {
  ARG[0] = u;
  ARG[1] = v;
  ground_(cls);
}

function ground_(cls: number): void {
  const u = ARG[0];
  const v = ARG[1];
  switch (cls) {
    case C_LAKE:
    case C_RIVER: {
      const depth = clamp01(P.fDist / (cls === C_LAKE ? 60 : 12));
      set(78, 96, 88);
      mix(cls === C_LAKE ? 30 : 52, cls === C_LAKE ? 56 : 70, cls === C_LAKE ? 70 : 72, depth);
      const ripple = detail(u * 1.7, v * 0.6, 61);
      mulc(1 + ripple * 0.12);
      if (active.snow > 0.75 && active.month <= 2) mix(200, 208, 214, 0.5 * (1 - depth));
      return;
    }
    case C_SHORE: {
      locate(u, v);
      grass(u, v, 0.8, samp(F_PATCH));
      if (P.fDist < 4) mix(170, 160, 130, 0.5 * (1 - P.fDist / 4));
      applySnow(0.8, u, v);
      return;
    }
    case C_ART:
    case C_STREET:
    case C_RURAL_ROAD:
      road(cls, u, v);
      return;
    case C_ART_SIDE: {
      if (P.fA > 1 && P.fA < 2.8) {
        set(188, 186, 178);
      } else {
        locate(u, v);
        grass(u, v, 0.5, samp(F_PATCH));
        applySnow(0.9, u, v);
      }
      mulc(1 + detail(u, v, 43) * 0.1);
      return;
    }
    case C_SIDEWALK: {
      set(192, 190, 182);
      mulc(1 + detail(u, v, 44) * 0.1);
      if (lod.w05 > 0 && ((P.fB + 100) % 1.5 < 0.05 || (P.fA + 100) % 1.5 < 0.05)) mulc(1 - 0.1 * lod.w05);
      applySnow(0.4, u, v);
      return;
    }
    case C_PARKWAY:
    case C_LAWN_F:
    case C_LAWN_B: {
      locate(u, v);
      const p = samp(F_PATCH);
      const xeri = active.aridity > 0.3 && sub(P.fH, 12) < active.aridity * 0.85;
      if (xeri && cls !== C_PARKWAY) {
        set(170, 146, 114);
        const gravel = detail(u * 1.3, v * 1.3, 45);
        mulc(1 + gravel * 0.25);
      } else {
        grass(u, v, 0.6 + 0.3 * sub(P.fH, 13), p);
        // mowing stripes
        if (lod.w1 > 0 && cls !== C_PARKWAY) {
          const along = P.fNU !== 0 ? u : v;
          mulc(1 + (Math.floor(along / 0.9) & 1 ? 0.035 : -0.035) * lod.w1);
        }
        if (P.fAge < 1) mix(150, 134, 100, clamp01(1 - P.fAge));
      }
      applySnow(1, u, v);
      return;
    }
    case C_DRIVE:
    case C_PATIO: {
      set(cls === C_DRIVE ? 200 : 178, cls === C_DRIVE ? 198 : 170, cls === C_DRIVE ? 192 : 158);
      mulc(1 + detail(u, v, 46) * 0.12);
      applySnow(0.3, u, v);
      return;
    }
    case C_FENCE:
      set(120, 104, 86);
      return;
    case C_POOL: {
      const rim = Math.min(2.4 - P.fA, P.fB, 4.6 - P.fB);
      if (rim < 0.35) set(222, 220, 212);
      else {
        set(72, 176, 196);
        mix(40, 128, 170, clamp01(P.fB / 4.6) * 0.6);
        mulc(1 + detail(u * 2, v * 2, 47) * 0.12);
      }
      return;
    }
    case C_HOUSE:
      roof(u, v);
      return;
    case C_DIRT:
    case C_GRADED: {
      set(182, 158, 124);
      const d = detail(u, v, 48);
      mulc(1 + d * 0.22);
      if (cls === C_GRADED && lod.w3 > 0) {
        // scraper tracks
        const tr = vnoise(u * 0.02, v * 0.9, 49);
        mulc(1 + (tr - 0.5) * 0.12 * lod.w3);
      }
      applySnow(1, u, v);
      return;
    }
    case C_SLAB:
      set(196, 194, 188);
      mulc(1 + detail(u, v, 50) * 0.08);
      return;
    case C_FRAME: {
      set(200, 172, 128);
      if (lod.w05 > 0 && ((P.fA + 100) % 0.6 < 0.08 || (P.fB + 100) % 3 < 0.12)) mulc(1 - 0.25 * lod.w05);
      return;
    }
    case C_PARKING: {
      set(92, 94, 97);
      mulc(1 + detail(u, v, 51) * 0.14);
      if (P.fA === -1) mix(222, 222, 216, lod.w05 > 0 ? 1 : 0.3);
      return;
    }
    case C_CAR: {
      car(u, v);
      return;
    }
    case C_COM_ROOF:
      comRoof(u, v);
      return;
    case C_WALL:
      set(198, 186, 162);
      return;
    case C_BUFFER:
    case C_LANDSCAPE:
    case C_PARK: {
      locate(u, v);
      grass(u, v, 0.85, samp(F_PATCH));
      applySnow(1, u, v);
      return;
    }
    case C_SPORT: {
      grass(u, v, 1, 0.6);
      const stripe = Math.floor((P.fA + 60) / 6) & 1;
      mulc(stripe ? 1.05 : 0.96);
      const lineD = Math.min(Math.abs(Math.abs(P.fA) - 52), Math.abs(Math.abs(P.fB) - 33), Math.abs(P.fA));
      if (lineD < 0.12 && Math.abs(P.fA) < 52.1 && Math.abs(P.fB) < 33.1) mix(236, 236, 230, lod.w02 > 0 ? 1 : 0.5);
      applySnow(1, u, v);
      return;
    }
    case C_FIELD:
      field(u, v);
      return;
    case C_FIELD_EDGE: {
      locate(u, v);
      grass(u, v, 0.2, samp(F_PATCH));
      mulc(0.9);
      applySnow(1, u, v);
      return;
    }
    case C_WOOD: {
      set(56, 72, 44);
      mix(112, 104, 94, 1 - active.leafOn);
      mulc(1 + detail(u, v, 52) * 0.3);
      applySnow(0.45 * (1 - active.leafOn), u, v);
      return;
    }
    case C_DESERT: {
      locate(u, v);
      const p = samp(F_PATCH);
      set(196 - 14 * p, 176 - 12 * p, 142 - 10 * p);
      mulc(1 + detail(u, v, 53) * 0.2);
      applySnow(0.7, u, v);
      return;
    }
    case C_FARMYARD: {
      set(168, 152, 122);
      mulc(1 + detail(u, v, 54) * 0.2);
      applySnow(1, u, v);
      return;
    }
    case C_BARN: {
      const red = sub(P.fH, 20) < 0.35 && P.fX === 1;
      set(red ? 150 : 176, red ? 62 : 178, red ? 52 : 180);
      // gable roof along the long side
      const across = P.fW > P.fD ? P.fB : P.fA;
      const half = Math.min(P.fW, P.fD) / 2;
      const n = across < half ? -1 : 1;
      const nu = P.fW > P.fD ? 0 : n;
      const nv = P.fW > P.fD ? n : 0;
      mulc(1 + 0.18 * (nu * active.sunU + nv * active.sunV));
      if (lod.w05 > 0 && (P.fW > P.fD ? P.fA : P.fB) % 0.9 < 0.1) mulc(1 - 0.06 * lod.w05);
      applySnow(0.9, u, v);
      return;
    }
    default:
      set(128, 128, 128);
  }
}
