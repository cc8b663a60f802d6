/**
 * Deterministic demo catalog: a few surveys over each of a couple of dozen real US metro areas.
 *
 * Footprints imitate real aerial mosaics: they are unions of Web Mercator tile cells (z15 by
 * default) selected by a seeded noisy blob, dissolved by exact cell-edge boundary tracing into
 * valid GeoJSON (closed rings, counter-clockwise outer rings, clockwise holes).
 */
import * as turf from '@turf/turf';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { mulberry32, valueNoise } from '../procedural/noise';
import { type AreaGeometry, extentOf, vertexCount } from '../../core/geo/geometry.ts';
import { tilesCovering } from '../../core/geo/covered-tiles.ts';
import { MIN_TILE_ZOOM } from '../../core/wire/limits.ts';
import { latOfTileY, lonOfTileX, quadkeyOf, tileCoordinates } from '../../core/geo/tile-address.ts';
import type { Republication, Survey } from './survey';

// ---------------------------------------------------------------------------------------------
// Seeded helpers

/** FNV-1a string hash → uint32. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A boolean mask over a window of tile cells: cell (i, j) of the mask is tile (x0 + i, y0 + j).
 */
interface CellMask {
  z: number;
  x0: number;
  y0: number;
  w: number;
  h: number;
  cells: Uint8Array;
}

function maskGet(m: CellMask, i: number, j: number): number {
  if (i < 0 || j < 0 || i >= m.w || j >= m.h) return 0;
  return m.cells[j * m.w + i];
}

/**
 * Make the mask "nice": no cells touching only diagonally (fill one of the two empty cells), and
 * no holes except the ones listed in keepHoles (cell indices). Returns the 4-connected components
 * as lists of cell indices, biggest first.
 */
function cleanMask(m: CellMask, keepHoles: Set<number> = new Set()): number[][] {
  const { w, h, cells } = m;
  // 1. Remove diagonal-only contacts (iterate until stable).
  for (let pass = 0; pass < 20; pass++) {
    let changed = false;
    for (let j = 0; j < h - 1; j++) {
      for (let i = 0; i < w - 1; i++) {
        const a = cells[j * w + i];
        const b = cells[j * w + i + 1];
        const c = cells[(j + 1) * w + i];
        const d = cells[(j + 1) * w + i + 1];
        if (a && d && !b && !c) {
          cells[j * w + i + 1] = 1;
          changed = true;
        } else if (b && c && !a && !d) {
          cells[j * w + i] = 1;
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  // 2. Fill holes: empty cells not 4-connected to the window border.
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let i = 0; i < w; i++) {
    stack.push(i, (h - 1) * w + i);
  }
  for (let j = 0; j < h; j++) {
    stack.push(j * w, j * w + w - 1);
  }
  while (stack.length) {
    const k = stack.pop()!;
    if (outside[k] || cells[k]) continue;
    outside[k] = 1;
    const i = k % w;
    const j = (k - i) / w;
    if (i > 0) stack.push(k - 1);
    if (i < w - 1) stack.push(k + 1);
    if (j > 0) stack.push(k - w);
    if (j < h - 1) stack.push(k + w);
  }
  for (let k = 0; k < w * h; k++) {
    if (!cells[k] && !outside[k] && !keepHoles.has(k)) cells[k] = 1;
  }
  // 3. Components (4-connectivity).
  const comp = new Int32Array(w * h).fill(-1);
  const comps: number[][] = [];
  for (let k0 = 0; k0 < w * h; k0++) {
    if (!cells[k0] || comp[k0] >= 0) continue;
    const list: number[] = [];
    const id = comps.length;
    stack.push(k0);
    comp[k0] = id;
    while (stack.length) {
      const k = stack.pop()!;
      list.push(k);
      const i = k % w;
      const j = (k - i) / w;
      const nb = [i > 0 ? k - 1 : -1, i < w - 1 ? k + 1 : -1, j > 0 ? k - w : -1, j < h - 1 ? k + w : -1];
      for (const n of nb) {
        if (n >= 0 && cells[n] && comp[n] < 0) {
          comp[n] = id;
          stack.push(n);
        }
      }
    }
    comps.push(list);
  }
  comps.sort((a, b) => b.length - a.length);
  return comps;
}

/** Signed area (shoelace) of a ring in lon/lat; > 0 means counter-clockwise. */
function ringSignedArea(ring: Position[]): number {
  let s = 0;
  for (let k = 0; k < ring.length - 1; k++) {
    s += ring[k][0] * ring[k + 1][1] - ring[k + 1][0] * ring[k][1];
  }
  return s / 2;
}

/**
 * Exact boundary of a set of cells (which must be free of diagonal-only contacts) as GeoJSON
 * rings: the outer ring first (CCW), then holes (CW). Collinear vertices are dropped.
 */
function traceCells(m: CellMask, cellList: number[]): Position[][] {
  const { w } = m;
  const inSet = new Set(cellList);
  const has = (i: number, j: number) => i >= 0 && j >= 0 && i < m.w && j < m.h && inSet.has(j * w + i);
  // Directed boundary edges in grid-vertex space (y down), interior on the right-hand side.
  const W1 = m.w + 1;
  const next = new Map<number, number>();
  const key = (vx: number, vy: number) => vy * W1 + vx;
  for (const k of cellList) {
    const i = k % w;
    const j = (k - i) / w;
    if (!has(i, j - 1)) next.set(key(i, j), key(i + 1, j));
    if (!has(i + 1, j)) next.set(key(i + 1, j), key(i + 1, j + 1));
    if (!has(i, j + 1)) next.set(key(i + 1, j + 1), key(i, j + 1));
    if (!has(i - 1, j)) next.set(key(i, j + 1), key(i, j));
  }
  const rings: Position[][] = [];
  const used = new Set<number>();
  for (const start of next.keys()) {
    if (used.has(start)) continue;
    const verts: number[] = [];
    let cur = start;
    while (!used.has(cur)) {
      used.add(cur);
      verts.push(cur);
      cur = next.get(cur)!;
    }
    const kept = withoutCollinear(verts.map((v): [number, number] => [v % W1, Math.floor(v / W1)]));
    const ring: Position[] = kept.map(([vx, vy]) => [lonOfTileX(m.x0 + vx, m.z), latOfTileY(m.y0 + vy, m.z)]);
    ring.push([ring[0][0], ring[0][1]]);
    rings.push(ring);
  }
  // Outer ring = largest absolute area; orient outer CCW and holes CW.
  rings.sort((a, b) => Math.abs(ringSignedArea(b)) - Math.abs(ringSignedArea(a)));
  rings.forEach((r, idx) => {
    const a = ringSignedArea(r);
    if ((idx === 0 && a < 0) || (idx > 0 && a > 0)) r.reverse();
  });
  return rings;
}

/** Dissolve components of a cleaned mask into a Polygon or MultiPolygon. */
function maskToFootprint(m: CellMask, components: number[][]): AreaGeometry {
  const polys = components.map((c) => traceCells(m, c));
  if (polys.length === 1) return { type: 'Polygon', coordinates: polys[0] } satisfies Polygon;
  return { type: 'MultiPolygon', coordinates: polys } satisfies MultiPolygon;
}

// ---------------------------------------------------------------------------------------------
// Metros

export interface Metro {
  name: string;
  state: string;
  code: string;
  lon: number;
  lat: number;
  /** Typical survey area in km². */
  size: number;
}

export const DEMO_METROS: readonly Metro[] = [
  { name: 'Denver', state: 'CO', code: 'DEN', lon: -104.9903, lat: 39.7392, size: 260 },
  { name: 'Las Vegas', state: 'NV', code: 'LAS', lon: -115.1398, lat: 36.1699, size: 240 },
  { name: 'Minneapolis', state: 'MN', code: 'MSP', lon: -93.265, lat: 44.9778, size: 200 },
  { name: 'Port Charlotte', state: 'FL', code: 'PTCH', lon: -82.0906, lat: 26.9762, size: 90 },
  { name: 'Columbia', state: 'SC', code: 'COLA', lon: -81.0348, lat: 34.0007, size: 110 },
  { name: 'Iva', state: 'SC', code: 'IVA', lon: -82.6632, lat: 34.3065, size: 14 },
  { name: 'Phoenix', state: 'AZ', code: 'PHX', lon: -112.074, lat: 33.4484, size: 300 },
  { name: 'Austin', state: 'TX', code: 'AUS', lon: -97.7431, lat: 30.2672, size: 180 },
  { name: 'Dallas', state: 'TX', code: 'DAL', lon: -96.797, lat: 32.7767, size: 280 },
  { name: 'Atlanta', state: 'GA', code: 'ATL', lon: -84.388, lat: 33.749, size: 220 },
  { name: 'Charlotte', state: 'NC', code: 'CLT', lon: -80.8431, lat: 35.2271, size: 150 },
  { name: 'Nashville', state: 'TN', code: 'NSH', lon: -86.7816, lat: 36.1627, size: 140 },
  { name: 'Salt Lake City', state: 'UT', code: 'SLC', lon: -111.891, lat: 40.7608, size: 130 },
  { name: 'Sacramento', state: 'CA', code: 'SAC', lon: -121.4944, lat: 38.5816, size: 120 },
  { name: 'Boise', state: 'ID', code: 'BOI', lon: -116.2023, lat: 43.615, size: 70 },
  { name: 'Kansas City', state: 'MO', code: 'KC', lon: -94.5786, lat: 39.0997, size: 160 },
  { name: 'Raleigh', state: 'NC', code: 'RAL', lon: -78.6382, lat: 35.7796, size: 100 },
  { name: 'Tampa', state: 'FL', code: 'TPA', lon: -82.4572, lat: 27.9506, size: 150 },
  { name: 'Omaha', state: 'NE', code: 'OMA', lon: -95.9345, lat: 41.2565, size: 80 },
  { name: 'Oklahoma City', state: 'OK', code: 'OKC', lon: -97.5164, lat: 35.4676, size: 170 },
  { name: 'Boulder', state: 'CO', code: 'BLDR', lon: -105.2705, lat: 40.015, size: 30 },
];

// ---------------------------------------------------------------------------------------------
// Footprint generation

const CELL_Z = 15;

interface BlobSpec {
  /** Centre in cell units relative to the metro centre cell. */
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  metroSeed: number;
  surveySeed: number;
}

function blobValue(b: BlobSpec, i: number, j: number): number {
  const dx = (i + 0.5 - b.cx) / b.rx;
  const dy = (j + 0.5 - b.cy) / b.ry;
  const d = Math.sqrt(dx * dx + dy * dy);
  const f = 1 / 5; // metro-shared shape noise: wavelength ~5 cells
  const shared =
    valueNoise(i * f, j * f, b.metroSeed) * 0.65 + valueNoise(i * f * 2.3, j * f * 2.3, b.metroSeed + 1) * 0.35 - 0.5;
  const own = valueNoise(i / 3, j / 3, b.surveySeed) - 0.5;
  return d + 0.75 * shared + 0.35 * own;
}

function areaKm2(f: AreaGeometry): number {
  return turf.area({ type: 'Feature', properties: {}, geometry: f }) / 1e6;
}

/**
 * Build a footprint for one survey. `targetKm2` is the wanted area, `multi` asks for a second,
 * separate blob. The result is clamped into [5, 400] km² by rescaling and retrying.
 */
function makeFootprint(
  metro: Metro,
  rnd: () => number,
  targetKm2: number,
  multi: boolean,
  surveySeed: number,
): AreaGeometry {
  const cz = CELL_Z;
  const [metroX, metroY] = tileCoordinates(metro.lon, metro.lat, cz);
  const cellX = Math.floor(metroX);
  const cellY = Math.floor(metroY);
  const cellKm = (40075.016686 / 2 ** cz) * Math.cos((metro.lat * Math.PI) / 180);
  const cellArea = cellKm * cellKm;
  const metroSeed = hashString(metro.state + metro.code);
  const offX = (rnd() - 0.5) * 0.5;
  const offY = (rnd() - 0.5) * 0.5;
  const aspect = 0.75 + rnd() * 0.6;
  const angle = rnd() * Math.PI * 2;
  const holeWanted = rnd() < 0.15;
  let scale = 1;
  let spread = 1;
  let best: AreaGeometry | null = null;
  for (let attempt = 0; attempt < 12; attempt++) {
    const r = Math.sqrt((targetKm2 * scale) / cellArea / Math.PI);
    const main: BlobSpec = {
      cx: offX * r,
      cy: offY * r,
      rx: r * Math.sqrt(aspect),
      ry: r / Math.sqrt(aspect),
      metroSeed,
      surveySeed,
    };
    const blobs = [main];
    if (multi) {
      const r2 = r * 0.4;
      const dist = (r * 1.75 + r2 + 3) * spread;
      blobs.push({
        cx: main.cx + Math.cos(angle) * dist,
        cy: main.cy + Math.sin(angle) * dist,
        rx: r2,
        ry: r2,
        metroSeed,
        surveySeed: surveySeed + 7,
      });
    }
    let minI = Infinity;
    let maxI = -Infinity;
    let minJ = Infinity;
    let maxJ = -Infinity;
    for (const b of blobs) {
      const ext = Math.max(b.rx, b.ry) * 2 + 3;
      minI = Math.min(minI, Math.floor(b.cx - ext));
      maxI = Math.max(maxI, Math.ceil(b.cx + ext));
      minJ = Math.min(minJ, Math.floor(b.cy - ext));
      maxJ = Math.max(maxJ, Math.ceil(b.cy + ext));
    }
    const m: CellMask = {
      z: cz,
      x0: cellX + minI,
      y0: cellY + minJ,
      w: maxI - minI + 1,
      h: maxJ - minJ + 1,
      cells: new Uint8Array((maxI - minI + 1) * (maxJ - minJ + 1)),
    };
    for (let j = 0; j < m.h; j++) {
      for (let i = 0; i < m.w; i++) {
        const gi = i + minI;
        const gj = j + minJ;
        let inside = false;
        for (const b of blobs) if (blobValue(b, gi, gj) < 1) inside = true;
        // Keep a one-cell frame free so that the boundary never touches the window edge.
        if (i === 0 || j === 0 || i === m.w - 1 || j === m.h - 1) inside = false;
        if (inside) m.cells[j * m.w + i] = 1;
      }
    }
    // Optionally punch a clean one-cell hole (a gap in the mosaic) inside the main blob.
    const holes = new Set<number>();
    if (holeWanted) {
      const hi = Math.round(main.cx) - minI;
      const hj = Math.round(main.cy + r * 0.3) - minJ;
      let ok = true;
      for (let dj = -1; dj <= 1; dj++) for (let di = -1; di <= 1; di++) if (!maskGet(m, hi + di, hj + dj)) ok = false;
      if (ok) {
        m.cells[hj * m.w + hi] = 0;
        holes.add(hj * m.w + hi);
      }
    }
    let comps = cleanMask(m, holes);
    if (comps.length === 0) {
      scale *= 1.5;
      continue;
    }
    const keep = multi && comps.length >= 2 && comps[1].length >= 3 ? 2 : 1;
    comps = comps.slice(0, keep);
    const f = maskToFootprint(m, comps);
    const a = areaKm2(f);
    best = f;
    if (a < 6) scale *= 6.5 / a;
    else if (a > 390) scale *= 370 / a;
    else if (multi && f.type !== 'MultiPolygon') spread *= 1.25;
    else break;
  }
  return best!;
}

// ---------------------------------------------------------------------------------------------
// Catalog

const DAY = 86400000;
const HOUR = 3600000;
const LATEST_CAPTURE = Date.UTC(2026, 9, 31, 23, 59, 59);
/** No survey is published or updated after this instant, so the demo never claims the future. */
const CATALOG_AS_OF = Date.UTC(2026, 10, 15);

function iso(t: number): string {
  return new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

let demoCache: Survey[] | null = null;

/** Deterministic demo catalog (a fresh deep copy on every call). */
export function demoCatalog(): Survey[] {
  if (!demoCache) demoCache = buildDemoCatalog();
  return structuredClone(demoCache);
}

function buildDemoCatalog(): Survey[] {
  const out: Survey[] = [];
  const ids = new Set<string>();
  const seeds = new Set<number>();
  let multiCount = 0;
  DEMO_METROS.forEach((metro, mi) => {
    const rnd = mulberry32(hashString(`demo:${metro.state}-${metro.code}`));
    const count = 3 + Math.floor(rnd() * 3) + (metro.size >= 200 ? 1 : 0); // 3..6
    // Distinct quarters between 2022Q1 and 2026Q4.
    const quarters = new Set<number>();
    while (quarters.size < count) quarters.add(Math.floor(rnd() * 20));
    const qs = [...quarters].sort((a, b) => a - b);
    const pSeq = new Map<number, number>();
    qs.forEach((q, si) => {
      const year = 2022 + Math.floor(q / 4);
      const quarter = (q % 4) + 1;
      const qStart = Date.UTC(year, (quarter - 1) * 3, 1);
      const isLastQuarter = year === 2026 && quarter === 4;
      const dayOffset = Math.floor(rnd() * (isLastQuarter ? 20 : 80));
      const startHour = 14 + rnd() * 5.5; // 14:00–19:30 UTC ≈ mid-morning to early afternoon in the US
      const captureStart = qStart + dayOffset * DAY + Math.round(startHour * 60) * 60000;
      let duration: number;
      const kind = rnd();
      if (kind < 0.55)
        duration = (2 + rnd() * 7) * HOUR; // single flight
      else if (kind < 0.85)
        duration = (1 + rnd() * 6) * DAY; // a few days
      else duration = (7 + rnd() * 14) * DAY; // a few weeks
      let captureEnd = captureStart + Math.round(duration / 60000) * 60000;
      if (captureEnd > LATEST_CAPTURE) captureEnd = LATEST_CAPTURE - 6 * HOUR;
      const published = Math.min(CATALOG_AS_OF, captureEnd + Math.round((3 + rnd() * 9) * 24) * HOUR);
      const lastUpdated = Math.min(
        CATALOG_AS_OF,
        rnd() < 0.4 ? published : published + Math.round(rnd() * 60 * 24) * HOUR,
      );
      const cloudCover = rnd() < 0.28 ? 0 : Math.round((0.5 + rnd() * 39.5) * 10) / 10;
      const resolutionClass = rnd() < (year >= 2024 ? 0.75 : 0.35) ? '7.5cm' : '10.0cm';

      // Id: the provider mixes "2024Q4" and "2025-P01"/"2025-P1" period forms.
      const formRoll = rnd();
      let id: string;
      const place = `${metro.state}-${metro.code}`;
      if (formRoll < 0.45) {
        id = `${year}Q${quarter}-${place}`;
      } else {
        const padded = formRoll < 0.75;
        let p = (pSeq.get(year) ?? 0) + 1;
        const make = () => `${year}-P${padded ? String(p).padStart(2, '0') : String(p)}-${place}`;
        while (
          ids.has(make()) ||
          ids.has(`${year}-P${p}-${place}`) ||
          ids.has(`${year}-P${String(p).padStart(2, '0')}-${place}`)
        )
          p++;
        pSeq.set(year, p);
        id = make();
      }
      if (ids.has(id)) throw new Error(`duplicate demo id ${id}`);
      ids.add(id);

      let seed = (hashString(id) % 2000000000) + 1;
      while (seeds.has(seed)) seed++;
      seeds.add(seed);

      // Roughly one in six surveys (and at least the second survey of every fourth metro) is split.
      const multi = (mi % 4 === 1 && si === 1) || rnd() < 0.12;
      const target = metro.size * (0.55 + rnd() * 0.7);
      const footprint = makeFootprint(metro, rnd, Math.min(380, Math.max(8, target)), multi, seed);
      if (footprint.type === 'MultiPolygon') multiCount++;
      if (vertexCount(footprint) >= 2000) throw new Error(`footprint of ${id} has too many vertices`);

      out.push({
        id,
        captureStart: iso(captureStart),
        captureEnd: iso(captureEnd),
        publishedDate: iso(published),
        lastUpdated: iso(lastUpdated),
        cloudCover,
        spectralRange: 'visible',
        resolutionClass,
        footprint,
        bbox: extentOf(footprint),
        seed,
      });
    });
  });
  if (multiCount < 5) throw new Error('demo catalog: not enough multipolygons');
  for (const survey of out) republish(survey);
  out.sort((a, b) =>
    a.captureStart < b.captureStart ? -1 : a.captureStart > b.captureStart ? 1 : a.id < b.id ? -1 : 1,
  );
  return out;
}

// ---------------------------------------------------------------------------------------------
// Re-published mosaics

const MONTH = 30 * DAY;

/**
 * About one survey in three published well before the catalog's date had part of its mosaic re-processed from a later
 * flight: a patch of zoom-14 tiles gets a new capture (months later, so another season and more buildings) and a new
 * published date; one in three of those is re-published twice. A separate seeded stream, so the rest of the catalog
 * is as it was.
 */
function republish(survey: Survey): void {
  const rnd = mulberry32(hashString(`republish:${survey.id}`));
  const captureEnd = Date.parse(survey.captureEnd);
  if (rnd() >= 0.35 || captureEnd > CATALOG_AS_OF - 8 * MONTH) return;
  const listed = tilesCovering(survey.footprint, MIN_TILE_ZOOM);
  if (listed.kind !== 'tiles' || listed.tiles.length < 4) return;
  const tiles = listed.tiles;
  const times = rnd() < 0.35 ? 2 : 1;
  const republished: Republication[] = [];
  let after = captureEnd;
  for (let n = 0; n < times; n++) {
    const start = Math.min(after + Math.round(((4 + rnd() * 10) * MONTH) / HOUR) * HOUR, LATEST_CAPTURE - 40 * DAY);
    if (start <= after) break;
    const end = start + Math.round((2 + rnd() * 5) * 60) * 60000;
    const published = Math.min(CATALOG_AS_OF, end + Math.round((3 + rnd() * 6) * 24) * HOUR);
    // A patch around one of the survey's tiles: a radius of 1–2 tiles.
    const centre = tiles[Math.floor(rnd() * tiles.length)];
    const radius = 1 + rnd();
    const quadkeys = tiles
      .filter((t) => (t.x - centre.x) ** 2 + (t.y - centre.y) ** 2 <= radius * radius)
      .map((t) => quadkeyOf(t));
    republished.push({ captureStart: iso(start), captureEnd: iso(end), publishedDate: iso(published), quadkeys });
    after = end;
  }
  if (republished.length === 0) return;
  survey.republished = republished;
  const newest = republished[republished.length - 1].publishedDate;
  if (newest > survey.lastUpdated) survey.lastUpdated = newest;
}

/** A closed ring's vertices (the first not repeated) without those on a line between their neighbours. */
export function withoutCollinear(ring: readonly [number, number][]): [number, number][] {
  const n = ring.length;
  return ring.filter((c, k) => {
    const p = ring[(k + n - 1) % n];
    const q = ring[(k + 1) % n];
    return (c[0] - p[0]) * (q[1] - c[1]) - (c[1] - p[1]) * (q[0] - c[0]) !== 0;
  });
}
