import { describe, expect, it } from 'vitest';
import { areaToGeoJson, areaToWkt, footprintsToGeoJson } from './export-area.ts';
import { areaKm2 } from './checked-area.ts';
import { square } from '../../core/test/shapes.ts';

describe('area exports', () => {
  const area = square(-105, 39.73, -104.97, 39.76);

  it('exports the area as the WKT that is sent', () => {
    expect(areaToWkt(area)).toBe('POLYGON ((-105 39.73, -104.97 39.73, -104.97 39.76, -105 39.76, -105 39.73))');
  });

  it('exports the area as a one-feature GeoJSON FeatureCollection with its km²', () => {
    const collection = areaToGeoJson(area);
    expect(collection.features).toEqual([
      { type: 'Feature', geometry: area, properties: { area_km2: expect.any(Number) } },
    ]);
    expect(collection.features[0].properties.area_km2).toBeCloseTo(areaKm2(area), 3);
  });

  it('exports footprints with their survey id and extra properties', () => {
    const collection = footprintsToGeoJson([
      {
        surveyId: '2024Q2-CO-DEN',
        geometry: area,
        properties: { percent_covered: 50, capture_start: '2024-06-01T16:00:00Z' },
      },
      { surveyId: '2023Q3-CO-DEN', geometry: square(0, 0, 1, 1) },
    ]);
    expect(collection).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: '2024Q2-CO-DEN',
          geometry: area,
          properties: { survey_id: '2024Q2-CO-DEN', percent_covered: 50, capture_start: '2024-06-01T16:00:00Z' },
        },
        {
          type: 'Feature',
          id: '2023Q3-CO-DEN',
          geometry: square(0, 0, 1, 1),
          properties: { survey_id: '2023Q3-CO-DEN' },
        },
      ],
    });
  });
});
