import type { MultiPolygon, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import {
  areaCentre,
  areaFromPolygons,
  extentCentre,
  extentOf,
  extentsMeet,
  hasHoles,
  polygonsOf,
  vertexCount,
} from './geometry.ts';
import { squareRing } from '../test/shapes.ts';

const withHole: Polygon = { type: 'Polygon', coordinates: [squareRing(0, 0, 4, 4), squareRing(1, 1, 2, 2)] };
const acrossTheAntimeridian: MultiPolygon = {
  type: 'MultiPolygon',
  coordinates: [[squareRing(179.5, 10, 180, 11)], [squareRing(-180, 10, -179.5, 11)]],
};

describe('geometry helpers', () => {
  it('lists the polygons of a Polygon and of a MultiPolygon', () => {
    expect(polygonsOf(withHole)).toEqual([withHole.coordinates]);
    expect(polygonsOf(acrossTheAntimeridian)).toBe(acrossTheAntimeridian.coordinates);
  });

  it('makes a Polygon of one polygon and a MultiPolygon of several, and refuses none', () => {
    expect(areaFromPolygons([withHole.coordinates])).toEqual(withHole);
    expect(areaFromPolygons(acrossTheAntimeridian.coordinates)).toEqual(acrossTheAntimeridian);
    expect(() => areaFromPolygons([])).toThrow(/at least one polygon/);
  });

  it('counts positions with closing ones, and finds holes', () => {
    expect(vertexCount(withHole)).toBe(10);
    expect(vertexCount(acrossTheAntimeridian)).toBe(10);
    expect(hasHoles(withHole)).toBe(true);
    expect(hasHoles(acrossTheAntimeridian)).toBe(false);
  });

  it('gives the extent, which for an area split at the antimeridian spans the globe', () => {
    expect(extentOf(withHole)).toEqual([0, 0, 4, 4]);
    expect(extentOf(acrossTheAntimeridian)).toEqual([-180, 10, 180, 11]);
    expect(extentCentre(extentOf(withHole))).toEqual([2, 2]);
    expect(areaCentre(withHole)).toEqual([2, 2]);
    // Split at the antimeridian: the middle is at 180°, not at 0° across the world.
    expect(areaCentre(acrossTheAntimeridian)).toEqual([180, 10.5]);
    expect(extentsMeet([0, 0, 1, 1], [1, 1, 2, 2])).toBe(true);
    expect(extentsMeet([0, 0, 1, 1], [1.1, 0, 2, 1])).toBe(false);
  });
});
