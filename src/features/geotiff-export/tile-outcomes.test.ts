import { describe, expect, it } from 'vitest';
import type { TileOutcome } from './provenance.ts';
import { outcomesByKey, TileOutcomes } from './tile-outcomes.ts';
import { packTiles, tileAt } from './tile-records.ts';

const failure = (n: number): TileOutcome => ({
  status: 'failed',
  httpStatus: 500 + n,
  code: `code-${n}`,
  message: `message ${n}`,
  correlationId: n % 2 ? `c-${n}` : null,
});

describe('tile outcomes', () => {
  it('keep every tile’s status, and each failure’s details', () => {
    const outcomes = new TileOutcomes(1_000);
    const expected: (TileOutcome | undefined)[] = [];
    for (let row = 0; row < 1_000; row++) {
      const outcome: TileOutcome | undefined =
        row % 7 === 0 ? undefined : row % 5 === 0 ? failure(row) : { status: row % 3 ? 'exported' : 'no_imagery' };
      expected.push(outcome);
      if (outcome) outcomes.set(row, outcome);
    }
    expect(Array.from({ length: 1_000 }, (_, row) => outcomes.get(row))).toEqual(expected);
    expect(outcomes.size).toBe(expected.filter(Boolean).length);
    for (const status of ['exported', 'no_imagery', 'failed'] as const)
      expect([...outcomes.rows(status)]).toEqual(
        expected.flatMap((outcome, row) => (outcome?.status === status ? [row] : [])),
      );
  });

  it('take a tile’s last outcome, counting it once', () => {
    const outcomes = new TileOutcomes(2);
    outcomes.set(1, failure(1));
    outcomes.set(1, { status: 'exported' });
    expect(outcomes.get(1)).toEqual({ status: 'exported' });
    expect([...outcomes.rows('failed')]).toEqual([]);
    expect(outcomes.size).toBe(1);
  });

  it('are found by tile key for the records they belong to', () => {
    const tiles = packTiles(
      [3, 1, 2].map((x) => ({
        z: 18,
        x,
        y: 9,
        surveyId: 'S',
        url: `u/18/${x}/9`,
        captureId: null,
        captureStart: null,
        captureEnd: null,
        publishedDate: null,
        resolution: null,
        cloudCover: null,
      })),
    );
    const outcomes = outcomesByKey(tiles, new Map([['18/1/9', failure(3)]]));
    expect(tileAt(tiles, 1).x).toBe(1);
    expect([outcomes.get(0), outcomes.get(1), outcomes.get(2)]).toEqual([undefined, failure(3), undefined]);
  });
});
