import { describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { square, squareRing } from '../../../core/test/shapes.ts';
import { areaSearchStore } from './area-search-store.ts';
import { acceptArea, activeAreaFrom, importNote } from './accept-area.ts';

describe('activeAreaFrom', () => {
  it('gives the area with its WKT, size and origin', () => {
    const outcome = activeAreaFrom(square(-105.12, 39.7, -105.05, 39.75), 'pasted');
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.area.wkt).toBe('POLYGON ((-105.12 39.7, -105.05 39.7, -105.05 39.75, -105.12 39.75, -105.12 39.7))');
    expect(outcome.area.km2).toBeCloseTo(33.3, 0);
    expect(outcome.area).toMatchObject({
      vertexCount: 5,
      tooLarge: false,
      hasHoles: false,
      origin: 'pasted',
      notes: [],
    });
  });

  it('refuses a self-intersecting outline with a message', () => {
    const bowTie: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    };
    const outcome = activeAreaFrom(bowTie, 'drawn');
    expect(outcome).toEqual({ ok: false, message: expect.stringContaining('crosses itself') });
  });

  it('flags an area over the size limit and keeps earlier notes first', () => {
    const outcome = activeAreaFrom(square(-120, 30, -100, 45), 'imported', ['Imported 1 polygon from a.kml.']);
    expect(outcome.ok && outcome.area.tooLarge).toBe(true);
    expect(outcome.ok && outcome.area.notes).toEqual([
      'Imported 1 polygon from a.kml.',
      expect.stringContaining('limited to 696,000 km²'),
    ]);
  });

  it('marks areas with holes, which cannot be edited', () => {
    const withHole: Polygon = {
      type: 'Polygon',
      coordinates: [squareRing(0, 0, 1, 1), squareRing(0.2, 0.2, 0.4, 0.4).reverse()],
    };
    const outcome = activeAreaFrom(withHole, 'pasted');
    expect(outcome.ok && outcome.area.hasHoles).toBe(true);
  });
});

describe('acceptArea', () => {
  it('keeps the current area when the input is refused, and says why', () => {
    acceptArea(square(0, 0, 0.1, 0.1), 'drawn');
    const before = areaSearchStore.getState().area;
    const outcome = acceptArea(
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [1, 0],
            [0, 1],
            [0, 0],
          ],
        ],
      },
      'drawn',
    );
    expect(outcome.ok).toBe(false);
    expect(areaSearchStore.getState().area).toBe(before);
    expect(areaSearchStore.getState().refusal).toMatch(/crosses itself/);
  });

  it('makes a search of an accepted area, and none of one that is too large', () => {
    acceptArea(square(0, 0, 0.1, 0.1), 'drawn');
    expect(areaSearchStore.getState().search?.wkt).toBe(areaSearchStore.getState().area?.wkt);
    acceptArea(square(-120, 30, -100, 45), 'drawn');
    expect(areaSearchStore.getState().area?.tooLarge).toBe(true);
    expect(areaSearchStore.getState().search).toBeNull();
  });
});

describe('importNote', () => {
  it('says what was taken and what was left out', () => {
    expect(importNote('denver-area.geojson', { polygonCount: 1, skipped: { Point: 1 } })).toBe(
      'Imported 1 polygon from denver-area.geojson; left out 1 Point.',
    );
    expect(importNote('two.kml', { polygonCount: 2, skipped: {} })).toBe(
      'Imported 2 polygons from two.kml, merged into one area.',
    );
  });
});
