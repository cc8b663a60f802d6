import { describe, expect, it } from 'vitest';
import {
  CELL_GRID,
  CHANGE_TILE_CAP,
  CHANGED_SCORE,
  type ChangeCapture,
  type ChangeExplanation,
  type ChangePair,
  ChangeResults,
  type ChangeSummary,
  ChangeTileCapError,
  type ChangeVerdict,
  cellCentre,
  findChanges,
  OBSCURED,
  type ObscuredReason,
  PAIR_STATUS,
  type PairScore,
  type PairStatus,
  type Season,
  seasonAt,
} from './index.ts';

const capture = (surveyId: string, date: string): ChangeCapture => ({ surveyId, captureId: surveyId, date });
const pair = (y: number, before: string, after: string): ChangePair => ({
  z: 17,
  x: 27_000,
  y,
  before: capture('A', before),
  after: capture('B', after),
});

/** A score with `changed` cells changed (scores 200) and `obscured` cloudy. */
function score(changed: number, obscured = 0): PairScore {
  const cells = new Uint8Array(256);
  const reasons = new Uint8Array(256);
  const cloud: ObscuredReason = OBSCURED.cloud;
  for (let c = 0; c < changed; c++) cells[c] = 200;
  for (let c = 0; c < obscured; c++) reasons[255 - c] = cloud;
  return { cells, obscured: reasons, changedCells: changed, obscuredCells: obscured };
}

describe('change results', () => {
  it('explain each score: its captures and dates, its parts, and whether the seasons differ', () => {
    const pairs = [
      pair(50_000, '2024-01-10T16:00:00Z', '2024-07-10T16:00:00Z'),
      pair(50_001, '2024-06-01', '2024-07-01'),
    ];
    const results = new ChangeResults(2);
    results.record(0, PAIR_STATUS.scored, score(64, 16));
    results.record(1, PAIR_STATUS.scored, score(0));
    const explained: ChangeExplanation = results.explain(0, pairs[0]);
    const scored: PairStatus = PAIR_STATUS.scored;
    const changed: ChangeVerdict = 'changed';
    const summary: ChangeSummary = results.summary([0, 1]);
    expect(explained.status).toBe(scored);
    expect(summary.verdict).toBe(changed);
    expect(explained).toMatchObject({
      verdict: 'changed',
      changedShare: 0.25,
      obscuredShare: 1 / 16,
      seasons: ['winter', 'summer'],
      differentSeasons: true,
      hemisphere: 'north',
      before: pairs[0].before,
      after: pairs[0].after,
    });
    expect(explained.score).toBeGreaterThan(CHANGED_SCORE);
    expect(results.explain(1, pairs[1])).toMatchObject({ verdict: 'unchanged', score: 0, differentSeasons: false });
    expect(results.ranked()).toEqual([0]);
    expect(results.done).toBe(2);
  });

  it('turn the seasons round south of the equator', () => {
    const southernSummer: Season = 'summer';
    expect(seasonAt('2024-01-15', -33.9)).toBe(southernSummer);
    expect(seasonAt('2024-01-15', 40)).toBe('winter');
    expect(seasonAt('2024-04-15', -33.9)).toBe('autumn');
  });

  it('place each cell of a tile', () => {
    const [west, north] = cellCentre({ z: 1, x: 0, y: 0 }, 0);
    const [east, south] = cellCentre({ z: 1, x: 0, y: 0 }, CELL_GRID * CELL_GRID - 1);
    expect(west).toBeCloseTo(-180 + 180 / 32);
    expect(east).toBeCloseTo(-180 / 32);
    expect(north).toBeGreaterThan(south);
  });

  it('refuse a run past the tile cap, saying how many and what the cap is', async () => {
    const pairs = Array.from({ length: CHANGE_TILE_CAP + 1 }, (_, i) => pair(i, '2024-01-01', '2025-01-01'));
    const refused = findChanges({ baseUrl: 'https://service.example' }, pairs);
    await expect(refused).rejects.toBeInstanceOf(ChangeTileCapError);
    await expect(refused).rejects.toThrow('10,001 tiles to compare: Find changes compares at most 10,000 at once.');
  });
});
