/**
 * The coverage benchmark's areas of interest: deterministic, over the continental US like the
 * synthetic catalog, from city blocks to half a state, some with thousands of vertices.
 */
import type { Position } from 'geojson';
import { stringify } from 'wellknown';
import { type AreaGeometry, vertexCount } from '../core/geo/geometry.ts';
import { prng } from './lib/stats.ts';

export type Area = AreaGeometry;

export interface AreaCase {
  kind: 'box' | 'polygon' | 'detailed' | 'multi';
  area: Area;
  wkt: string;
  vertices: number;
}

/** A closed, counter-clockwise, star-shaped ring of `n` vertices around a centre, radii jittered by `rough`. */
function starRing(
  rnd: () => number,
  lon: number,
  lat: number,
  rx: number,
  ry: number,
  n: number,
  rough: number,
): Position[] {
  const ring: Position[] = [];
  // Smooth low-frequency wobble plus per-vertex noise: looks like an administrative boundary.
  const phases = [rnd() * 6.28, rnd() * 6.28, rnd() * 6.28];
  for (let i = 0; i < n; i++) {
    const t = (i / n) * Math.PI * 2;
    const wobble =
      1 + 0.25 * Math.sin(3 * t + phases[0]) + 0.12 * Math.sin(7 * t + phases[1]) + 0.05 * Math.sin(23 * t + phases[2]);
    const r = Math.max(0.15, wobble * (1 - rough / 2 + rough * rnd()));
    ring.push([round(lon + Math.cos(t) * rx * r), round(lat + Math.sin(t) * ry * r)]);
  }
  ring.push([ring[0][0], ring[0][1]]);
  return ring;
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

function box(w: number, s: number, e: number, n: number): Position[] {
  return [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ].map(([x, y]) => [round(x), round(y)]);
}

const toWkt = (area: Area) => stringify(area as Parameters<typeof stringify>[0]);

/**
 * `count` areas: 45 % boxes (0.01°–2°), 30 % irregular polygons (8–200 vertices, up to 3°),
 * 15 % detailed boundaries (1,000–9,000 vertices, 0.5°–4°), 10 % multipolygons with a hole.
 */
export function coverageAreas(count: number, seed = 7): AreaCase[] {
  const rnd = prng(seed);
  const cases: AreaCase[] = [];
  for (let i = 0; i < count; i++) {
    const lon = -122 + rnd() * 53;
    const lat = 27 + rnd() * 20;
    const roll = rnd();
    let kind: AreaCase['kind'];
    let area: Area;
    if (roll < 0.45) {
      kind = 'box';
      const w = 0.01 * 200 ** rnd();
      const h = w * (0.5 + rnd());
      area = { type: 'Polygon', coordinates: [box(lon - w / 2, lat - h / 2, lon + w / 2, lat + h / 2)] };
    } else if (roll < 0.75) {
      kind = 'polygon';
      const r = 0.05 * 30 ** rnd();
      area = {
        type: 'Polygon',
        coordinates: [starRing(rnd, lon, lat, r, r * (0.6 + 0.6 * rnd()), 8 + Math.floor(rnd() * 192), 0.3)],
      };
    } else if (roll < 0.9) {
      kind = 'detailed';
      const r = 0.25 * 8 ** rnd();
      area = {
        type: 'Polygon',
        coordinates: [starRing(rnd, lon, lat, r, r * (0.6 + 0.5 * rnd()), 1000 + Math.floor(rnd() * 8000), 0.08)],
      };
    } else {
      kind = 'multi';
      const r = 0.1 * 10 ** rnd();
      const outer = starRing(rnd, lon, lat, r, r * 0.8, 64 + Math.floor(rnd() * 400), 0.1);
      const hole = starRing(rnd, lon, lat, r * 0.3, r * 0.25, 32, 0.1).reverse();
      const other = box(lon + r * 1.6, lat - r * 0.3, lon + r * 2.2, lat + r * 0.3);
      area = { type: 'MultiPolygon', coordinates: [[outer, hole], [other]] };
    }
    cases.push({ kind, area, wkt: toWkt(area), vertices: vertexCount(area) });
  }
  return cases;
}
