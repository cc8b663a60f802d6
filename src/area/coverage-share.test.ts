import type { MultiPolygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { percentCovered, rankByCoverage, uncoveredPart } from './coverage-share.ts';
import { areaKm2 } from './checked-area.ts';
import { square, squareRing } from '../../core/test/shapes.ts';

const area = square(0, 0, 1, 1);

describe('percentCovered', () => {
  it('is 50 % for a footprint over the western half', () => {
    expect(percentCovered(square(-1, -1, 0.5, 2), area)).toBeCloseTo(50, 6);
  });

  it('is 100 % for a footprint around the area, 0 % for one beside it', () => {
    expect(percentCovered(square(-1, -1, 2, 2), area)).toBeCloseTo(100, 6);
    expect(percentCovered(square(0, 0, 1, 1), area)).toBeCloseTo(100, 6);
    expect(percentCovered(square(3, 3, 4, 4), area)).toBe(0);
    expect(percentCovered(square(1, 0, 2, 1), area)).toBe(0);
  });

  it('counts both parts of a multipolygon footprint', () => {
    const twoQuarters: MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [[squareRing(0, 0, 0.25, 1)], [squareRing(0.75, 0, 1, 1)]],
    };
    expect(percentCovered(twoQuarters, area)).toBeCloseTo(50, 6);
  });
});

describe('rankByCoverage', () => {
  it('ranks by percent covered, then by the most recent capture', () => {
    const candidates = [
      {
        id: 'quarter',
        footprint: square(0, 0, 0.25, 1),
        captureStart: '2025-01-01T00:00:00Z',
        captureEnd: '2025-01-02T00:00:00Z',
      },
      {
        id: 'half-old',
        footprint: square(0, 0, 0.5, 1),
        captureStart: '2022-01-01T00:00:00Z',
        captureEnd: '2022-01-02T00:00:00Z',
      },
      { id: 'half-new', footprint: square(0.5, 0, 1, 1), captureStart: '2024-01-01T00:00:00Z', captureEnd: null },
      {
        id: 'all',
        footprint: square(-1, -1, 2, 2),
        captureStart: '2020-01-01T00:00:00Z',
        captureEnd: '2020-01-01T06:00:00Z',
        cloudCover: 12,
      },
    ];
    const ranked = rankByCoverage(area, candidates);
    expect(ranked.map((r) => r.id)).toEqual(['all', 'half-new', 'half-old', 'quarter']);
    expect(ranked.map((r) => Math.round(r.percentCovered))).toEqual([100, 50, 50, 25]);
    expect(ranked[0]).toMatchObject({ cloudCover: 12 });
  });
});

describe('uncoveredPart', () => {
  it('is the whole area when there are no footprints', () => {
    expect(uncoveredPart(area, [])).toEqual({ geometry: area, km2: areaKm2(area) });
  });

  it('is the eastern half when a footprint covers the western half', () => {
    const rest = uncoveredPart(area, [square(-1, -1, 0.5, 2)]);
    expect(rest.km2).toBeCloseTo(areaKm2(square(0.5, 0, 1, 1)), 6);
    expect(rest.geometry).toEqual(square(0.5, 0, 1, 1));
  });

  it('is the area minus the union of two overlapping footprints', () => {
    const rest = uncoveredPart(area, [square(0, 0, 0.6, 1), square(0.4, 0, 1, 0.5)]);
    expect(rest.km2).toBeCloseTo(areaKm2(square(0.6, 0.5, 1, 1)), 6);
    expect(rest.geometry).toEqual(square(0.6, 0.5, 1, 1));
  });

  it('is null and 0 km² when the footprints cover everything', () => {
    expect(uncoveredPart(area, [square(0, 0, 0.6, 1), square(0.4, 0, 1, 1)])).toEqual({ geometry: null, km2: 0 });
    expect(uncoveredPart(area, [square(-5, -5, 5, 5)])).toEqual({ geometry: null, km2: 0 });
  });

  it('is a multipolygon when a footprint splits the area', () => {
    const rest = uncoveredPart(area, [square(0.4, -1, 0.6, 2)]);
    expect(rest.geometry?.type).toBe('MultiPolygon');
    expect(rest.km2).toBeCloseTo(areaKm2(area) * 0.8, 3);
  });
});
