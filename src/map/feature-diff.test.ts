import { describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { diffFeatures, type IdFeature } from './feature-diff.ts';

const square = (x: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 0],
      [x + 1, 0],
      [x + 1, 1],
      [x, 1],
      [x, 0],
    ],
  ],
});
const feature = (id: string, geometry: Polygon, order = 0): IdFeature<Polygon> => ({
  type: 'Feature',
  properties: { id, order },
  geometry,
});
const held = (features: IdFeature<Polygon>[]) => new Map(features.map((f) => [f.properties.id, f]));

describe('diffFeatures', () => {
  const geometries = Array.from({ length: 10 }, (_, i) => square(i));
  const ten = geometries.map((g, i) => feature(`s${i}`, g));

  it('replaces everything when nothing is held or most of it changed', () => {
    expect(diffFeatures(new Map(), ten)).toBeNull();
    expect(diffFeatures(held(ten), ten.slice(0, 3))).toBeNull();
  });

  it('sends only added, removed and re-shaped features, and changed properties', () => {
    const next = [...ten.slice(1), feature('new', square(20))];
    next[0] = feature('s1', square(1)); // same shape, new geometry object
    next[1] = feature('s2', geometries[2], 5);
    expect(diffFeatures(held(ten), next)).toEqual({
      remove: ['s0'],
      add: [next[0], next[next.length - 1]],
      update: [{ id: 's2', addOrUpdateProperties: [{ key: 'order', value: 5 }] }],
    });
  });

  it('is empty when nothing changed', () => {
    expect(
      diffFeatures(
        held(ten),
        ten.map((f) => ({ ...f, properties: { ...f.properties } })),
      ),
    ).toEqual({ remove: [], add: [], update: [] });
  });

  it('is empty from nothing to nothing, so that an empty source is not sent an empty collection', () => {
    expect(diffFeatures(new Map(), [])).toEqual({ remove: [], add: [], update: [] });
  });
});
