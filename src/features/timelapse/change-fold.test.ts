import { describe, expect, it } from 'vitest';
import { CHANGED_SCORE } from '../change/index.ts';
import { type Fold, type FramePair, foldByChange, foldedFrames, pairKey } from './change-fold.ts';
import type { TimelapseFrame, TimelapseSurvey } from './timelapse-frames.ts';
import { timelapseStore } from './timelapse-store.ts';

const frame = (id: string, folded: string[] = []): TimelapseFrame => {
  const survey = (s: string): TimelapseSurvey => ({
    id: s,
    captureStart: '',
    captureEnd: '',
    cloudCover: null,
    bounds: [0, 0, 1, 1],
  });
  return { survey: survey(id), captures: new Map(), folded: folded.map(survey) };
};

/**
 * Runs the fold as the query does, answering each round's pairs from `truth` (a score per pair, CHANGED_SCORE
 * and over where the later frame differs), and counts the rounds and the pairs asked for.
 */
function fold(count: number, truth: (pair: FramePair) => number): { fold: Fold; rounds: number; asked: number } {
  const scores = new Map<string, number>();
  let rounds = 0;
  let asked = 0;
  for (;;) {
    const step = foldByChange(count, scores);
    if (step.kind === 'done') return { fold: step.fold, rounds, asked };
    rounds += 1;
    asked += step.pairs.length;
    for (const pair of step.pairs) {
      expect(pair[0]).toBeLessThan(pair[1]);
      expect(scores.has(pairKey(pair))).toBe(false);
      scores.set(pairKey(pair), truth(pair));
    }
  }
}

/** Frames showing the ground as it stood at `stages[k]`: two frames differ where their stages do. */
const byStage =
  (stages: number[]) =>
  ([a, b]: FramePair): number =>
    stages[a] === stages[b] ? 0.1 : 0.9;

describe('only captures where this place changed', () => {
  it('folds each frame scored under the threshold against the last frame kept, and keeps the others', () => {
    // Frames 1 and 2 look like 0; 3 changed; 4 looks like 3; 5 changed again.
    const { fold: result } = fold(6, byStage([0, 0, 0, 1, 1, 2]));
    expect(result).toEqual({ kept: [0, 3, 5], folded: [[1, 2], [4], []] });
  });

  it('compares with the last frame kept, not the frame before: slow change adds up', () => {
    // Each frame a little past the one before (0.3), so the third past the first is a change (0.6).
    const slow = ([a, b]: FramePair) => Math.min(1, (b - a) * 0.3);
    expect(slow([0, 1])).toBeLessThan(CHANGED_SCORE);
    const { fold: result } = fold(5, slow);
    expect(result).toEqual({ kept: [0, 2, 4], folded: [[1], [3], []] });
  });

  it('asks for what the walk needs in a few rounds, never a pair twice', () => {
    const { rounds, asked } = fold(20, byStage([0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3]));
    expect(rounds).toBeLessThanOrEqual(4);
    expect(asked).toBeLessThanOrEqual(40);
    // Nothing folds: one round, each frame against the one before (and five guesses against the first).
    expect(fold(10, () => 1)).toMatchObject({ rounds: 1, asked: 14, fold: { kept: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] } });
  });

  it('needs nothing for none or one frame', () => {
    expect(foldByChange(0, new Map())).toEqual({ kind: 'done', fold: { kept: [], folded: [] } });
    expect(foldByChange(1, new Map())).toEqual({ kind: 'done', fold: { kept: [0], folded: [[]] } });
  });

  it("puts the folded frames' surveys, and those already folded into them, with the frame kept", () => {
    const frames = [frame('A'), frame('B', ['B2']), frame('C'), frame('D')];
    const kept = foldedFrames(frames, { kept: [0, 2], folded: [[1], [3]] });
    expect(kept.map((f) => [f.survey.id, f.folded.map((s) => s.id)])).toEqual([
      ['A', ['B', 'B2']],
      ['C', ['D']],
    ]);
  });

  it('keeps the option when the timelapse closes and opens again, as its speed and cloud limit', () => {
    const { timelapseOpened, onlyChangedChosen, speedChosen, timelapseClosed } = timelapseStore.getState();
    timelapseOpened({ autoplay: false });
    timelapseStore.getState().frameChosen(3);
    onlyChangedChosen(true);
    speedChosen(500);
    expect(timelapseStore.getState()).toMatchObject({ onlyChanged: true, index: 0 });
    timelapseClosed();
    timelapseOpened({ autoplay: false });
    expect(timelapseStore.getState()).toMatchObject({ onlyChanged: true, frameMs: 500, open: true });
    onlyChangedChosen(false);
    expect(timelapseStore.getState().onlyChanged).toBe(false);
  });
});
