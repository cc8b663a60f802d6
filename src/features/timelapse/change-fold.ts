/**
 * "Only captures where this place changed": walking the frames oldest first, a frame whose change score against the
 * last frame kept is under the threshold is folded into it. Scores are asked for in rounds (the walk needs the
 * score against whichever frame was last kept): each round asks for what the walk lacks, and guesses what it will
 * lack next, so that a few rounds do.
 */
import { CHANGED_SCORE } from '../change/index.ts';
import type { TimelapseFrame } from './timelapse-frames.ts';

/** Frame a against later frame b (indices into the frames). */
export type FramePair = readonly [earlier: number, later: number];

/** Scores known so far, by pairKey. */
export type PairScores = ReadonlyMap<string, number>;

export const pairKey = ([a, b]: FramePair): string => `${a}>${b}`;

export interface Fold {
  /** The frames kept, oldest first. */
  kept: number[];
  /** Beside each kept frame, the later frames folded into it. */
  folded: number[][];
}

export type FoldStep = { kind: 'done'; fold: Fold } | { kind: 'need'; pairs: FramePair[] };

/** How many later frames to ask about against the frame last kept, besides the one the walk needs. */
const LOOK_AHEAD = 5;

/** The fold of `count` frames by the scores known, or the pairs to score next. */
export function foldByChange(count: number, scores: PairScores, threshold = CHANGED_SCORE): FoldStep {
  const kept: number[] = count > 0 ? [0] : [];
  const folded: number[][] = count > 0 ? [[]] : [];
  for (let k = 1; k < count; k++) {
    const last = kept[kept.length - 1];
    const score = scores.get(pairKey([last, k]));
    if (score === undefined) return { kind: 'need', pairs: nextPairs(count, scores, last, k) };
    if (score < threshold) folded[folded.length - 1].push(k);
    else {
      kept.push(k);
      folded.push([]);
    }
  }
  return { kind: 'done', fold: { kept, folded } };
}

/** What the walk needs at frame k (against `last`), what it would need if k folds, and each later frame's neighbour. */
function nextPairs(count: number, scores: PairScores, last: number, k: number): FramePair[] {
  const pairs: FramePair[] = [[last, k]];
  for (let j = k + 1; j < Math.min(count, k + 1 + LOOK_AHEAD); j++) pairs.push([last, j]);
  for (let j = k + 1; j < count; j++) pairs.push([j - 1, j]);
  const seen = new Set<string>();
  return pairs.filter((pair) => {
    const key = pairKey(pair);
    if (seen.has(key) || scores.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The frames kept, each with the surveys folded into it (its own folded ones, then the folded frames'). */
export function foldedFrames(frames: readonly TimelapseFrame[], { kept, folded }: Fold): TimelapseFrame[] {
  return kept.map((k, i) => ({
    ...frames[k],
    folded: [...frames[k].folded, ...folded[i].flatMap((j) => [frames[j].survey, ...frames[j].folded])],
  }));
}
