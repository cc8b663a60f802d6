import { describe, expect, it } from 'vitest';
import type { Survey, TileMetadataItem } from '../../../core/wire/model.ts';
import { areaPairs, orderedSides, surveysAround } from './change-pairs.ts';

const tile = (x: number, captureId: string, captureStart: string | null): TileMetadataItem => ({
  z: 17,
  x,
  y: 50_000,
  url: `https://service.example/tile/v2/S/17/${x}/50000.png`,
  extent: null,
  captureId,
  captureStart,
  captureEnd: captureStart,
  publishedDate: null,
  resolution: null,
  fileFormat: null,
  percentCovered: 100,
});
const survey = (id: string, start: string, end = start): Survey => ({
  id,
  captureStart: start,
  captureEnd: end,
  lastUpdated: null,
  cloudCover: 0,
  spectralRange: null,
});

describe('the tiles Find changes compares', () => {
  it('pairs the tiles both surveys have, each at the capture its survey shows (the newest), earlier first', () => {
    const before = [tile(1, 'a1', '2022-02-13T14:00:00Z'), tile(2, 'a2', '2022-02-13T14:00:00Z')];
    const after = [
      tile(2, 'b2-old', '2025-02-18T14:00:00Z'),
      tile(2, 'b2-new', '2025-06-01T14:00:00Z'),
      tile(3, 'b3', '2025-02-18T14:00:00Z'),
    ];
    const { pairs, unpaired } = areaPairs({ surveyId: 'A', tiles: before }, { surveyId: 'B', tiles: after });
    expect(pairs).toEqual([
      {
        z: 17,
        x: 2,
        y: 50_000,
        before: { surveyId: 'A', captureId: 'a2', date: '2022-02-13T14:00:00Z', url: before[1].url },
        after: { surveyId: 'B', captureId: 'b2-new', date: '2025-06-01T14:00:00Z', url: after[1].url },
      },
    ]);
    expect(unpaired).toBe(2);
  });

  it('leaves out a tile that does not say when it was captured, and counts it', () => {
    const { pairs, unpaired } = areaPairs(
      { surveyId: 'A', tiles: [tile(1, 'a1', null)] },
      { surveyId: 'B', tiles: [tile(1, 'b1', '2025-01-01T00:00:00Z')] },
    );
    expect(pairs).toEqual([]);
    expect(unpaired).toBe(1);
  });

  it('chooses the last survey before a day and the first from it on', () => {
    const surveys = [
      survey('S2025', '2025-02-18T14:00:00Z', '2025-02-23T06:00:00Z'),
      survey('S2022', '2022-02-13T14:00:00Z'),
      survey('S2024', '2024-08-20T18:00:00Z', '2024-08-21T00:00:00Z'),
    ];
    expect(surveysAround(surveys, '2024-01-01')).toMatchObject({ before: { id: 'S2022' }, after: { id: 'S2024' } });
    // A survey still being flown on the day is on neither side: nothing is after it here.
    expect(surveysAround(surveys, '2025-02-20')).toBeNull();
    expect(surveysAround(surveys, '2024-08-21')).toMatchObject({ before: { id: 'S2022' }, after: { id: 'S2025' } });
    expect(surveysAround(surveys, '2021-01-01')).toBeNull();
    expect(surveysAround(surveys, 'not a day')).toBeNull();
    expect(orderedSides(surveys, 'S2025', 'S2022')).toMatchObject({ before: { id: 'S2022' }, after: { id: 'S2025' } });
    expect(orderedSides(surveys, 'S2022', 'S2022')).toBeNull();
  });
});
