/**
 * Synthetic catalog for scale tests: n small staircase-footprint surveys scattered over the
 * continental US. Deterministic for a given (n, seed); 100,000 surveys generate in well under a
 * second or two.
 */
import type { Position } from 'geojson';
import { latOfTileY, lonOfTileX, tileAt } from '../../core/geo/tile-address.ts';
import { mulberry32, withoutCollinear } from './demo';
import type { Survey } from './survey';

const DAY = 86400000;
const START = Date.UTC(2015, 0, 1);
const END = Date.UTC(2026, 9, 31);

function iso(t: number): string {
  return new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * n surveys with ids `SYN-000001`…, footprints made of a few Web Mercator tile cells (z13/z14) in a
 * "skyline" staircase shape: a run of columns sharing the top edge, each with its own height.
 */
export function syntheticCatalog(n: number, seed = 1): Survey[] {
  const rnd = mulberry32(seed * 0x9e3779b1 + 12345);
  const out: Survey[] = new Array(n);
  const width = Math.max(6, String(n).length);
  for (let k = 0; k < n; k++) {
    // Continental US, roughly: lon -124..-67, lat 25..49 (some points fall offshore; fine for tests).
    const lon = -124 + rnd() * 57;
    const lat = 25 + rnd() * 24;
    const z = rnd() < 0.5 ? 13 : 14;
    const { x: x0, y: y0 } = tileAt(lon, lat, z);
    const cols = 1 + Math.floor(rnd() * 4);
    const heights: number[] = [];
    for (let c = 0; c < cols; c++) heights.push(1 + Math.floor(rnd() * 3));
    // Ring in tile-vertex space (y down, north up): built clockwise, reversed below to CCW.
    const verts: [number, number][] = [];
    verts.push([x0, y0], [x0 + cols, y0]);
    for (let c = cols - 1; c >= 0; c--) {
      const h = heights[c];
      const last = verts[verts.length - 1];
      if (last[1] !== y0 + h) verts.push([x0 + c + 1, y0 + h]);
      verts.push([x0 + c, y0 + h]);
    }
    // Close via the left edge back to the start; drop collinear points.
    const ring: Position[] = withoutCollinear(verts).map(([x, y]) => [lonOfTileX(x, z), latOfTileY(y, z)]);
    ring.reverse();
    ring.push([ring[0][0], ring[0][1]]);
    let minLon = Infinity;
    let minLat = Infinity;
    let maxLon = -Infinity;
    let maxLat = -Infinity;
    for (const [a, b] of ring) {
      if (a < minLon) minLon = a;
      if (a > maxLon) maxLon = a;
      if (b < minLat) minLat = b;
      if (b > maxLat) maxLat = b;
    }
    const captureStart = START + Math.floor(rnd() * ((END - START) / 60000 - 60 * 24 * 30)) * 60000;
    const captureEnd = captureStart + Math.round((2 + rnd() * (rnd() < 0.7 ? 8 : 24 * 14)) * 60) * 60000;
    const published = captureEnd + Math.round((3 + rnd() * 10) * 24) * 3600000;
    const lastUpdated = published + (rnd() < 0.5 ? 0 : Math.round(rnd() * 90) * DAY);
    out[k] = {
      id: `SYN-${String(k + 1).padStart(width, '0')}`,
      captureStart: iso(captureStart),
      captureEnd: iso(captureEnd),
      publishedDate: iso(published),
      lastUpdated: iso(lastUpdated),
      cloudCover: rnd() < 0.3 ? 0 : Math.round(rnd() * 400) / 10,
      spectralRange: 'visible',
      resolutionClass: rnd() < 0.5 ? '7.5cm' : '10.0cm',
      footprint: { type: 'Polygon', coordinates: [ring] },
      bbox: [minLon, minLat, maxLon, maxLat],
      seed: seed * 1000003 + k + 1,
    };
  }
  return out;
}
