import * as turf from '@turf/turf';
import { decode as decodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { demoCatalog } from '../catalog/demo';
import type { Survey } from '../catalog/survey';
import { syntheticCatalog } from '../catalog/synthetic';
import { encodeJpeg, encodePng } from './encode';
import { groundClassAt, renderTile, tileCoverageFraction, tileIntersectsFootprint } from './render';

const catalog = demoCatalog();
const byId = (id: string): Survey => {
  const s = catalog.find((c) => c.id === id);
  if (!s) throw new Error(`no survey ${id}`);
  return s;
};

function tileOf(lon: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return [
    Math.floor(((lon + 180) / 360) * n),
    Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n),
  ];
}

function pixelLonLat(z: number, x: number, y: number, i: number, j: number): [number, number] {
  const n = 2 ** z;
  const gx = (x * 256 + i + 0.5) / (256 * n);
  const gy = (y * 256 + j + 0.5) / (256 * n);
  return [gx * 360 - 180, (Math.atan(Math.sinh(Math.PI * (1 - 2 * gy))) * 180) / Math.PI];
}

/** A tile well inside the footprint (tile and its 8 neighbours fully covered). */
function interiorTile(s: Survey, z: number): [number, number] {
  const c = turf.pointOnFeature(s.footprint).geometry.coordinates;
  const [cx, cy] = tileOf(c[0], c[1], z);
  for (let r = 0; r < 40; r++) {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        let ok = true;
        for (let k = 0; k < 9 && ok; k++)
          ok = tileCoverageFraction(s, z, cx + dx + (k % 3) - 1, cy + dy + Math.floor(k / 3) - 1) === 1;
        if (ok) return [cx + dx, cy + dy];
      }
    }
  }
  throw new Error('no interior tile');
}

/** A tile on the footprint boundary with partial coverage. */
function edgeTile(s: Survey, z: number): [number, number, number] {
  const [w, so, e, n] = s.bbox;
  const [x0, y0] = tileOf(w, n, z);
  const [x1, y1] = tileOf(e, so, z);
  let best: [number, number, number] = [0, 0, 0];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const f = tileCoverageFraction(s, z, x, y);
      if (Math.abs(f - 0.5) < Math.abs(best[2] - 0.5)) best = [x, y, f];
    }
  }
  return best;
}

const survey = byId('2025-P01-UT-SLC');

describe('renderTile', () => {
  it('is deterministic (same bytes, also for a structurally equal survey object)', () => {
    const [x, y] = interiorTile(survey, 17);
    const a = renderTile(survey, 17, x, y)!;
    const b = renderTile(survey, 17, x, y)!;
    const c = renderTile(structuredClone(survey), 17, x, y)!;
    expect(a).toBeInstanceOf(Uint8Array);
    expect(a.length).toBe(256 * 256 * 4);
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
    expect(Buffer.compare(Buffer.from(a), Buffer.from(c))).toBe(0);
  });

  it('returns null for tiles that do not intersect the footprint', () => {
    expect(renderTile(survey, 15, 0, 0)).toBeNull();
    const [, , e, n] = survey.bbox;
    const [x, y] = tileOf(e, n, 14);
    expect(renderTile(survey, 14, x + 3, y - 3)).toBeNull();
    expect(tileIntersectsFootprint(survey, 14, x + 3, y - 3)).toBe(false);
    expect(tileCoverageFraction(survey, 14, x + 3, y - 3)).toBe(0);
  });

  it('treats tiles that only touch the staircase boundary as outside', () => {
    // The footprint is made of z15 cells: find a z15 tile just outside an edge of the footprint.
    const [x, y] = interiorTile(survey, 15);
    let xo = x;
    while (tileIntersectsFootprint(survey, 15, xo + 1, y)) xo++;
    expect(tileCoverageFraction(survey, 15, xo, y)).toBe(1);
    expect(tileIntersectsFootprint(survey, 15, xo + 1, y)).toBe(false);
    expect(renderTile(survey, 15, xo + 1, y)).toBeNull();
  });

  it('is opaque inside and transparent outside the footprint at an edge tile', () => {
    const [x, y, f] = edgeTile(survey, 14);
    expect(f).toBeGreaterThan(0.1);
    expect(f).toBeLessThan(0.9);
    const t = renderTile(survey, 14, x, y)!;
    let opaque = 0;
    for (let p = 0; p < 256 * 256; p++) {
      const a = t[p * 4 + 3];
      expect(a === 0 || a === 255).toBe(true);
      if (a === 255) opaque++;
      else expect(t[p * 4] + t[p * 4 + 1] + t[p * 4 + 2]).toBe(0);
    }
    expect(Math.abs(opaque / 65536 - f)).toBeLessThan(0.02);
    // spot-check the scanline mask against an exact point-in-polygon test
    for (let k = 0; k < 300; k++) {
      const i = (k * 37) % 256;
      const j = (k * 91 + 13) % 256;
      const inside = turf.booleanPointInPolygon(pixelLonLat(14, x, y, i, j), survey.footprint);
      expect(t[(j * 256 + i) * 4 + 3] === 255).toBe(inside);
    }
  });

  it('handles MultiPolygon footprints', () => {
    const multi = catalog.find((s) => s.footprint.type === 'MultiPolygon')!;
    const polys = multi.footprint.type === 'MultiPolygon' ? multi.footprint.coordinates : [];
    for (const poly of polys) {
      const p = turf.pointOnFeature(turf.polygon(poly)).geometry.coordinates;
      const [x, y] = tileOf(p[0], p[1], 16);
      const t = renderTile(multi, 16, x, y);
      expect(t).not.toBeNull();
    }
  });

  it('joins neighbouring tiles seamlessly', () => {
    const [x, y] = interiorTile(survey, 17);
    const a = renderTile(survey, 17, x, y)!;
    const b = renderTile(survey, 17, x + 1, y)!;
    const colDiff = (ta: Uint8Array, ia: number, tb: Uint8Array, ib: number) => {
      let d = 0;
      for (let j = 0; j < 256; j++)
        for (let c = 0; c < 3; c++) d += Math.abs(ta[(j * 256 + ia) * 4 + c] - tb[(j * 256 + ib) * 4 + c]);
      return d / (256 * 3);
    };
    const across = colDiff(a, 255, b, 0);
    let inner = 0;
    for (let i = 100; i < 110; i++) inner += colDiff(a, i, a, i + 1) / 10;
    expect(across).toBeLessThan(inner * 2 + 4);
  });

  it('looks the same at z15 and z16 (downsampled children agree with the parent)', () => {
    for (const s of [survey, byId('2024-P1-NV-LAS')]) {
      const [x, y] = interiorTile(s, 15);
      const parent = renderTile(s, 15, x, y)!;
      const kids = [0, 1, 2, 3].map((k) => renderTile(s, 16, 2 * x + (k & 1), 2 * y + (k >> 1))!);
      // compare 16×16-pixel block means of the parent with the same areas of the children
      const B = 16;
      let diff = 0;
      let meanP = 0;
      let meanK = 0;
      for (let bj = 0; bj < 256 / B; bj++) {
        for (let bi = 0; bi < 256 / B; bi++) {
          for (let c = 0; c < 3; c++) {
            let sp = 0;
            let sk = 0;
            for (let j = bj * B; j < (bj + 1) * B; j++) {
              for (let i = bi * B; i < (bi + 1) * B; i++) {
                sp += parent[(j * 256 + i) * 4 + c];
                const kid = kids[(j >= 128 ? 2 : 0) + (i >= 128 ? 1 : 0)];
                for (let d = 0; d < 4; d++) {
                  const ci = (i % 128) * 2 + (d & 1);
                  const cj = (j % 128) * 2 + (d >> 1);
                  sk += kid[(cj * 256 + ci) * 4 + c] / 4;
                }
              }
            }
            diff += Math.abs(sp - sk) / (B * B);
            meanP += sp;
            meanK += sk;
          }
        }
      }
      const blocks = (256 / B) ** 2 * 3;
      expect(diff / blocks).toBeLessThan(6);
      expect(Math.abs(meanP - meanK) / (256 * 256 * 3)).toBeLessThan(3);
    }
  });

  it('differs between surveys of the same place, with more buildings in later surveys', () => {
    const metro = 'CO-DEN';
    const list = catalog
      .filter((s) => s.id.endsWith(metro))
      .sort((a, b) => a.captureStart.localeCompare(b.captureStart));
    const first = list[0];
    const last = list[list.length - 1];
    const inter = turf.intersect(
      turf.featureCollection([turf.feature(first.footprint), turf.feature(last.footprint)]),
    )!;
    const [x, y] = tileOf(...(turf.pointOnFeature(inter).geometry.coordinates as [number, number]), 16);
    const a = renderTile(first, 16, x, y)!;
    const b = renderTile(last, 16, x, y)!;
    let d = 0;
    for (let k = 0; k < a.length; k++) d += Math.abs(a[k] - b[k]);
    expect(d / a.length).toBeGreaterThan(3);

    // Sample the overlap on a grid: a house never disappears, and some new ones appear.
    const [w, s, e, n] = turf.bbox(inter);
    let early = 0;
    let late = 0;
    for (let j = 0; j < 60; j++) {
      for (let i = 0; i < 60; i++) {
        const p: [number, number] = [w + ((e - w) * (i + 0.5)) / 60, s + ((n - s) * (j + 0.5)) / 60];
        if (!turf.booleanPointInPolygon(p, inter)) continue;
        const h0 = groundClassAt(first, ...p) === 'house';
        const h1 = groundClassAt(last, ...p) === 'house';
        if (h0) early++;
        if (h1) late++;
        if (h0) expect(h1).toBe(true);
      }
    }
    expect(late).toBeGreaterThan(early);
  });

  it('renders synthetic surveys too', () => {
    const s = syntheticCatalog(3, 5)[1];
    const c = turf.pointOnFeature(s.footprint).geometry.coordinates;
    const [x, y] = tileOf(c[0], c[1], 15);
    const t = renderTile(s, 15, x, y);
    expect(t).not.toBeNull();
  });
});

describe('tileCoverageFraction', () => {
  it('is 1 inside, 0 outside and consistent with the rendered alpha at the edge', () => {
    const [x, y] = interiorTile(survey, 16);
    expect(tileCoverageFraction(survey, 16, x, y)).toBe(1);
    expect(tileCoverageFraction(survey, 16, 0, 0)).toBe(0);
    const [ex, ey, f] = edgeTile(survey, 13);
    expect(f).toBeGreaterThan(0);
    expect(f).toBeLessThan(1);
    const t = renderTile(survey, 13, ex, ey)!;
    let opaque = 0;
    for (let p = 3; p < t.length; p += 4) if (t[p] === 255) opaque++;
    expect(Math.abs(opaque / 65536 - f)).toBeLessThan(0.02);
  });
});

describe('encode', () => {
  const [ex, ey] = edgeTile(survey, 14);
  const rgba = renderTile(survey, 14, ex, ey)!;

  it('round-trips PNG losslessly', () => {
    const png = encodePng(rgba);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const img = PNG.sync.read(png);
    expect(img.width).toBe(256);
    expect(img.height).toBe(256);
    expect(Buffer.compare(img.data, Buffer.from(rgba))).toBe(0);
  });

  it('encodes JPEG with transparent pixels on white', () => {
    const jpg = encodeJpeg(rgba, 85);
    expect(jpg[0]).toBe(0xff);
    expect(jpg[1]).toBe(0xd8);
    const img = decodeJpeg(jpg, { useTArray: true });
    expect(img.width).toBe(256);
    expect(img.height).toBe(256);
    let k = -1;
    for (let p = 0; p < 65536 && k < 0; p++) {
      const i = p % 256;
      const j = Math.floor(p / 256);
      // a transparent pixel away from the boundary
      if (
        i > 8 &&
        i < 248 &&
        j > 8 &&
        j < 248 &&
        rgba[p * 4 + 3] === 0 &&
        rgba[(p + 8) * 4 + 3] === 0 &&
        rgba[(p - 8) * 4 + 3] === 0
      )
        k = p;
    }
    expect(k).toBeGreaterThanOrEqual(0);
    for (let c = 0; c < 3; c++) expect(img.data[k * 4 + c]).toBeGreaterThan(240);
    expect(() => encodePng(new Uint8Array(10))).toThrow();
  });
});
