import { describe, expect, it } from 'vitest';
import type { CoverageSurvey } from '../../../core/wire/model.ts';
import { STAC_ITEM_SCHEMA, stacValidator } from '../../test/stac-schemas/validate.ts';
import { surveysItemCollection, surveyStacItem } from './survey-stac.ts';

const SURVEY: CoverageSurvey = {
  id: '2024Q1-CO-DEN',
  captureStart: '2024-03-01T16:00:00.000Z',
  captureEnd: '2024-03-02T19:00:00.000Z',
  lastUpdated: '2024-03-05T10:00:00.000Z',
  cloudCover: 3,
  spectralRange: 'visible',
  footprint: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [-105, 39.7],
          [-104.9, 39.7],
          [-104.9, 39.8],
          [-105, 39.7],
        ],
      ],
    ],
  },
};
const KEY = 'tk_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

describe('survey STAC', () => {
  const validate = stacValidator();

  it('is a valid STAC 1.0 Item whose assets are the layer URLs with the tile key', () => {
    const item = surveyStacItem({
      survey: SURVEY,
      footprint: SURVEY.footprint,
      bbox: [-105, 39.7, -104.9, 39.8],
      baseUrl: 'https://imagery.example',
      key: KEY,
    });
    expect(validate(STAC_ITEM_SCHEMA, item)).toEqual([]);
    expect(item.assets.xyz.href).toBe(`https://imagery.example/tiles/2024Q1-CO-DEN/{z}/{x}/{y}.png?key=${KEY}`);
    expect(item.properties.start_datetime).toBe(SURVEY.captureStart);
    expect(JSON.stringify(item)).not.toContain('api_key');
  });

  it('makes an ItemCollection of an area search, each Item valid with its footprint’s bbox', () => {
    const collection = surveysItemCollection([SURVEY, { ...SURVEY, id: 'OTHER' }], 'https://imagery.example', KEY);
    expect(collection.features.map((f) => f.id)).toEqual(['2024Q1-CO-DEN', 'OTHER']);
    for (const item of collection.features) expect(validate(STAC_ITEM_SCHEMA, item)).toEqual([]);
    expect(collection.features[0].bbox).toEqual([-105, 39.7, -104.9, 39.8]);
  });
});
