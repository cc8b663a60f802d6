import { describe, expect, it } from 'vitest';
import { coordinatesText, measure, measurementFeatures, minPoints } from './measurement.ts';

const write = { length: (km: number) => `${km.toFixed(3)} km`, area: (km2: number) => `${km2.toFixed(3)} km²` };
/** turf's mean Earth radius: one degree of a great circle. */
const DEGREE_KM = (6_371.008_8 * Math.PI) / 180;

describe('measure', () => {
  it('gives each segment and the total of a path along great circles', () => {
    const sizes = measure({
      kind: 'distance',
      points: [
        [0, 0],
        [0, 1],
        [0, 3],
      ],
    });
    expect(sizes.segmentsKm[0]).toBeCloseTo(DEGREE_KM, 6);
    expect(sizes.segmentsKm[1]).toBeCloseTo(2 * DEGREE_KM, 6);
    expect(sizes.totalKm).toBeCloseTo(3 * DEGREE_KM, 6);
    expect(sizes.areaKm2).toBeNull();
  });

  it('closes an area: perimeter includes the closing segment, and the size is geodesic', () => {
    // About 1 km × 1 km near Denver: a degree of longitude there is shorter than one of latitude.
    const [lng, lat] = [-105, 39.7];
    const dLat = 1 / DEGREE_KM;
    const dLng = dLat / Math.cos((lat * Math.PI) / 180);
    const square = [
      [lng, lat],
      [lng + dLng, lat],
      [lng + dLng, lat + dLat],
      [lng, lat + dLat],
    ];
    const sizes = measure({ kind: 'area', points: square });
    expect(sizes.segmentsKm).toHaveLength(4);
    expect(sizes.totalKm).toBeCloseTo(4, 2);
    expect(sizes.areaKm2!).toBeCloseTo(1, 2);
  });

  it('has no area before three points, and nothing at all for one point', () => {
    expect(
      measure({
        kind: 'area',
        points: [
          [0, 0],
          [1, 0],
        ],
      }).areaKm2,
    ).toBeNull();
    expect(measure({ kind: 'distance', points: [[0, 0]] })).toEqual({ segmentsKm: [], totalKm: 0, areaKm2: null });
  });
});

describe('measurementFeatures', () => {
  it('draws a point with its coordinates as the label', () => {
    const { features } = measurementFeatures({ kind: 'point', points: [[-104.99, 39.74]] }, write);
    expect(features.map((f) => [f.geometry.type, f.properties.role, f.properties.label])).toEqual([
      ['Point', 'point', undefined],
      ['Point', 'label', '39.74000° N, 104.99000° W'],
    ]);
    expect(coordinatesText([151.2, -33.86])).toBe('33.86000° S, 151.20000° E');
    expect([minPoints('point'), minPoints('distance'), minPoints('area')]).toEqual([1, 2, 3]);
  });

  it('draws the path, its points and a label at each segment middle', () => {
    const { features } = measurementFeatures(
      {
        kind: 'distance',
        points: [
          [0, 0],
          [0, 2],
        ],
      },
      write,
    );
    expect(features.map((f) => [f.geometry.type, f.properties.role])).toEqual([
      ['LineString', 'shape'],
      ['Point', 'point'],
      ['Point', 'point'],
      ['Point', 'label'],
    ]);
    expect(features[3].geometry).toEqual({ type: 'Point', coordinates: [0, 1] });
    expect(features[3].properties.label).toBe(write.length(2 * DEGREE_KM));
  });

  it('draws an area as a closed ring with its size at the centre', () => {
    const { features } = measurementFeatures(
      {
        kind: 'area',
        points: [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
      },
      write,
    );
    expect(features[0].geometry.type).toBe('Polygon');
    const labels = features.filter((f) => f.properties.role === 'label');
    expect(labels).toHaveLength(5);
    expect(labels[4].geometry).toEqual({ type: 'Point', coordinates: [0.5, 0.5] });
    expect(labels[4].properties.label).toMatch(/km²$/);
  });
});
