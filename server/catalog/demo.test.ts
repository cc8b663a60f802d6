import * as turf from '@turf/turf';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { demoCatalog } from './demo';
import type { Survey } from './survey';
import { syntheticCatalog } from './synthetic';
import { polygonsOf } from '../../core/geo/geometry.ts';

const ID_RE = /^\d{4}(Q[1-4]|-P\d{1,2})-[A-Z]{2}-[A-Z]{2,5}$/;

function place(id: string): string {
  return id.split('-').slice(-2).join('-');
}

function signedArea(ring: Position[]): number {
  let a = 0;
  for (let k = 0; k < ring.length - 1; k++) a += ring[k][0] * ring[k + 1][1] - ring[k + 1][0] * ring[k][1];
  return a / 2;
}

function feature(s: Survey): Feature<Polygon | MultiPolygon> {
  return { type: 'Feature', properties: {}, geometry: s.footprint };
}

describe('demoCatalog', () => {
  const catalog = demoCatalog();

  it('is deterministic and returns independent copies', () => {
    const again = demoCatalog();
    expect(again).toEqual(catalog);
    again[0].id = 'changed';
    expect(demoCatalog()[0].id).toBe(catalog[0].id);
  });

  it('has at least 60 surveys over at least 15 metros', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(60);
    const metros = new Set(catalog.map((s) => place(s.id)));
    expect(metros.size).toBeGreaterThanOrEqual(15);
    // several surveys per metro
    for (const m of metros) expect(catalog.filter((s) => place(s.id) === m).length).toBeGreaterThanOrEqual(3);
  });

  it('uses unique ids in the provider forms', () => {
    const ids = catalog.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(ID_RE);
    // all three period forms occur
    expect(ids.some((id) => /^\d{4}Q[1-4]-/.test(id))).toBe(true);
    expect(ids.some((id) => /^\d{4}-P0\d-/.test(id))).toBe(true);
    expect(ids.some((id) => /^\d{4}-P[1-9]-/.test(id))).toBe(true);
  });

  it('has valid footprints: closed rings, CCW outer rings, CW holes, no self-intersections', () => {
    for (const s of catalog) {
      let vertices = 0;
      for (const poly of polygonsOf(s.footprint)) {
        poly.forEach((ring, idx) => {
          expect(ring.length).toBeGreaterThanOrEqual(4);
          expect(ring[0]).toEqual(ring[ring.length - 1]);
          const a = signedArea(ring);
          if (idx === 0) expect(a).toBeGreaterThan(0);
          else expect(a).toBeLessThan(0);
          vertices += ring.length;
        });
      }
      expect(vertices).toBeLessThan(2000);
      expect(turf.kinks(feature(s) as Feature<Polygon>).features).toHaveLength(0);
      expect(turf.booleanValid(feature(s))).toBe(true);
    }
  });

  it('has areas between 5 and 400 km² and several MultiPolygons', () => {
    for (const s of catalog) {
      const km2 = turf.area(feature(s)) / 1e6;
      expect(km2).toBeGreaterThan(5);
      expect(km2).toBeLessThan(400);
    }
    expect(catalog.filter((s) => s.footprint.type === 'MultiPolygon').length).toBeGreaterThanOrEqual(5);
  });

  it('has consistent bbox, dates, attributes and distinct seeds', () => {
    const seeds = new Set<number>();
    for (const s of catalog) {
      expect(s.bbox).toEqual(turf.bbox(s.footprint));
      const t = [s.captureStart, s.captureEnd, s.publishedDate, s.lastUpdated].map((d) => Date.parse(d));
      for (const v of t) expect(Number.isFinite(v)).toBe(true);
      expect(s.captureStart).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(t[0]).toBeLessThan(t[1]);
      expect(t[1] - t[0]).toBeLessThanOrEqual(22 * 86400000);
      expect(t[2]).toBeGreaterThan(t[1]);
      expect(t[3]).toBeGreaterThanOrEqual(t[2]);
      expect(t[3]).toBeLessThanOrEqual(Date.UTC(2026, 10, 15));
      expect(t[0]).toBeGreaterThanOrEqual(Date.UTC(2022, 0, 1));
      expect(t[1]).toBeLessThanOrEqual(Date.UTC(2026, 9, 31, 23, 59, 59));
      expect(s.cloudCover).toBeGreaterThanOrEqual(0);
      expect(s.cloudCover).toBeLessThanOrEqual(40);
      expect(['7.5cm', '10.0cm']).toContain(s.resolutionClass);
      expect(s.spectralRange).toBe('visible');
      expect(Number.isInteger(s.seed)).toBe(true);
      seeds.add(s.seed);
    }
    expect(seeds.size).toBe(catalog.length);
    expect(catalog.some((s) => s.cloudCover === 0)).toBe(true);
    const years = new Set(catalog.map((s) => s.captureStart.slice(0, 4)));
    for (const y of ['2022', '2023', '2024', '2025', '2026']) expect(years).toContain(y);
  });

  it('has surveys of the same metro that overlap substantially but are not identical', () => {
    const byMetro = new Map<string, Survey[]>();
    for (const s of catalog) byMetro.set(place(s.id), [...(byMetro.get(place(s.id)) ?? []), s]);
    for (const list of byMetro.values()) {
      for (let i = 0; i + 1 < list.length; i++) {
        const a = list[i];
        const b = list[i + 1];
        expect(JSON.stringify(a.footprint)).not.toBe(JSON.stringify(b.footprint));
        const inter = turf.intersect(turf.featureCollection([feature(a), feature(b)]));
        expect(inter).not.toBeNull();
        const share = turf.area(inter!) / Math.min(turf.area(feature(a)), turf.area(feature(b)));
        expect(share).toBeGreaterThan(0.3);
      }
    }
  });
});

describe('syntheticCatalog', () => {
  it('generates n deterministic, valid surveys', () => {
    const a = syntheticCatalog(500, 7);
    expect(a).toHaveLength(500);
    expect(syntheticCatalog(500, 7)).toEqual(a);
    expect(syntheticCatalog(500, 8)).not.toEqual(a);
    expect(a[0].id).toBe('SYN-000001');
    expect(a[499].id).toBe('SYN-000500');
    for (const s of a) {
      const ring = (s.footprint as Polygon).coordinates[0];
      expect(ring[0]).toEqual(ring[ring.length - 1]);
      expect(signedArea(ring)).toBeGreaterThan(0);
      expect(s.bbox).toEqual(turf.bbox(s.footprint));
      expect(s.bbox[0]).toBeGreaterThan(-125);
      expect(s.bbox[2]).toBeLessThan(-66);
      const y = Number(s.captureStart.slice(0, 4));
      expect(y).toBeGreaterThanOrEqual(2015);
      expect(y).toBeLessThanOrEqual(2026);
      expect(Date.parse(s.captureEnd)).toBeGreaterThan(Date.parse(s.captureStart));
      expect(Date.parse(s.lastUpdated)).toBeGreaterThanOrEqual(Date.parse(s.publishedDate));
    }
    for (const s of a.slice(0, 50)) expect(turf.booleanValid(feature(s))).toBe(true);
  });

  // How long it takes is a figure of `npm run bench -- scale` (service ready at 10⁴–10⁶ surveys), not timed here.
  it('generates 100,000 surveys with distinct ids', () => {
    const big = syntheticCatalog(100_000);
    expect(big).toHaveLength(100_000);
    expect(new Set(big.map((s) => s.id)).size).toBe(100_000);
    expect(big[99_999].id).toBe('SYN-100000');
  });
});
