/** Per-survey rendering parameters (season, sun, clouds, grade) derived once per survey object. */
import { extentCentre } from '../../../core/geo/geometry.ts';
import type { Survey } from '../../catalog/survey.ts';
import * as sharedNoiseModule from '../../procedural/noise.ts';
import * as cloudsModule from './clouds.ts';
import * as mathModule from './math.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { hashF } = sharedNoiseModule;
const { cloudThreshold } = cloudsModule;
const { clamp01 } = mathModule;

export interface SurveyCtx {
  seed: number;
  /** Fractional capture year. */
  Y: number;
  month: number;
  vigor: number;
  leafOn: number;
  snow: number;
  aridity: number;
  /** shadow offset per metre of height (world u east, v south) */
  shU: number;
  shV: number;
  /** unit horizontal vector towards the sun */
  sunU: number;
  sunV: number;
  cloudT: number;
  cloudOffU: number;
  cloudOffV: number;
  bright: number;
  mulR: number;
  mulB: number;
  sat: number;
  haze: number;
}

const ctxCache = new WeakMap<Survey, SurveyCtx>();

// vegetation vigour by month (northern hemisphere, temperate)
const VIGOR = [0.08, 0.12, 0.3, 0.55, 0.8, 1, 1, 0.9, 0.75, 0.5, 0.25, 0.1];

export function surveyCtx(s: Survey): SurveyCtx {
  let c = ctxCache.get(s);
  if (c) return c;
  const t = Date.parse(s.captureStart);
  const d = new Date(Number.isFinite(t) ? t : 0);
  const year = d.getUTCFullYear();
  const doy = Math.floor((d.getTime() - Date.UTC(year, 0, 1)) / 86400000);
  const month = d.getUTCMonth() + 1;
  const [lon, lat] = extentCentre(s.bbox);
  const seed = s.seed | 0;
  // Southern latitudes stay greener in winter.
  const south = clamp01((36 - lat) / 8);
  let vigor = VIGOR[month - 1];
  vigor = vigor + (1 - vigor) * south * 0.6;
  const leafOn = clamp01((vigor - 0.25) / 0.45);
  // Desert south-west (Las Vegas, Phoenix; a little for Sacramento and Salt Lake City).
  const aridity = clamp01((-lon - 108) / 5) * clamp01((41.5 - lat) / 5);
  const snowy = lat > 38.5 && (month === 12 || month <= 2) && hashF(seed, 5, 5) < 0.55;
  const snow = snowy ? 0.55 + 0.35 * hashF(seed, 6, 6) : 0;
  // Sun position from capture start time.
  const rad = Math.PI / 180;
  const decl = 23.44 * Math.sin((2 * Math.PI * (284 + doy)) / 365) * rad;
  const utcH = d.getUTCHours() + d.getUTCMinutes() / 60;
  let solar = utcH + lon / 15;
  solar = ((solar % 24) + 24) % 24;
  const ha = (solar - 12) * 15 * rad;
  const phi = lat * rad;
  const sinEl = Math.sin(phi) * Math.sin(decl) + Math.cos(phi) * Math.cos(decl) * Math.cos(ha);
  let el = Math.asin(Math.max(-1, Math.min(1, sinEl)));
  const cosAz = (Math.sin(decl) - Math.sin(el) * Math.sin(phi)) / (Math.cos(el) * Math.cos(phi) + 1e-9);
  let az = Math.acos(Math.max(-1, Math.min(1, cosAz)));
  if (ha > 0) az = 2 * Math.PI - az;
  el = Math.max(22 * rad, Math.min(72 * rad, el));
  const sunU = Math.sin(az);
  const sunV = -Math.cos(az);
  const len = 1 / Math.tan(el);
  const cc = Math.max(0, Math.min(100, s.cloudCover || 0));
  const cloudT = cc <= 0 ? Infinity : cloudThreshold(s, seed, cc / 100);
  const h1 = hashF(seed, 11, 1);
  const h2 = hashF(seed, 12, 2);
  const h3 = hashF(seed, 13, 3);
  c = {
    seed,
    Y: year + doy / 365,
    month,
    vigor,
    leafOn,
    snow,
    aridity,
    shU: -sunU * len,
    shV: -sunV * len,
    sunU,
    sunV,
    cloudT,
    cloudOffU: -sunU * len * 1400,
    cloudOffV: -sunV * len * 1400,
    bright: 0.95 + 0.1 * h1,
    mulR: 1 + (h2 - 0.5) * 0.06,
    mulB: 1 - (h2 - 0.5) * 0.06,
    sat: 0.86 + 0.14 * h3,
    haze: 0.04 + 0.07 * hashF(seed, 14, 4),
  };
  ctxCache.set(s, c);
  return c;
}
