import type { Polygon } from 'geojson';
import type { GeoJSONStoreFeatures } from 'terra-draw';
import { describe, expect, it } from 'vitest';
import { areaFromSnapshot, areaToDrawFeatures } from './area-features.ts';

const ring = (w: number, s: number, e: number, n: number) => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];
const polygon = (
  coordinates: number[][][],
  properties: GeoJSONStoreFeatures['properties'] = { mode: 'polygon' },
): GeoJSONStoreFeatures => ({
  type: 'Feature',
  id: Math.random().toString(36),
  geometry: { type: 'Polygon', coordinates },
  properties,
});

describe('areaFromSnapshot', () => {
  it('is null when nothing is drawn', () => {
    expect(areaFromSnapshot([])).toBeNull();
  });

  it('leaves out the polygon being drawn and guidance points', () => {
    const snapshot: GeoJSONStoreFeatures[] = [
      polygon([ring(0, 0, 1, 1)], { mode: 'rectangle' }),
      polygon([ring(5, 5, 6, 6)], { mode: 'polygon', currentlyDrawing: true }),
      {
        type: 'Feature',
        id: 'p',
        geometry: { type: 'Point', coordinates: [0, 0] },
        properties: { mode: 'select', selectionPoint: true },
      },
      {
        type: 'Feature',
        id: 'l',
        geometry: {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
        properties: { mode: 'polygon' },
      },
    ];
    expect(areaFromSnapshot(snapshot)).toEqual({ type: 'Polygon', coordinates: [ring(0, 0, 1, 1)] });
  });

  it('makes a MultiPolygon of several finished polygons', () => {
    expect(areaFromSnapshot([polygon([ring(0, 0, 1, 1)]), polygon([ring(2, 2, 3, 3)])])).toEqual({
      type: 'MultiPolygon',
      coordinates: [[ring(0, 0, 1, 1)], [ring(2, 2, 3, 3)]],
    });
  });
});

describe('areaToDrawFeatures', () => {
  it('makes one polygon-mode feature per polygon, rounded to the precision', () => {
    const features = areaToDrawFeatures(
      { type: 'MultiPolygon', coordinates: [[ring(0.1234567, 0, 1, 1)], [ring(2, 2, 3, 3)]] },
      3,
    );
    expect(features).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [ring(0.123, 0, 1, 1)] },
        properties: { mode: 'polygon' },
      },
      {
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [ring(2, 2, 3, 3)] },
        properties: { mode: 'polygon' },
      },
    ]);
  });

  it('is null for an area with holes, which terra-draw cannot hold', () => {
    const withHole: Polygon = { type: 'Polygon', coordinates: [ring(0, 0, 4, 4), ring(1, 1, 2, 2)] };
    expect(areaToDrawFeatures(withHole, 9)).toBeNull();
  });

  it('round-trips through a snapshot', () => {
    const area: Polygon = { type: 'Polygon', coordinates: [ring(-105, 39.73, -104.97, 39.76)] };
    const features = areaToDrawFeatures(area, 9)!.map((f, i) => ({ ...f, id: i }));
    expect(areaFromSnapshot(features)).toEqual(area);
  });
});
