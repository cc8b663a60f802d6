import type { Survey, SurveyFootprint } from '../../core/wire/model.ts';

/** A catalog entry for unit tests: one day's capture from `start` (ISO), at version `lastUpdated`. */
export const testSurvey = (id: string, lastUpdated: string, start = '2024-01-01T00:00:00Z'): Survey => ({
  id,
  captureStart: start,
  captureEnd: new Date(Date.parse(start) + 86_400_000).toISOString(),
  lastUpdated,
  cloudCover: null,
  spectralRange: null,
});

/** The unit square as a survey's footprint. */
export const testFootprint = (surveyId: string): SurveyFootprint => ({
  surveyId,
  bbox: [0, 0, 1, 1],
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0],
      ],
    ],
  },
});
