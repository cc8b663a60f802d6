import { describe, expect, it } from 'vitest';
import { CatalogFileError, surveysFromGeoJson } from './load-geojson.ts';

const feature = (
  properties: Record<string, unknown>,
  geometry: unknown = {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ],
  },
) => ({ type: 'Feature', properties, geometry });
const good = {
  id: '2024Q1-TX-AUS',
  capture_date_start: '2024-02-01T10:00:00Z',
  capture_date_end: '2024-02-02T10:00:00Z',
  cloud_cover: 3,
};

describe('operator catalog files', () => {
  it('reads a FeatureCollection of footprints with properties', () => {
    const [survey] = surveysFromGeoJson({ type: 'FeatureCollection', features: [feature(good)] });
    expect(survey).toMatchObject({
      id: '2024Q1-TX-AUS',
      captureStart: '2024-02-01T10:00:00.000Z',
      cloudCover: 3,
      spectralRange: 'visible',
      bbox: [0, 0, 1, 1],
    });
  });

  it.each([
    ['not a collection', { type: 'Feature' }, /FeatureCollection/],
    [
      'a bad id',
      { type: 'FeatureCollection', features: [feature({ ...good, id: '../etc' })] },
      /features\[0\]: properties.id/,
    ],
    [
      'a point',
      { type: 'FeatureCollection', features: [feature(good, { type: 'Point', coordinates: [0, 0] })] },
      /Polygon or MultiPolygon/,
    ],
    [
      'an open ring',
      {
        type: 'FeatureCollection',
        features: [
          feature(good, {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 0],
                [1, 1],
                [0, 1],
              ],
            ],
          }),
        ],
      },
      /closed/,
    ],
    [
      'a bad date',
      { type: 'FeatureCollection', features: [feature({ ...good, capture_date_end: 'yesterday' })] },
      /capture_date_end/,
    ],
    [
      'cloud cover over 100',
      { type: 'FeatureCollection', features: [feature({ ...good, cloud_cover: 120 })] },
      /cloud_cover/,
    ],
  ])('refuses %s with a message naming the problem', (_name, data, message) => {
    expect(() => surveysFromGeoJson(data)).toThrow(CatalogFileError);
    expect(() => surveysFromGeoJson(data)).toThrow(message);
  });
});
