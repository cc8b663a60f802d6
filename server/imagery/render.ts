/**
 * Procedural aerial imagery for the reference tile service.
 *
 * The picture is a pure function of world position (Web Mercator metres scaled to approximate
 * ground metres over the US) plus a few per-survey parameters (capture date → season and
 * development stage, time of day → sun/shadows, cloud cover, colour grading). So the same ground
 * point looks the same at every zoom level, neighbouring tiles join seamlessly, and different
 * surveys of the same place differ plausibly (new subdivisions appear, seasons change, clouds move).
 *
 * Scene model, all axis-aligned like the US land survey grid:
 *  - half-mile "sections" (804.67 m) bounded by arterial roads in town and country roads outside;
 *  - each section has four "quarters" that are residential subdivisions, commercial lots with
 *    parking, parks, or farmland (crop fields with rows, centre-pivot circles), desert in arid areas;
 *  - a quarter's development year comes from a low-frequency "urbanness" field: the city edge grows
 *    over the years (graded dirt → slabs → framing → finished houses → lawns and growing trees);
 *  - lakes and meandering rivers from smooth noise fields, riparian trees along their banks;
 *  - trees as jittered discs with shading and shadows, buildings with facet-shaded hip and gable
 *    roofs and cast shadows; soft cumulus clouds and their shadows matching the cloud cover.
 *
 * Performance: low-frequency fields are evaluated on a coarse per-tile grid (~30 m nodes, the
 * same lattice at every zoom) and interpolated; the footprint is rasterised per row (even-odd
 * scanline fill) and only covered pixels are shaded. A tile is drawn in three passes: ground +
 * building shadows (mostly resolved analytically inside the pixel's own lot), tree canopies and
 * shadows splatted per tree, then trees/clouds composited and graded. Hot state lives in module
 * scratch objects/typed arrays (no per-pixel allocation), so rendering is synchronous and not
 * re-entrant. Geometry and per-survey parameters are cached in WeakMaps keyed by the footprint /
 * survey objects (replace, don't mutate, a survey's footprint).
 */
import { DEMO_METROS } from '../catalog/demo';
import type { Footprint, Survey } from '../catalog/survey';

export const TILE_SIZE = 256;
const T = TILE_SIZE;

/** Web Mercator world circumference in metres. */
const EARTH_C = 40075016.68557849;
/** Mercator metres → approximate ground metres over the continental US (cos ≈ 38.7°). */
const K_GROUND = 0.78;
const WORLD = EARTH_C * K_GROUND;

// =============================================================================================
// Hashing and noise

function hashI(x: number, y: number, s: number): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ Math.imul(s | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function hashF(x: number, y: number, s: number): number {
  return hashI(x, y, s) / 4294967296;
}

/** Derive the k-th independent float in [0,1) from a uint32 hash (full murmur3 finaliser). */
function sub(h: number, k: number): number {
  let x = (h + Math.imul(k + 1, 0x9e3779b9)) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
}

/** 256×256 lattice of random values for value noise (periodic; the seed shifts the lattice). */
const NT = new Float32Array(256 * 256);
for (let k = 0; k < 256 * 256; k++) NT[k] = hashF(k & 255, k >> 8, 4242);

/** Value noise in [0,1) with smoothstep interpolation. */
function vnoise(x: number, y: number, s: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const xf = x - xi;
  const yf = y - yi;
  const u = xf * xf * (3 - 2 * xf);
  const v = yf * yf * (3 - 2 * yf);
  const ox = (xi + s * 71) & 255;
  const oy = ((yi + s * 113) & 255) << 8;
  const ox1 = (ox + 1) & 255;
  const oy1 = (oy + 256) & 0xff00;
  const a = NT[oy + ox];
  const b = NT[oy + ox1];
  const c = NT[oy1 + ox];
  const d = NT[oy1 + ox1];
  return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
}

/** Fractal value noise, roughly in [0,1], mean 0.5. */
function fbm(x: number, y: number, oct: number, s: number): number {
  let sum = 0;
  let amp = 1;
  let norm = 0;
  let f = 1;
  for (let o = 0; o < oct; o++) {
    // offset each octave to break lattice alignment
    sum += amp * vnoise(x * f + o * 17.31, y * f - o * 11.77, s + o * 101);
    norm += amp;
    amp *= 0.5;
    f *= 2.03;
  }
  return sum / norm;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

function smooth(e0: number, e1: number, x: number): number {
  const t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
}

/** Sorted samples of fbm (4 and 5 octaves) to turn coverage fractions into thresholds. */
const Q4 = quantileTable(4);
const Q5 = quantileTable(5);

function quantileTable(oct: number): Float64Array {
  const n = 8192;
  const a = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    a[i] = fbm(hashF(i, 1, 77) * 5000 - 2500, hashF(i, 2, 77) * 5000 - 2500, oct, 999);
  }
  a.sort();
  return a;
}

function quantile(tab: Float64Array, p: number): number {
  const k = Math.min(tab.length - 1, Math.max(0, Math.round(p * (tab.length - 1))));
  return tab[k];
}

function cdf(tab: Float64Array, x: number): number {
  let lo = 0;
  let hi = tab.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tab[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo / tab.length;
}

// =============================================================================================
// Footprint geometry (normalised Web Mercator, x,y in [0,1], y down)

interface Geom {
  rings: Float64Array[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  edgeCount: number;
}

const geomCache = new WeakMap<Footprint, Geom>();

function mercY(lat: number): number {
  const r = (Math.max(-85.0511287798, Math.min(85.0511287798, lat)) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(Math.PI / 4 + r / 2)) / Math.PI) / 2;
}

function geomOf(fp: Footprint): Geom {
  let g = geomCache.get(fp);
  if (g) return g;
  const polys = fp.type === 'Polygon' ? [fp.coordinates] : fp.coordinates;
  const rings: Float64Array[] = [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let edgeCount = 0;
  for (const poly of polys) {
    for (const ring of poly) {
      if (ring.length < 2) continue;
      const closed =
        ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1];
      const n = closed ? ring.length : ring.length + 1;
      const a = new Float64Array(n * 2);
      for (let k = 0; k < n; k++) {
        const p = ring[k % ring.length];
        const x = (p[0] + 180) / 360;
        const y = mercY(p[1]);
        a[2 * k] = x;
        a[2 * k + 1] = y;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      edgeCount += n - 1;
      rings.push(a);
    }
  }
  g = { rings, minX, minY, maxX, maxY, edgeCount };
  geomCache.set(fp, g);
  return g;
}

const EPS_PX = 1e-5;

/** Even-odd point-in-footprint test in tile pixel coordinates. */
function insideTilePx(g: Geom, n: number, x: number, y: number, px: number, py: number): boolean {
  let inside = false;
  const sx = n * T;
  for (const r of g.rings) {
    const m = r.length / 2;
    let x0 = r[0] * sx - x * T;
    let y0 = r[1] * sx - y * T;
    for (let k = 1; k < m; k++) {
      const x1 = r[2 * k] * sx - x * T;
      const y1 = r[2 * k + 1] * sx - y * T;
      if (y0 <= py !== y1 <= py) {
        const xc = x0 + ((py - y0) * (x1 - x0)) / (y1 - y0);
        if (xc > px) inside = !inside;
      }
      x0 = x1;
      y0 = y1;
    }
  }
  return inside;
}

/** Does the segment cross the open square (lo, hi)²? (Liang–Barsky) */
function segmentHitsSquare(x0: number, y0: number, x1: number, y1: number, lo: number, hi: number): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = x1 - x0;
  const dy = y1 - y0;
  const p = [-dx, dx, -dy, dy];
  const q = [x0 - lo, hi - x0, y0 - lo, hi - y0];
  for (let i = 0; i < 4; i++) {
    if (p[i] === 0) {
      if (q[i] <= 0) return false;
    } else {
      const t = q[i] / p[i];
      if (p[i] < 0) {
        if (t > t0) t0 = t;
      } else if (t < t1) t1 = t;
      if (t0 >= t1) return false;
    }
  }
  return t1 - t0 > 1e-12;
}

/** Does any footprint edge cross the (slightly shrunk) interior of the tile? */
function boundaryCrossesTile(g: Geom, z: number, x: number, y: number): boolean {
  const sx = 2 ** z * T;
  const lo = EPS_PX;
  const hi = T - EPS_PX;
  for (const r of g.rings) {
    const m = r.length / 2;
    let x0 = r[0] * sx - x * T;
    let y0 = r[1] * sx - y * T;
    for (let k = 1; k < m; k++) {
      const x1 = r[2 * k] * sx - x * T;
      const y1 = r[2 * k + 1] * sx - y * T;
      if (segmentHitsSquare(x0, y0, x1, y1, lo, hi)) return true;
      x0 = x1;
      y0 = y1;
    }
  }
  return false;
}

function intersectsGeom(g: Geom, z: number, x: number, y: number): boolean {
  const n = 2 ** z;
  const tx0 = x / n;
  const ty0 = y / n;
  const tx1 = (x + 1) / n;
  const ty1 = (y + 1) / n;
  if (g.maxX <= tx0 || g.minX >= tx1 || g.maxY <= ty0 || g.minY >= ty1) return false;
  if (boundaryCrossesTile(g, z, x, y)) return true;
  // No boundary inside the tile: it is entirely inside or entirely outside.
  return insideTilePx(g, n, x, y, T / 2, T / 2);
}

/** Cheap bbox rejection, then an exact polygon / tile-square test (touching edges do not count). */
export function tileIntersectsFootprint(survey: Survey, z: number, x: number, y: number): boolean {
  const [w, s, e, nn] = survey.bbox;
  const n = 2 ** z;
  const lonW = (x / n) * 360 - 180;
  const lonE = ((x + 1) / n) * 360 - 180;
  const latN = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;
  const latS = (Math.atan(Math.sinh(Math.PI * (1 - (2 * (y + 1)) / n))) * 180) / Math.PI;
  const tol = 1e-9;
  if (e < lonW - tol || w > lonE + tol || nn < latS - tol || s > latN + tol) return false;
  return intersectsGeom(geomOf(survey.footprint), z, x, y);
}

/** Sutherland–Hodgman clip of a closed ring (tile px coords) to [0,T]², returning its |area|. */
function clippedRingArea(pts: Float64Array): number {
  let poly: number[] = Array.from(pts.subarray(0, pts.length - 2));
  const clipEdge = (inside: (x: number, y: number) => boolean, cut: (ax: number, ay: number, bx: number, by: number) => [number, number]) => {
    const out: number[] = [];
    const m = poly.length / 2;
    for (let k = 0; k < m; k++) {
      const ax = poly[2 * k];
      const ay = poly[2 * k + 1];
      const bx = poly[2 * ((k + 1) % m)];
      const by = poly[2 * ((k + 1) % m) + 1];
      const ain = inside(ax, ay);
      const bin = inside(bx, by);
      if (ain) out.push(ax, ay);
      if (ain !== bin) out.push(...cut(ax, ay, bx, by));
    }
    poly = out;
  };
  const atX = (xv: number) => (ax: number, ay: number, bx: number, by: number): [number, number] => [xv, ay + ((xv - ax) * (by - ay)) / (bx - ax)];
  const atY = (yv: number) => (ax: number, ay: number, bx: number, by: number): [number, number] => [ax + ((yv - ay) * (bx - ax)) / (by - ay), yv];
  clipEdge((px) => px >= 0, atX(0));
  if (poly.length) clipEdge((px) => px <= T, atX(T));
  if (poly.length) clipEdge((_, py) => py >= 0, atY(0));
  if (poly.length) clipEdge((_, py) => py <= T, atY(T));
  const m = poly.length / 2;
  let a = 0;
  for (let k = 0; k < m; k++) {
    const j = (k + 1) % m;
    a += poly[2 * k] * poly[2 * j + 1] - poly[2 * j] * poly[2 * k + 1];
  }
  return Math.abs(a) / 2;
}

/**
 * Share (0..1) of the tile's area covered by the footprint, measured in Web Mercator (the tile's
 * own projection). Outer rings add, holes subtract.
 */
export function tileCoverageFraction(survey: Survey, z: number, x: number, y: number): number {
  if (!tileIntersectsFootprint(survey, z, x, y)) return 0;
  if (!boundaryCrossesTile(geomOf(survey.footprint), z, x, y)) return 1; // intersecting, no edge inside
  const fp = survey.footprint;
  const polys = fp.type === 'Polygon' ? [fp.coordinates] : fp.coordinates;
  const n = 2 ** z;
  let area = 0;
  for (const poly of polys) {
    poly.forEach((ring, idx) => {
      const pts = new Float64Array(ring.length * 2);
      ring.forEach((p, k) => {
        pts[2 * k] = ((p[0] + 180) / 360) * n * T - x * T;
        pts[2 * k + 1] = mercY(p[1]) * n * T - y * T;
      });
      const a = clippedRingArea(pts);
      area += idx === 0 ? a : -a;
    });
  }
  const f = area / (T * T);
  return f < 1e-9 ? 0 : f > 1 - 1e-9 ? 1 : f;
}

// Scanline mask: spans of covered pixel columns per row.
let edgeBuf = new Float64Array(4 * 256);
let xsBuf = new Float64Array(256);
/** For each row: list of [start, end) column pairs, flattened; rowSpanStart[j]..rowSpanStart[j+1]. */
let spanBuf = new Int32Array(4096);
const rowSpanStart = new Int32Array(T + 1);

function rasterize(g: Geom, z: number, x: number, y: number): number {
  const n = 2 ** z;
  const sx = n * T;
  if (edgeBuf.length < g.edgeCount * 4) edgeBuf = new Float64Array(g.edgeCount * 4);
  if (xsBuf.length < g.edgeCount) xsBuf = new Float64Array(g.edgeCount);
  let ne = 0;
  for (const r of g.rings) {
    const m = r.length / 2;
    let x0 = r[0] * sx - x * T;
    let y0 = r[1] * sx - y * T;
    for (let k = 1; k < m; k++) {
      const x1 = r[2 * k] * sx - x * T;
      const y1 = r[2 * k + 1] * sx - y * T;
      if (y0 !== y1 && !((y0 < 0 && y1 < 0) || (y0 > T && y1 > T))) {
        edgeBuf[ne * 4] = x0;
        edgeBuf[ne * 4 + 1] = y0;
        edgeBuf[ne * 4 + 2] = x1;
        edgeBuf[ne * 4 + 3] = y1;
        ne++;
      }
      x0 = x1;
      y0 = y1;
    }
  }
  let ns = 0;
  let covered = 0;
  for (let j = 0; j < T; j++) {
    rowSpanStart[j] = ns;
    const yc = j + 0.5;
    let nx = 0;
    for (let e = 0; e < ne; e++) {
      const y0 = edgeBuf[e * 4 + 1];
      const y1 = edgeBuf[e * 4 + 3];
      if (y0 <= yc !== y1 <= yc) {
        const x0 = edgeBuf[e * 4];
        const x1 = edgeBuf[e * 4 + 2];
        const xc = x0 + ((yc - y0) * (x1 - x0)) / (y1 - y0);
        // insertion sort
        let k = nx++;
        while (k > 0 && xsBuf[k - 1] > xc) {
          xsBuf[k] = xsBuf[k - 1];
          k--;
        }
        xsBuf[k] = xc;
      }
    }
    for (let k = 0; k + 1 < nx; k += 2) {
      // pixel i covered iff its centre i+0.5 lies in [xa, xb)
      let i0 = Math.ceil(xsBuf[k] - 0.5);
      let i1 = Math.ceil(xsBuf[k + 1] - 0.5);
      if (i0 < 0) i0 = 0;
      if (i1 > T) i1 = T;
      if (i1 > i0) {
        if (ns + 2 > spanBuf.length) {
          const nb = new Int32Array(spanBuf.length * 2);
          nb.set(spanBuf);
          spanBuf = nb;
        }
        spanBuf[ns++] = i0;
        spanBuf[ns++] = i1;
        covered += i1 - i0;
      }
    }
  }
  rowSpanStart[T] = ns;
  return covered;
}

/**
 * Hot mutable scratch state. Kept in one object with double fields (mutated in place) rather than
 * module-level `let`s, whose double values V8 would re-box on every write.
 */
/** Scratch arrays for passing/returning doubles without allocating heap numbers. */
const ARG = new Float64Array(8);
const RET = new Float64Array(2);

const P = {
  // colour being composed
  cR: 0.5,
  cG: 0.5,
  cB: 0.5,
  // classification outputs
  fA: 0.5, // feature-local coordinate 1
  fB: 0.5, // feature-local coordinate 2
  fW: 0.5, // feature size 1
  fD: 0.5, // feature size 2
  fH: 0.5, // feature hash
  fX: 0.5, // extra: roof facet / crop / lane etc.
  fAge: 0.5, // years since built (lots), for lawns and trees
  fNU: 0.5, // world direction of a feature axis, for facet shading
  fNV: 0.5,
  fDist: 0.5, // distance-like value (water depth etc.)
  fSh: 0, // building shadow at this pixel already known from its own lot: 1 yes, 0 no, -1 unknown
  // coarse grid cell of the last locate()
  gk: 0,
  gfx: 0.5,
  gfy: 0.5,
  lastSecKey: 0.5,
};

// =============================================================================================
// Per-survey context

interface SurveyCtx {
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

function surveyCtx(s: Survey): SurveyCtx {
  let c = ctxCache.get(s);
  if (c) return c;
  const t = Date.parse(s.captureStart);
  const d = new Date(Number.isFinite(t) ? t : 0);
  const year = d.getUTCFullYear();
  const doy = Math.floor((d.getTime() - Date.UTC(year, 0, 1)) / 86400000);
  const month = d.getUTCMonth() + 1;
  const lon = (s.bbox[0] + s.bbox[2]) / 2;
  const lat = (s.bbox[1] + s.bbox[3]) / 2;
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

/**
 * Cloud-field threshold that makes the rendered cloud cover (alpha > ½) over this survey's
 * footprint match the catalog's cloudCover: an empirical quantile of the field sampled on a grid
 * inside the footprint (falls back to the global distribution for tiny footprints).
 */
function cloudThreshold(s: Survey, seed: number, f: number): number {
  const g = geomOf(s.footprint);
  const N = 48;
  const vals: number[] = [];
  for (let j = 0; j < N; j++) {
    const Y = g.minY + ((g.maxY - g.minY) * (j + 0.5)) / N;
    for (let i = 0; i < N; i++) {
      const X = g.minX + ((g.maxX - g.minX) * (i + 0.5)) / N;
      let inside = false;
      for (const r of g.rings) {
        const m = r.length / 2;
        for (let k = 0; k < m - 1; k++) {
          const y0 = r[2 * k + 1];
          const y1 = r[2 * k + 3];
          if (y0 <= Y !== y1 <= Y) {
            const xc = r[2 * k] + ((Y - y0) * (r[2 * k + 2] - r[2 * k])) / (y1 - y0);
            if (xc > X) inside = !inside;
          }
        }
      }
      if (inside) vals.push(cloudField((X - 0.5) * WORLD, (Y - 0.5) * WORLD, seed));
    }
  }
  // alpha = ½ sits 0.015 above the threshold (see shadePixel)
  if (vals.length < 64) return quantile(Q5, 1 - f) - 0.015;
  vals.sort((a, b) => a - b);
  const k = Math.min(vals.length - 1, Math.max(0, Math.round((1 - f) * (vals.length - 1))));
  return vals[k] - 0.015;
}

// Active survey parameters (module state: rendering is synchronous).
let sY = 2024;
let sMonth = 6;
let sVigor = 1;
let sLeaf = 1;
let sSnow = 0;
let sArid = 0;
let sShU = 0;
let sShV = 0.5;
let sSunU = 0;
let sSunV = -1;

// =============================================================================================
// Per-tile coarse fields

const GEO_SEED = 7331;
const MAXG = 131;
const F_LAKE = new Float32Array(MAXG * MAXG);
const F_LAKEG = new Float32Array(MAXG * MAXG);
const F_RIV = new Float32Array(MAXG * MAXG);
const F_RIVG = new Float32Array(MAXG * MAXG);
const F_PATCH = new Float32Array(MAXG * MAXG);
const F_WOOD = new Float32Array(MAXG * MAXG);
const F_CLOUD = new Float32Array(MAXG * MAXG);
const F_CSHAD = new Float32Array(MAXG * MAXG);
/** Per grid cell: bit 1 = cloud shadow possible, bit 2 = cloud possible (from the cell's corners). */
const CELL_CLOUD = new Uint8Array(MAXG * MAXG);
let G = 35;
let gU0 = 0;
let gV0 = 0;
let gInv = 1;
let hasClouds = false;
/** Tile-level flags: can this tile (plus margin) contain lake/river/shore or cloud pixels? */
let lakeNear = true;
let riverNear = true;
let cloudsInTile = false;

const LAKE_T = quantile(Q4, 0.965);
const WOOD_T = quantile(Q4, 0.8);

function lakeField(u: number, v: number): number {
  return fbm(u / 2600, v / 2600, 4, GEO_SEED + 1);
}

function riverField(u: number, v: number): number {
  const wu = fbm(u / 3500, v / 3500, 2, GEO_SEED + 3) - 0.5;
  const wv = fbm(u / 3500 + 40, v / 3500 - 20, 2, GEO_SEED + 4) - 0.5;
  return fbm((u + 3200 * wu) / 21000, (v + 3200 * wv) / 21000, 3, GEO_SEED + 2) - 0.5;
}

function cloudField(u: number, v: number, seed: number): number {
  // billowy large shapes plus finer puffs at the edges
  return (
    fbm(u / 2300, v / 2300, 5, seed * 31 + 5) +
    (vnoise(u / 260, v / 260, 91) - 0.5) * 0.05 +
    (vnoise(u / 70, v / 70, 92) - 0.5) * 0.025
  );
}

function buildFields(ctx: SurveyCtx, z: number, x: number, y: number, ps: number): void {
  // Grid node spacing: a power-of-two number of pixels, ~30 m on the ground at z13+, so the nodes
  // of all zoom levels coincide (fields are identical across zooms) and the one-node margin
  // covers everything a pixel looks at outside the tile (tree centres, shadow probes).
  let sp = T;
  while (sp > 2 && sp * ps > 40) sp >>= 1;
  const nCells = T / sp;
  G = nCells + 3; // one extra node of margin on each side (+1 for the far edge)
  const step = sp * ps;
  gInv = 1 / step;
  const n = 2 ** z;
  gU0 = (x / n - 0.5) * WORLD - step;
  gV0 = (y / n - 0.5) * WORLD - step;
  hasClouds = Number.isFinite(ctx.cloudT);
  for (let j = 0; j < G; j++) {
    const v = gV0 + j * step;
    for (let i = 0; i < G; i++) {
      const u = gU0 + i * step;
      const k = j * G + i;
      F_LAKE[k] = lakeField(u, v);
      F_RIV[k] = riverField(u, v);
      F_PATCH[k] = fbm(u / 650, v / 650, 3, GEO_SEED + 5);
      F_WOOD[k] = fbm(u / 1700, v / 1700, 4, GEO_SEED + 6);
      if (hasClouds) {
        F_CLOUD[k] = cloudField(u, v, ctx.seed);
        F_CSHAD[k] = cloudField(u - ctx.cloudOffU, v - ctx.cloudOffV, ctx.seed);
      }
    }
  }
  // Gradient magnitudes (per metre) by central differences → distances to iso-lines.
  for (let j = 0; j < G; j++) {
    const jm = j > 0 ? j - 1 : j;
    const jp = j < G - 1 ? j + 1 : j;
    for (let i = 0; i < G; i++) {
      const im = i > 0 ? i - 1 : i;
      const ip = i < G - 1 ? i + 1 : i;
      const k = j * G + i;
      const fu = step * (ip - im);
      const fv = step * (jp - jm);
      let du = (F_LAKE[j * G + ip] - F_LAKE[j * G + im]) / fu;
      let dv = (F_LAKE[jp * G + i] - F_LAKE[jm * G + i]) / fv;
      F_LAKEG[k] = Math.sqrt(du * du + dv * dv) + 1e-7;
      du = (F_RIV[j * G + ip] - F_RIV[j * G + im]) / fu;
      dv = (F_RIV[jp * G + i] - F_RIV[jm * G + i]) / fv;
      F_RIVG[k] = Math.sqrt(du * du + dv * dv) + 1e-7;
    }
  }
  // Flags. Bilinear interpolation is a convex combination, so if every node is far from the lake
  // (in the linearised distance) every interpolated point is too; rivers also need no sign change.
  lakeNear = false;
  riverNear = false;
  cloudsInTile = false;
  let rMin = Infinity;
  let rMax = -Infinity;
  const nn = G * G;
  for (let k = 0; k < nn; k++) {
    if (F_LAKE[k] - LAKE_T > -40 * F_LAKEG[k]) lakeNear = true;
    const r = F_RIV[k];
    if (Math.abs(r) < 80 * F_RIVG[k]) riverNear = true;
    if (r < rMin) rMin = r;
    if (r > rMax) rMax = r;
    if (hasClouds && (F_CLOUD[k] > ctx.cloudT - 0.12 || F_CSHAD[k] > ctx.cloudT - 0.12)) cloudsInTile = true;
  }
  if (rMin < 0 && rMax > 0) riverNear = true;
  if (cloudsInTile) {
    const t = ctx.cloudT - 0.06;
    for (let j = 0; j < G - 1; j++) {
      for (let i = 0; i < G - 1; i++) {
        const k = j * G + i;
        const ms = Math.max(F_CSHAD[k], F_CSHAD[k + 1], F_CSHAD[k + G], F_CSHAD[k + G + 1]);
        const mc = Math.max(F_CLOUD[k], F_CLOUD[k + 1], F_CLOUD[k + G], F_CLOUD[k + G + 1]);
        CELL_CLOUD[k] = (ms > t ? 1 : 0) | (mc > t ? 2 : 0);
      }
    }
  }
}

// Bilinear sampling; P.gk/P.gfx/P.gfy cache the cell of the last locate() call.

function locate(u: number, v: number): void {
  let gx = (u - gU0) * gInv;
  let gy = (v - gV0) * gInv;
  const mx = G - 1.000001;
  if (gx < 0) gx = 0;
  else if (gx > mx) gx = mx;
  if (gy < 0) gy = 0;
  else if (gy > mx) gy = mx;
  const ix = gx | 0;
  const iy = gy | 0;
  P.gfx = gx - ix;
  P.gfy = gy - iy;
  P.gk = iy * G + ix;
}

function samp(f: Float32Array): number {
  const a = f[P.gk];
  const b = f[P.gk + 1];
  const c = f[P.gk + G];
  const d = f[P.gk + G + 1];
  return a + (b - a) * P.gfx + (c - a) * P.gfy + (a - b - c + d) * P.gfx * P.gfy;
}

// =============================================================================================
// Scene layout

/** Section size: half a mile in (approximate) ground metres. */
const S = 804.672;
const H = S / 2;
/** Shadow-casting height of houses (m). */
const HOUSE_H = 5;
/** Landscaped buffer between arterials and the lots of a developed quarter. */
const INSET = 22;
/** Usable side length of a developed quarter (inside the buffer). */
const LQ = H - INSET;
/** Residential street width. */
const STREET_W = 10;

// Classes
const C_LAKE = 1;
const C_RIVER = 2;
const C_SHORE = 3;
const C_ART = 4; // arterial road
const C_ART_SIDE = 5; // sidewalk / verge along arterials
const C_RURAL_ROAD = 6;
const C_STREET = 7;
const C_SIDEWALK = 8;
const C_PARKWAY = 9;
const C_LAWN_F = 10;
const C_LAWN_B = 11;
const C_DRIVE = 12;
const C_HOUSE = 13;
const C_POOL = 14;
const C_PATIO = 15;
const C_FENCE = 16;
const C_DIRT = 17;
const C_SLAB = 18;
const C_FRAME = 19;
const C_PARKING = 20;
const C_COM_ROOF = 21;
const C_LANDSCAPE = 22;
const C_PARK = 23;
const C_SPORT = 24;
const C_FIELD = 25;
const C_FIELD_EDGE = 26;
const C_WOOD = 27;
const C_DESERT = 28;
const C_CAR = 29;
const C_GRADED = 30;
const C_FARMYARD = 31;
const C_BARN = 32;
const C_BUFFER = 33;
const C_WALL = 34;

// Quarter types
const Q_RES = 0;
const Q_COM = 1;
const Q_PARK = 2;
const Q_FARM = 3;

/** Metro centres (world metres) and their inverse squared urban radius. */
const METRO_U = DEMO_METROS.map((m) => ((m.lon + 180) / 360 - 0.5) * WORLD);
const METRO_V = DEMO_METROS.map((m) => (mercY(m.lat) - 0.5) * WORLD);
const METRO_INV_R2 = DEMO_METROS.map((m) => {
  const r = Math.sqrt(m.size) * 1000 * 0.55;
  return 1 / (r * r);
});

class Sec {
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
  s.pivot = sub(s.hash, 2) < 0.18 + 0.5 * sArid;
  s.farm = sub(s.hash, 3) < 0.35 ? Math.floor(sub(s.hash, 4) * 4) : -1;
  s.fieldsOk = sub(s.hash, 5) > sArid * 0.8;
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
    let type = tRoll < 0.75 ? Q_RES : tRoll < 0.84 ? Q_COM : tRoll < 0.92 ? Q_PARK : Q_FARM;
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
    if (sY >= D - 0.5) town = true;
  }
  s.town = town;
  return s;
}

function getSec(sx: number, sy: number): Sec {
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

// Classification outputs (module state).

/** Road half-widths on section lines. */
function arterialHalf(lineIdx: number): number {
  return (lineIdx & 1) === 0 ? 14 : 8.5;
}

/** Classify world point (u east, v south, metres). Sets the f* outputs. */
function classify(u: number, v: number): number {
  ARG[0] = u; ARG[1] = v;
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
  if (lakeNear || riverNear) {
    locate(u, v);
    if (lakeNear) lakeDist = (samp(F_LAKE) - LAKE_T) / samp(F_LAKEG);
    if (riverNear) rivDist = Math.abs(samp(F_RIV)) / samp(F_RIVG) - (16 + 14 * samp(F_PATCH));
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
  const stage = sY - D;
  if (stage < -1.2) return rural(sec, lu, lv, u, v);
  // graded land and parks hold no buildings: only neighbours within shadow reach of the edge matter
  const edgeD = Math.min(qu, qv, H - qu, H - qv);
  if (stage < -0.5) {
    P.fH = sec.qHash[q];
    if (edgeD > shadowReach + 1) P.fSh = 0;
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
  if (edgeD > shadowReach + 1) P.fSh = 0;
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

const LOT_CACHE = 256;
const LOT_F = 10;
const lotKey = new Float64Array(LOT_CACHE).fill(-1);
const lotGen = new Int32Array(LOT_CACHE);
const lotVal = new Float64Array(LOT_CACHE * LOT_F);
/** Incremented per tile: lot development depends on the survey date, so the memo is per tile. */
let tileGen = 0;

function residential(sec: Sec, q: number, qu: number, qv: number, D: number): number {
  ARG[0] = qu; ARG[1] = qv; ARG[2] = D;
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
  const newRoads = sY - D < 6;
  // local streets
  if (pa >= rowD && pa < rowD + STREET_W) {
    P.fA = pa - rowD - STREET_W / 2;
    P.fB = b;
    P.fX = newRoads ? 1 : 0;
    if (shadowReach < STREET_W / 2 - Math.abs(P.fA) + 4.6) P.fSh = 0; // houses stand ≥ 4.6 m from any street
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
    if (shadowReach < STREET_W / 2 - Math.abs(P.fA) + 4.6) P.fSh = 0;
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
  const age = sY - lotVal[slot];
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
    const ds = (sShU * sU + sShV * sV) * HOUSE_H;
    const dt = (sShU * tU + sShV * tV) * HOUSE_H;
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
    P.fAge = sY - D;
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
    let m = dF < dB ? dF : dB;
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
    if (lotVal[slot + 6] < 0.06 + 0.5 * sArid && rowD - t1 > 10) {
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
  ARG[0] = qh; ARG[1] = across; ARG[2] = along;
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

function commercial(sec: Sec, q: number, qu: number, qv: number): number {
  ARG[0] = qu; ARG[1] = qv;
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
    sweptHit(qu, qv, sShU * 9, sShV * 9, bx0, bx0 + bw, by0, by0 + bd) ||
    sweptHit(qu, qv, sShU * 6, sShV * 6, pbx, pbx + 28, pby, pby + 34)
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

function rural(sec: Sec, lu: number, lv: number, u: number, v: number): number {
  ARG[0] = lu; ARG[1] = lv; ARG[2] = u; ARG[3] = v;
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
      const h = sec.hash;
      if (fu > 30 && fu < 45 && fv > 40 && fv < 52) {
        P.fA = fu - 30;
        P.fB = fv - 40;
        P.fW = 15;
        P.fD = 12;
        P.fX = 0;
        P.fH = h;
        return C_BARN;
      }
      if (fu > 52 && fu < 78 && fv > 22 && fv < 40) {
        P.fA = fu - 52;
        P.fB = fv - 22;
        P.fW = 26;
        P.fD = 18;
        P.fX = 1;
        P.fH = h;
        return C_BARN;
      }
      P.fAge = 40;
      return C_FARMYARD;
    }
  }
  locate(u, v);
  if (sArid < 0.5 && samp(F_WOOD) > WOOD_T) return C_WOOD;
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
      P.fH = hashI(sec.hash, 9, Math.floor(sY));
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
  const fh = hashI(sec.hash, fi, Math.floor(sY));
  P.fH = fh;
  P.fX = sub(hashI(sec.hash, fi, 0), 1) < 0.5 ? 2 : 3; // row direction
  P.fA = P.fX === 2 ? lu : lv;
  P.fDist = edge;
  if (sec.pivot) P.fH = hashI(sec.hash, 77, Math.floor(sY)) | 1; // dry corners
  return C_FIELD;
}

// =============================================================================================
// Colours


// LOD weights for textures of a given world wavelength.
let W02 = 0;
let W05 = 0;
let W1 = 0;
let W3 = 0;
let W10 = 0;
let PS = 1;

function lodW(lambda: number, ps: number): number {
  return clamp01((lambda / ps - 2) / 4);
}

function set(r: number, g: number, b: number): void {
  P.cR = r;
  P.cG = g;
  P.cB = b;
}

function mulc(k: number): void {
  P.cR *= k;
  P.cG *= k;
  P.cB *= k;
}

function mix(r: number, g: number, b: number, t: number): void {
  P.cR += (r - P.cR) * t;
  P.cG += (g - P.cG) * t;
  P.cB += (b - P.cB) * t;
}

/** Zero-mean multi-scale detail noise (~±0.5) with octaves faded by pixel size. */
/** Wrapper: passes doubles through a typed array so V8 does not box them. */
function detail(u: number, v: number, s: number): number {
  ARG[0] = u; ARG[1] = v;
  detail_(s);
  return RET[0];
}

function detail_(s: number): void {
  const u = ARG[0];
  const v = ARG[1];
  // four value-noise octaves (10 m, 3.5 m, 1.1 m, 0.25 m), faded by pixel size; inlined by hand
  let r = 0;
  if (W10 > 0) {
    const x = u * 0.1;
    const y = v * 0.1;
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const xf = x - xi;
    const yf = y - yi;
    const fu = xf * xf * (3 - 2 * xf);
    const fv = yf * yf * (3 - 2 * yf);
    const ox = (xi + (s + 0) * 71) & 255;
    const oy = ((yi + (s + 0) * 113) & 255) << 8;
    const ox1 = (ox + 1) & 255;
    const oy1 = (oy + 256) & 0xff00;
    const na = NT[oy + ox];
    const nb = NT[oy + ox1];
    const nc = NT[oy1 + ox];
    const nd = NT[oy1 + ox1];
    r += (na + (nb - na) * fu + (nc - na) * fv + (na - nb - nc + nd) * fu * fv - 0.5) * W10 * 1;
  }
  if (W3 > 0) {
    const x = u * 0.35;
    const y = v * 0.35;
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const xf = x - xi;
    const yf = y - yi;
    const fu = xf * xf * (3 - 2 * xf);
    const fv = yf * yf * (3 - 2 * yf);
    const ox = (xi + (s + 1) * 71) & 255;
    const oy = ((yi + (s + 1) * 113) & 255) << 8;
    const ox1 = (ox + 1) & 255;
    const oy1 = (oy + 256) & 0xff00;
    const na = NT[oy + ox];
    const nb = NT[oy + ox1];
    const nc = NT[oy1 + ox];
    const nd = NT[oy1 + ox1];
    r += (na + (nb - na) * fu + (nc - na) * fv + (na - nb - nc + nd) * fu * fv - 0.5) * W3 * 0.7;
  }
  if (W1 > 0) {
    const x = u * 1.1;
    const y = v * 1.1;
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const xf = x - xi;
    const yf = y - yi;
    const fu = xf * xf * (3 - 2 * xf);
    const fv = yf * yf * (3 - 2 * yf);
    const ox = (xi + (s + 2) * 71) & 255;
    const oy = ((yi + (s + 2) * 113) & 255) << 8;
    const ox1 = (ox + 1) & 255;
    const oy1 = (oy + 256) & 0xff00;
    const na = NT[oy + ox];
    const nb = NT[oy + ox1];
    const nc = NT[oy1 + ox];
    const nd = NT[oy1 + ox1];
    r += (na + (nb - na) * fu + (nc - na) * fv + (na - nb - nc + nd) * fu * fv - 0.5) * W1 * 0.5;
  }
  if (W02 > 0) {
    const x = u * 4.3;
    const y = v * 4.3;
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const xf = x - xi;
    const yf = y - yi;
    const fu = xf * xf * (3 - 2 * xf);
    const fv = yf * yf * (3 - 2 * yf);
    const ox = (xi + (s + 3) * 71) & 255;
    const oy = ((yi + (s + 3) * 113) & 255) << 8;
    const ox1 = (ox + 1) & 255;
    const oy1 = (oy + 256) & 0xff00;
    const na = NT[oy + ox];
    const nb = NT[oy + ox1];
    const nc = NT[oy1 + ox];
    const nd = NT[oy1 + ox1];
    r += (na + (nb - na) * fu + (nc - na) * fv + (na - nb - nc + nd) * fu * fv - 0.5) * W02 * 0.4;
  }
  RET[0] = r;
}

// Crop colours per month (Jan..Dec): corn, soy, winter wheat, alfalfa, fallow, pasture.
const CROPS: number[][] = [
  // corn
  [150, 132, 104, 148, 130, 102, 140, 122, 96, 118, 94, 70, 125, 104, 76, 112, 134, 70, 62, 100, 42, 72, 104, 46, 150, 144, 86, 176, 156, 112, 162, 142, 108, 152, 134, 104],
  // soy
  [146, 126, 98, 146, 126, 98, 140, 120, 94, 130, 104, 78, 120, 96, 70, 124, 128, 80, 82, 124, 56, 76, 120, 50, 168, 152, 74, 160, 136, 96, 150, 130, 100, 148, 128, 100],
  // winter wheat
  [122, 122, 88, 116, 124, 82, 96, 126, 62, 80, 130, 56, 110, 140, 62, 202, 182, 112, 214, 196, 142, 178, 154, 112, 170, 146, 108, 132, 112, 82, 112, 118, 78, 120, 118, 86],
  // alfalfa
  [140, 130, 96, 136, 130, 92, 110, 126, 70, 86, 126, 56, 70, 120, 46, 96, 136, 62, 76, 126, 50, 112, 136, 66, 82, 122, 52, 112, 122, 72, 136, 128, 92, 140, 130, 96],
  // fallow / ploughed
  [158, 136, 106, 156, 134, 104, 150, 126, 98, 138, 114, 88, 150, 128, 98, 164, 144, 110, 168, 148, 112, 170, 150, 114, 166, 146, 110, 150, 126, 96, 152, 130, 100, 156, 134, 104],
  // pasture
  [150, 140, 102, 146, 138, 98, 128, 132, 84, 104, 130, 66, 92, 128, 58, 100, 128, 62, 118, 130, 72, 132, 132, 82, 126, 128, 78, 134, 130, 88, 146, 138, 100, 150, 140, 102],
];

const ROOF_HUMID = [98, 98, 100, 124, 121, 117, 74, 74, 78, 128, 110, 96, 106, 92, 82, 150, 148, 144, 90, 96, 104, 118, 106, 98, 64, 64, 66, 132, 130, 126, 84, 80, 78];
const ROOF_ARID = [160, 108, 88, 172, 126, 102, 190, 178, 158, 150, 134, 116, 150, 100, 84, 198, 190, 174, 170, 150, 126];
const CAR_COLORS = [226, 228, 230, 36, 36, 40, 168, 170, 174, 112, 114, 118, 140, 34, 34, 44, 62, 112, 190, 192, 196, 60, 60, 64, 146, 138, 120, 30, 66, 58];

/** Grass/lawn colour for the current season; `irrig` 0..1 how watered. */
function grass(u: number, v: number, irrig: number, patchy: number): void {
  ARG[0] = u; ARG[1] = v; ARG[2] = irrig; ARG[3] = patchy;
  grass_();
}

function grass_(): void {
  const u = ARG[0];
  const v = ARG[1];
  const irrig = ARG[2];
  const patchy = ARG[3];
  const g = Math.max(sVigor, irrig * 0.85);
  const p = patchy;
  set(148 + 10 * p, 138 + 6 * p, 98);
  mix(84 + 26 * p, 116 + 18 * p, 54 + 8 * p, g);
  const dt = detail(u, v, 41);
  mulc(1 + dt * 0.22);
}

function applySnow(amount: number, u: number, v: number): void {
  ARG[0] = amount; ARG[1] = u; ARG[2] = v;
  applySnow_();
}

function applySnow_(): void {
  const amount = ARG[0];
  const u = ARG[1];
  const v = ARG[2];
  if (sSnow <= 0 || amount <= 0) return;
  const n = 0.6 * vnoise(u / 61, v / 61, 55) + 0.4 * vnoise(u / 23, v / 23, 56);
  const a = clamp01(sSnow * amount * (0.8 + 0.4 * n));
  mix(236, 238, 242, a);
}

function ground(cls: number, u: number, v: number): void {
  ARG[0] = u; ARG[1] = v;
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
      if (sSnow > 0.75 && sMonth <= 2) mix(200, 208, 214, 0.5 * (1 - depth));
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
      if (W05 > 0 && ((P.fB + 100) % 1.5 < 0.05 || (P.fA + 100) % 1.5 < 0.05)) mulc(1 - 0.1 * W05);
      applySnow(0.4, u, v);
      return;
    }
    case C_PARKWAY:
    case C_LAWN_F:
    case C_LAWN_B: {
      locate(u, v);
      const p = samp(F_PATCH);
      const xeri = sArid > 0.3 && sub(P.fH, 12) < sArid * 0.85;
      if (xeri && cls !== C_PARKWAY) {
        set(170, 146, 114);
        const gravel = detail(u * 1.3, v * 1.3, 45);
        mulc(1 + gravel * 0.25);
      } else {
        grass(u, v, 0.6 + 0.3 * sub(P.fH, 13), p);
        // mowing stripes
        if (W1 > 0 && cls !== C_PARKWAY) {
          const along = P.fNU !== 0 ? u : v;
          mulc(1 + (Math.floor(along / 0.9) & 1 ? 0.035 : -0.035) * W1);
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
      if (cls === C_GRADED && W3 > 0) {
        // scraper tracks
        const tr = vnoise(u * 0.02, v * 0.9, 49);
        mulc(1 + (tr - 0.5) * 0.12 * W3);
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
      if (W05 > 0 && ((P.fA + 100) % 0.6 < 0.08 || (P.fB + 100) % 3 < 0.12)) mulc(1 - 0.25 * W05);
      return;
    }
    case C_PARKING: {
      set(92, 94, 97);
      mulc(1 + detail(u, v, 51) * 0.14);
      if (P.fA === -1) mix(222, 222, 216, W05 > 0 ? 1 : 0.3);
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
      if (lineD < 0.12 && Math.abs(P.fA) < 52.1 && Math.abs(P.fB) < 33.1) mix(236, 236, 230, W02 > 0 ? 1 : 0.5);
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
      mix(112, 104, 94, 1 - sLeaf);
      mulc(1 + detail(u, v, 52) * 0.3);
      applySnow(0.45 * (1 - sLeaf), u, v);
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
      const half = (P.fW > P.fD ? P.fD : P.fW) / 2;
      const n = across < half ? -1 : 1;
      const nu = P.fW > P.fD ? 0 : n;
      const nv = P.fW > P.fD ? n : 0;
      mulc(1 + 0.18 * (nu * sSunU + nv * sSunV));
      if (W05 > 0 && (P.fW > P.fD ? P.fA : P.fB) % 0.9 < 0.1) mulc(1 - 0.06 * W05);
      applySnow(0.9, u, v);
      return;
    }
    default:
      set(128, 128, 128);
  }
}

function road(cls: number, u: number, v: number): void {
  ARG[0] = u; ARG[1] = v;
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
  if (W02 <= 0 && W05 <= 0) return;
  const lw = 0.12;
  const wgt = Math.max(W02, W05 * 0.6);
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
  if (W05 > 0) {
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

function car(u: number, v: number): void {
  ARG[0] = u; ARG[1] = v;
  car_();
}

function car_(): void {
  const u = ARG[0];
  const v = ARG[1];
  const ci = Math.floor(sub(P.fH, 3) * 10) * 3;
  set(CAR_COLORS[ci], CAR_COLORS[ci + 1], CAR_COLORS[ci + 2]);
  const al = P.fB; // along, -2.25..2.25
  if (al > 0.2 && al < 1.1) mulc(0.45); // windshield
  else if (al < -1.3 && al > -1.9) mulc(0.55); // rear window
  else mulc(1 + 0.15 * (1 - Math.abs(P.fA) / 0.92));
  mulc(1 + detail(u, v, 58) * 0.05);
}

function roof(u: number, v: number): void {
  ARG[0] = u; ARG[1] = v;
  roof_();
}

function roof_(): void {
  const u = ARG[0];
  const v = ARG[1];
  const arid = sub(P.fH, 14) < sArid * 0.8;
  const pal = arid ? ROOF_ARID : ROOF_HUMID;
  const ci = Math.floor(sub(P.fH, 15) * (pal.length / 3)) * 3;
  set(pal[ci], pal[ci + 1], pal[ci + 2]);
  const dot = P.fNU * sSunU + P.fNV * sSunV;
  mulc(1 + 0.2 * dot);
  // shingle rows / tile courses
  if (W02 > 0) {
    const rowI = Math.floor(P.fA / 0.33);
    const rh = hashF(rowI, P.fH & 0xffff, 71);
    mulc(1 + (rh - 0.5) * 0.06 * W02);
    if (P.fA % 0.33 < 0.05) mulc(1 - 0.08 * W02);
  }
  mulc(1 + detail(u, v, 59) * 0.08);
  // ridge cap and eaves
  if (P.fDist < 0.25 && W05 > 0) mulc(1 + 0.1 * W05);
  if (P.fB < 0.25) mulc(1 - 0.2 * Math.max(W05, 0.3));
  applySnow(0.7 * (0.7 + 0.3 * dot), u, v);
}

function comRoof(u: number, v: number): void {
  ARG[0] = u; ARG[1] = v;
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
  if (W05 > 0 || W1 > 0) {
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
      const sx2 = lx + sShU * 1.2;
      const sy2 = ly + sShV * 1.2;
      if (sx2 > 0 && sx2 < 2.6 && sy2 > 0 && sy2 < 1.8) mulc(0.72);
    }
  }
  applySnow(0.8, u, v);
}

function field(u: number, v: number): void {
  ARG[0] = u; ARG[1] = v;
  field_();
}

function field_(): void {
  const u = ARG[0];
  const v = ARG[1];
  const fh = P.fH;
  const irrigated = sArid > 0.3;
  let crop: number;
  const r = sub(fh, 1);
  if (P.fX === 1 || irrigated) crop = r < 0.45 ? 3 : r < 0.65 ? 0 : r < 0.85 ? 2 : 4;
  else crop = r < 0.3 ? 0 : r < 0.6 ? 1 : r < 0.75 ? 2 : r < 0.85 ? 3 : r < 0.93 ? 5 : 4;
  const dryCorner = (fh & 1) === 1 && P.fX !== 1;
  if (dryCorner) crop = sArid > 0.3 ? -1 : 5;
  if (crop < 0) {
    set(186, 168, 134);
    mulc(1 + detail(u, v, 62) * 0.22);
    applySnow(1, u, v);
    return;
  }
  // latitude-independent month shift for the south: treat as a month later in spring
  const m = sMonth - 1;
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
  const W6 = W10 > 0 ? lodW(6, PS) : 0;
  if (W6 > 0) {
    const sw = Math.floor(a / 6);
    mulc(1 + (sw & 1 ? 0.035 : -0.035) * W6);
    const tl = a - Math.floor(a / 18) * 18;
    if (tl < 2) mulc(1 - (P.fX === 1 ? 0.06 : 0.1) * W6);
  }
  if (W02 > 0) mulc(1 + (((a / 0.76) | 0) & 1 ? 0.07 : -0.07) * W02);
  mulc(1 + detail(u, v, 63) * 0.16);
  applySnow(1, u, v);
}

// =============================================================================================
// Trees

const TREE_CELL = 9;

function treeDensity(cls: number): number {
  const mat = clamp01((P.fAge - 0.5) / 18);
  switch (cls) {
    case C_LAWN_B:
      return (0.1 + 0.42 * mat) * (1 - 0.55 * sArid);
    case C_LAWN_F:
      return (0.04 + 0.22 * mat) * (1 - 0.5 * sArid);
    case C_PARKWAY:
      return 0.35 * mat * (1 - 0.5 * sArid);
    case C_PARK:
      return 0.38 * (1 - 0.4 * sArid);
    case C_LANDSCAPE:
      return 0.3;
    case C_BUFFER:
      return 0.2 + 0.3 * mat;
    case C_SHORE:
      return 0.75;
    case C_WOOD:
      return 0.95;
    case C_FIELD_EDGE:
      return 0.45 * (1 - sArid);
    case C_FARMYARD:
      return 0.45;
    case C_DESERT:
      return 0.22;
    case C_ART_SIDE:
      return 0.12;
    default:
      return 0;
  }
}

// Per-tile splat buffers: tree canopy (premultiplied colour + alpha) and tree shadow strength.
const canA = new Float32Array(T * T);
const canR = new Float32Array(T * T);
const canG = new Float32Array(T * T);
const canB = new Float32Array(T * T);
const shd = new Float32Array(T * T);
let treesInTile = 0;

/**
 * Rasterise all trees (and their shadows) that touch the tile into the splat buffers. Trees live
 * on two offset jittered grids; a tree exists where the hash beats the tree density of the ground
 * class at its centre, so the result depends only on world position.
 */
function splatTrees(uLeft: number, vTop: number, ps: number): void {
  canA.fill(0);
  canR.fill(0);
  canG.fill(0);
  canB.fill(0);
  shd.fill(0);
  treesInTile = 0;
  const span = T * ps;
  const su = sShU * 6.4; // largest shadow offset (biggest trees)
  const sv = sShV * 6.4;
  const margin = 6 + Math.abs(su) + Math.abs(sv);
  const edge = Math.max(ps, 0.35);
  const sedge = Math.max(ps, 0.6);
  for (let g = 0; g < 2; g++) {
    const off = g * TREE_CELL * 0.5;
    const cx0 = Math.floor((uLeft - margin - off) / TREE_CELL);
    const cx1 = Math.floor((uLeft + span + margin - off) / TREE_CELL);
    const cy0 = Math.floor((vTop - margin - off) / TREE_CELL);
    const cy1 = Math.floor((vTop + span + margin - off) / TREE_CELL);
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) {
        const h = hashI(cx, cy, 900 + g);
        let r = 1.7 + 2.9 * sub(h, 1);
        const jx = sub(h, 2);
        const jy = sub(h, 3);
        const ox = cx * TREE_CELL + off;
        const oy = cy * TREE_CELL + off;
        let tu = ox + r + (TREE_CELL - 2 * r) * jx;
        let tv = oy + r + (TREE_CELL - 2 * r) * jy;
        // reject trees whose canopy and shadow both miss the tile, before classifying
        // reach of the canopy (wobbly, soft-edged) and of the soft shadow discs
        const rb = 1.22 * r + 0.5 * Math.max(ps, 0.6) + 0.1;
        const hitC = tu + rb > uLeft && tu - rb < uLeft + span && tv + rb > vTop && tv - rb < vTop + span;
        const hitS = tu + su + rb > uLeft && tu + su - rb < uLeft + span && tv + sv + rb > vTop && tv + sv - rb < vTop + span;
        if (!hitC && !hitS) continue;
        // Trees drawn entirely inside this tile (canopy and shadow) may take their ground class from
        // pass 1; trees that other tiles also draw must classify exactly, so tiles always agree.
        const sh = 1.2 * r + 0.8;
        const bu0 = Math.min(tu, tu + sShU * sh) - rb;
        const bu1 = Math.max(tu, tu + sShU * sh) + rb;
        const bv0 = Math.min(tv, tv + sShV * sh) - rb;
        const bv1 = Math.max(tv, tv + sShV * sh) + rb;
        let cls = NO_CLASS;
        let dens = 0;
        if (bu0 > uLeft + ps && bu1 < uLeft + span - ps && bv0 > vTop + ps && bv1 < vTop + span - ps) {
          const po = Math.floor((tv - vTop) / ps) * T + Math.floor((tu - uLeft) / ps);
          cls = clsBuf[po];
          dens = densBuf[po];
        }
        if (cls === NO_CLASS) {
          cls = classify(tu, tv);
          dens = treeDensity(cls);
        }
        if (sub(h, 4) >= dens) continue;
        let kind = sub(h, 5) < 0.22 + 0.3 * sArid ? 1 : 0; // 1 evergreen
        if (cls === C_DESERT) {
          r *= 0.45;
          tu = ox + r + (TREE_CELL - 2 * r) * jx;
          tv = oy + r + (TREE_CELL - 2 * r) * jy;
          kind = 2; // shrub
        }
        treesInTile++;
        // shadow: two discs between the crown's lower and upper offsets
        for (let sd = 0; sd < 2; sd++) {
          const rs = r * 0.92;
          const hgt = (1.2 * r + 0.8) * (sd === 0 ? 0.55 : 1);
          const cu = tu + sShU * hgt;
          const cv = tv + sShV * hgt;
          let i0 = Math.floor((cu - rs - sedge - uLeft) / ps);
          let i1 = Math.ceil((cu + rs + sedge - uLeft) / ps);
          let j0 = Math.floor((cv - rs - sedge - vTop) / ps);
          let j1 = Math.ceil((cv + rs + sedge - vTop) / ps);
          if (i0 < 0) i0 = 0;
          if (j0 < 0) j0 = 0;
          if (i1 > T) i1 = T;
          if (j1 > T) j1 = T;
          for (let j = j0; j < j1; j++) {
            const dv = vTop + (j + 0.5) * ps - cv;
            for (let i = i0; i < i1; i++) {
              const du = uLeft + (i + 0.5) * ps - cu;
              const k = clamp01((rs - Math.sqrt(du * du + dv * dv)) / sedge + 0.5);
              const o = j * T + i;
              if (k > shd[o]) shd[o] = k;
            }
          }
        }
        // canopy disc
        let tr: number, tg: number, tb: number;
        let opacity = 1;
        if (kind === 2) {
          tr = 104;
          tg = 106;
          tb = 76;
        } else if (kind === 1) {
          tr = 40;
          tg = 58;
          tb = 38;
        } else {
          const leaf = sLeaf;
          tr = 104 + (50 - 104) * leaf;
          tg = 94 + (74 - 94) * leaf;
          tb = 82 + (36 - 82) * leaf;
          if (sArid > 0.4) {
            tr += 18;
            tg += 12;
            tb += 8;
          }
          if (leaf < 0.3) opacity = 0.7; // bare branches: see-through
        }
        const tint = 0.92 + 0.16 * sub(h, 6);
        tr *= tint;
        tg *= tint;
        tb *= tint;
        const wobA = W1 > 0 ? 0.42 * r : 0;
        let i0 = Math.floor((tu - rb - uLeft) / ps);
        let i1 = Math.ceil((tu + rb - uLeft) / ps);
        let j0 = Math.floor((tv - rb - vTop) / ps);
        let j1 = Math.ceil((tv + rb - vTop) / ps);
        if (i0 < 0) i0 = 0;
        if (j0 < 0) j0 = 0;
        if (i1 > T) i1 = T;
        if (j1 > T) j1 = T;
        const rr = rb * rb;
        for (let j = j0; j < j1; j++) {
          const pv = vTop + (j + 0.5) * ps;
          const dv = pv - tv;
          for (let i = i0; i < i1; i++) {
            const pu = uLeft + (i + 0.5) * ps;
            const du = pu - tu;
            const d2 = du * du + dv * dv;
            if (d2 > rr) continue;
            const d = Math.sqrt(d2);
            const wob = wobA > 0 ? (vnoise(pu * 0.9, pv * 0.9, 81) - 0.5) * wobA : 0;
            let k = clamp01((r + wob - d) / edge + 0.5);
            if (k <= 0) continue;
            k *= opacity;
            // spherical shading, lit from the sun side, plus leafy texture
            let s = 0.9 + (0.32 * (du * sSunU + dv * sSunV)) / r;
            if (W05 > 0 || W1 > 0) s *= 1 + (vnoise(pu * 2.2, pv * 2.2, 83) - 0.5) * 0.45 * Math.max(W05, W1 * 0.5);
            if (W02 > 0) s *= 1 + (vnoise(pu * 6, pv * 6, 84) - 0.5) * 0.3 * W02;
            const o = j * T + i;
            const a0 = canA[o];
            canR[o] = tr * s * k + canR[o] * (1 - k);
            canG[o] = tg * s * k + canG[o] * (1 - k);
            canB[o] = tb * s * k + canB[o] * (1 - k);
            canA[o] = k + a0 * (1 - k);
          }
        }
      }
    }
  }
}

/** Statistical tree cover for low zooms, where single trees are sub-pixel. */
function treesStatistical(dens: number): void {
  if (dens <= 0) return;
  const one = dens * 0.41; // mean disc area / cell area
  const cover = 1 - (1 - one) * (1 - one);
  const dk = (sLeaf < 0.3 ? 0.3 : 0.42) * cover; // shadows falling beside the crowns
  P.cR *= 1 - dk;
  P.cG *= 1 - dk;
  P.cB *= 1 - dk * 0.8;
  const leaf = sLeaf;
  const tr = (104 + (50 - 104) * leaf) * 0.9;
  const tg = (94 + (74 - 94) * leaf) * 0.9;
  const tb = (82 + (36 - 82) * leaf) * 0.9;
  const k = cover * (leaf < 0.3 ? 0.7 : 1);
  P.cR += (tr - P.cR) * k;
  P.cG += (tg - P.cG) * k;
  P.cB += (tb - P.cB) * k;
}

// =============================================================================================
// Shadows of buildings

/**
 * Is there a (finished or framed) building at this point? A light version of classify() for the
 * shadow test: the callers only ask for points a few metres from land pixels in town, where water
 * and roads cannot hold buildings.
 */
function buildingAt(u: number, v: number): boolean {
  ARG[0] = u; ARG[1] = v;
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
  const stage = sY - sec.qD[q];
  if (stage < -1.2) {
    if (sec.farm < 0) return false;
    const fu = sec.farm & 1 ? S - lu : lu;
    const fv = sec.farm & 2 ? S - lv : lv;
    return (fu > 30 && fu < 45 && fv > 40 && fv < 52) || (fu > 52 && fu < 78 && fv > 22 && fv < 40);
  }
  const type = sec.qType[q];
  if (stage < -0.5 || type === Q_PARK) return false;
  const xu = lu - qx * H - (qx === 0 ? INSET : 0);
  const xv = lv - qy * H - (qy === 0 ? INSET : 0);
  if (xu < 0 || xv < 0 || xu >= LQ || xv >= LQ) return false;
  const c = type === Q_RES ? residential(sec, q, xu, xv, sec.qD[q]) : commercial(sec, q, xu, xv);
  return c === C_HOUSE || c === C_COM_ROOF || c === C_FRAME;
}

/**
 * Is (x, y) inside the shadow swept by the box [x0,x1)×[y0,y1) along (ox, oy), i.e. is
 * (x, y) − t·(ox, oy) inside the box for some t in [0, 1]?
 */
function sweptHit(x: number, y: number, ox: number, oy: number, x0: number, x1: number, y0: number, y1: number): boolean {
  let t0 = 0;
  let t1 = 1;
  if (ox === 0) {
    if (x < x0 || x >= x1) return false;
  } else {
    let a = (x - x0) / ox;
    let b = (x - x1) / ox;
    if (a > b) {
      const c = a;
      a = b;
      b = c;
    }
    if (a > t0) t0 = a;
    if (b < t1) t1 = b;
  }
  if (oy === 0) {
    if (y < y0 || y >= y1) return false;
  } else {
    let a = (y - y0) / oy;
    let b = (y - y1) / oy;
    if (a > b) {
      const c = a;
      a = b;
      b = c;
    }
    if (a > t0) t0 = a;
    if (b < t1) t1 = b;
  }
  return t0 <= t1;
}

function shadowable(cls: number): boolean {
  return (
    cls >= C_STREET &&
    cls !== C_HOUSE &&
    cls !== C_COM_ROOF &&
    cls !== C_FRAME &&
    cls !== C_BARN &&
    (cls < C_FIELD || cls === C_CAR || cls === C_GRADED || cls === C_FARMYARD || cls === C_BUFFER || cls === C_WALL)
  );
}

// =============================================================================================
// Main

let cloudT = Infinity;
let gradeB = 1;
let gradeR = 1;
let gradeBl = 1;
let gradeS = 1;
let statTrees = false;
/** Horizontal length of a house shadow (m) for the current survey. */
let shadowReach = 0;

// Per-tile pixel buffers between the passes: base colour, ground class and tree density.
const colR = new Float32Array(T * T);
const colG = new Float32Array(T * T);
const colB = new Float32Array(T * T);
const clsBuf = new Uint8Array(T * T);
const densBuf = new Float32Array(T * T);
const NO_CLASS = 255;

function shadeBase(u: number, v: number, o: number): void {
  ARG[0] = u; ARG[1] = v;
  shadeBase_(o);
}

/** Pass 1: ground colour and building shadows; records class and tree density for the trees. */
function shadeBase_(o: number): void {
  const u = ARG[0];
  const v = ARG[1];
  const cls = classify(u, v);
  const dens = treeDensity(cls);
  clsBuf[o] = cls;
  densBuf[o] = dens;
  ground(cls, u, v);
  // building shadows (one probe at a typical house height, a second for big commercial roofs)
  if (shadowable(cls)) {
    // Mostly known exactly from the pixel's own lot / commercial block; otherwise probe where a
    // 5 m building would have to stand (plus halfway, to fill the swept corner at high zoom).
    const known = P.fSh;
    let hit = known === 1;
    if (known < 0) {
      hit = buildingAt(u - sShU * HOUSE_H, v - sShV * HOUSE_H);
      if (!hit && PS < 0.3) hit = buildingAt(u - sShU * HOUSE_H * 0.5, v - sShV * HOUSE_H * 0.5);
    }
    if (hit) {
      P.cR *= 0.46;
      P.cG *= 0.5;
      P.cB *= 0.58;
    }
  }
  if (statTrees) treesStatistical(dens);
  colR[o] = P.cR;
  colG[o] = P.cG;
  colB[o] = P.cB;
}

function shadeFinish(u: number, v: number, o: number): void {
  ARG[0] = u; ARG[1] = v;
  shadeFinish_(o);
}

/** Pass 3 (after the tree splat): trees, clouds and cloud shadows over the base colour. */
function shadeFinish_(o: number): void {
  const u = ARG[0];
  const v = ARG[1];
  P.cR = colR[o];
  P.cG = colG[o];
  P.cB = colB[o];
  if (!statTrees && treesInTile > 0) {
    const sk = shd[o];
    if (sk > 0) {
      const dk = (sLeaf < 0.3 ? 0.35 : 0.55) * sk;
      P.cR *= 1 - dk;
      P.cG *= 1 - dk * 0.95;
      P.cB *= 1 - dk * 0.8;
    }
    const a = canA[o];
    if (a > 0) {
      P.cR = P.cR * (1 - a) + canR[o];
      P.cG = P.cG * (1 - a) + canG[o];
      P.cB = P.cB * (1 - a) + canB[o];
    }
  }
  // clouds and their shadows
  if (cloudsInTile) {
    locate(u, v);
    const flags = CELL_CLOUD[P.gk];
    if (flags & 1) {
      const a = smooth(cloudT - 0.04, cloudT + 0.05, samp(F_CSHAD));
      const dk = 0.42 * a;
      P.cR *= 1 - dk;
      P.cG *= 1 - dk;
      P.cB *= 1 - dk * 0.85;
    }
    if (flags & 2) {
      const c = samp(F_CLOUD);
      const a = smooth(cloudT - 0.03, cloudT + 0.06, c);
      if (a > 0) {
        const thick = clamp01((c - cloudT) / 0.12);
        const wv = 246 - 11 * (1 - thick);
        P.cR += (wv - P.cR) * a;
        P.cG += (wv + 1 - P.cG) * a;
        P.cB += (wv + 4 - P.cB) * a;
      }
    }
  }
}

/** Load the survey parameters and build the per-tile fields (module state). */
function setupTile(survey: Survey, z: number, x: number, y: number): void {
  const ctx = surveyCtx(survey);
  sY = ctx.Y;
  sMonth = ctx.month;
  sVigor = ctx.vigor;
  sLeaf = ctx.leafOn;
  sSnow = ctx.snow;
  sArid = ctx.aridity;
  sShU = ctx.shU;
  sShV = ctx.shV;
  sSunU = ctx.sunU;
  sSunV = ctx.sunV;
  cloudT = ctx.cloudT;
  gradeB = ctx.bright;
  gradeR = ctx.mulR;
  gradeBl = ctx.mulB;
  gradeS = ctx.sat;
  const n = 2 ** z;
  const ps = WORLD / (n * T);
  PS = ps;
  W02 = lodW(0.25, ps);
  W05 = lodW(0.6, ps);
  W1 = lodW(1.2, ps);
  W3 = lodW(3.5, ps);
  W10 = lodW(10, ps);
  statTrees = ps > 4;
  shadowReach = Math.hypot(sShU, sShV) * HOUSE_H;
  secCache.clear();
  P.lastSecKey = NaN;
  tileGen = (tileGen + 1) | 0;
  buildFields(ctx, z, x, y, ps);
}

const CLASS_NAMES: Record<number, string> = {
  [C_LAKE]: 'lake', [C_RIVER]: 'river', [C_SHORE]: 'shore', [C_ART]: 'arterial', [C_ART_SIDE]: 'verge',
  [C_RURAL_ROAD]: 'rural-road', [C_STREET]: 'street', [C_SIDEWALK]: 'sidewalk', [C_PARKWAY]: 'parkway',
  [C_LAWN_F]: 'front-yard', [C_LAWN_B]: 'back-yard', [C_DRIVE]: 'driveway', [C_HOUSE]: 'house', [C_POOL]: 'pool',
  [C_PATIO]: 'patio', [C_FENCE]: 'fence', [C_DIRT]: 'dirt', [C_SLAB]: 'slab', [C_FRAME]: 'framing',
  [C_PARKING]: 'parking', [C_COM_ROOF]: 'commercial-roof', [C_LANDSCAPE]: 'landscaping', [C_PARK]: 'park',
  [C_SPORT]: 'sports-field', [C_FIELD]: 'field', [C_FIELD_EDGE]: 'field-edge', [C_WOOD]: 'woods',
  [C_DESERT]: 'desert', [C_CAR]: 'car', [C_GRADED]: 'graded', [C_FARMYARD]: 'farmyard', [C_BARN]: 'barn',
  [C_BUFFER]: 'buffer', [C_WALL]: 'wall',
};

/**
 * Debug/analysis helper: the ground class the renderer draws at a point for a survey (before
 * trees and clouds), e.g. 'house', 'street', 'field', 'lake'.
 */
export function groundClassAt(survey: Survey, lon: number, lat: number): string {
  const z = 18;
  const n = 2 ** z;
  const xf = ((lon + 180) / 360) * n;
  const yf = mercY(lat) * n;
  setupTile(survey, z, Math.floor(xf), Math.floor(yf));
  const u = (xf / n - 0.5) * WORLD;
  const v = (yf / n - 0.5) * WORLD;
  return CLASS_NAMES[classify(u, v)] ?? 'unknown';
}

/**
 * Render one 256×256 RGBA tile (row-major, 4 bytes per pixel) of the survey's procedural imagery,
 * or null when the tile does not intersect the survey footprint. Pixels outside the footprint are
 * fully transparent (alpha 0), pixels inside fully opaque.
 */
export function renderTile(survey: Survey, z: number, x: number, y: number): Uint8Array | null {
  if (!tileIntersectsFootprint(survey, z, x, y)) return null;
  const g = geomOf(survey.footprint);
  const out = new Uint8Array(T * T * 4);
  const covered = rasterize(g, z, x, y);
  if (covered === 0) return out;
  setupTile(survey, z, x, y);
  const n = 2 ** z;
  const ps = PS;
  const uLeft = (x / n - 0.5) * WORLD;
  const vTop = (y / n - 0.5) * WORLD;
  // pass 1: ground, buildings, shadows
  clsBuf.fill(NO_CLASS);
  for (let j = 0; j < T; j++) {
    const s0 = rowSpanStart[j];
    const s1 = rowSpanStart[j + 1];
    const v = vTop + (j + 0.5) * ps;
    for (let sp = s0; sp < s1; sp += 2) {
      for (let i = spanBuf[sp]; i < spanBuf[sp + 1]; i++) shadeBase(uLeft + (i + 0.5) * ps, v, j * T + i);
    }
  }
  // pass 2: trees
  if (!statTrees) splatTrees(uLeft, vTop, ps);
  // atmospheric haze (a little bluish grey) folded into the grade
  const haze = surveyCtx(survey).haze;
  const gradeK = gradeB * (1 - haze);
  const hazeR = 150 * haze;
  const hazeG = 156 * haze;
  const hazeB = 166 * haze;
  const gx0 = x * T;
  const gy0 = y * T;
  for (let j = 0; j < T; j++) {
    const s0 = rowSpanStart[j];
    const s1 = rowSpanStart[j + 1];
    if (s0 === s1) continue;
    const v = vTop + (j + 0.5) * ps;
    for (let sp = s0; sp < s1; sp += 2) {
      const i0 = spanBuf[sp];
      const i1 = spanBuf[sp + 1];
      for (let i = i0; i < i1; i++) {
        const u = uLeft + (i + 0.5) * ps;
        const po = j * T + i;
        shadeFinish(u, v, po);
        // grade: saturation, white balance, brightness, sensor grain
        const lum = (P.cR + P.cG + P.cB) / 3;
        const grain = (hashF(gx0 + i, gy0 + j, z) - 0.5) * 5;
        const r = (lum + (P.cR - lum) * gradeS) * gradeK * gradeR + hazeR + grain;
        const gg = (lum + (P.cG - lum) * gradeS) * gradeK + hazeG + grain;
        const b = (lum + (P.cB - lum) * gradeS) * gradeK * gradeBl + hazeB + grain;
        const o = po * 4;
        out[o] = r < 0 ? 0 : r > 255 ? 255 : r;
        out[o + 1] = gg < 0 ? 0 : gg > 255 ? 255 : gg;
        out[o + 2] = b < 0 ? 0 : b > 255 ? 255 : b;
        out[o + 3] = 255;
      }
    }
  }
  return out;
}
