import { circle } from '@turf/turf';
import type { MultiPolygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { demoCatalog } from '../../server/catalog/demo.ts';
import { coveredTiles } from '../../server/geo/tiles.ts';
import type { AreaGeometry } from './area-geometry.ts';
import { square, squareRing } from './test-shapes.ts';
import { estimateSurveyTileCount, surveyTilesInArea } from './tile-count.ts';

const serviceCount = (footprint: AreaGeometry, area: AreaGeometry, z: number) =>
  coveredTiles(footprint, area, z, 'intersects').length;

// Demo footprints are unions of z15 tile cells, so their edges lie on tile edges: the case where
// tile-cover alone would overcount.
const demo = demoCatalog();
const denverL: AreaGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [-105.0, 39.7],
      [-104.9, 39.7],
      [-104.9, 39.74],
      [-104.96, 39.74],
      [-104.96, 39.8],
      [-105.0, 39.8],
      [-105.0, 39.7],
    ],
  ],
};
const twoParts: MultiPolygon = {
  type: 'MultiPolygon',
  coordinates: [[squareRing(-104.99, 39.71, -104.97, 39.73)], [squareRing(-104.95, 39.705, -104.91, 39.72)]],
};

const cases: [string, AreaGeometry, AreaGeometry][] = [
  ['L-shaped footprint, square area across its corner', denverL, square(-104.97, 39.72, -104.93, 39.77)],
  ['L-shaped footprint, circle area', denverL, circle([-104.96, 39.74], 3, { steps: 48 }).geometry],
  ['L-shaped footprint, two-part area', denverL, twoParts],
  ...demo.slice(0, 3).map((survey): [string, AreaGeometry, AreaGeometry] => {
    const [west, south, east, north] = survey.bbox;
    return [
      `demo ${survey.id}, circle in its middle`,
      survey.footprint,
      circle([(west + east) / 2, (south + north) / 2], 3, { steps: 40 }).geometry,
    ];
  }),
  [
    `demo ${demo[3].id}, its whole bounding box`,
    demo[3].footprint,
    square(...(demo[3].bbox as [number, number, number, number])),
  ],
];

describe('surveyTilesInArea equals the service count', () => {
  describe.each(cases)('%s', (_name, footprint, area) => {
    it.each([14, 15, 16, 17])('z%i', (z) => {
      const expected = serviceCount(footprint, area, z);
      expect(expected).toBeGreaterThan(0);
      expect(surveyTilesInArea(footprint, area, z)).toHaveLength(expected);
    });
  });

  it('lists the same tiles as the service', () => {
    const [, footprint, area] = cases[3];
    const key = ({ z, x, y }: { z: number; x: number; y: number }) => `${z}/${x}/${y}`;
    expect(surveyTilesInArea(footprint, area, 16).map(key).sort()).toEqual(
      coveredTiles(footprint, area, 16, 'intersects').map(key).sort(),
    );
  });

  it('is empty when the area misses the footprint', () => {
    expect(surveyTilesInArea(denverL, square(-104.5, 39.5, -104.4, 39.6), 16)).toEqual([]);
  });
});

describe('estimateSurveyTileCount', () => {
  it('is exact while the bounding box is small enough', () => {
    const area = square(-104.97, 39.72, -104.93, 39.77);
    expect(estimateSurveyTileCount(denverL, area, 16)).toEqual({ count: serviceCount(denverL, area, 16), exact: true });
  });

  it('estimates from areas beyond the limit, close to the true count', () => {
    const area = square(-104.97, 39.72, -104.93, 39.77);
    const exact = serviceCount(denverL, area, 17);
    const estimate = estimateSurveyTileCount(denverL, area, 17, 10);
    expect(estimate.exact).toBe(false);
    expect(estimate.count / exact).toBeGreaterThan(0.9);
    expect(estimate.count / exact).toBeLessThan(1.1);
  });

  it('is 0 when footprint and area do not meet', () => {
    expect(estimateSurveyTileCount(denverL, square(10, 10, 11, 11), 21)).toEqual({ count: 0, exact: true });
  });
});
