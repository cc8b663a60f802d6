/**
 * How far the page's verdicts agree with those computed here for the same tile pairs: the page's browser decodes the
 * JPEG tiles scaled (libjpeg's DCT scaling), this process decodes them whole (jpeg-js) and takes 4 × 4 means, so a
 * cell near a threshold may fall either side; a location's verdict should not.
 */
import { CHANGE_THRESHOLDS } from '../../src/features/change/change-thresholds.ts';
import type { PairScore } from '../../src/features/change/index.ts';
import { summarise } from '../../src/features/change/score-pair.ts';
import type { ChangeRunSummary } from '../pages/change.ts';

export interface Agreement {
  /** Pairs with the same changed and obscured cell counts. */
  pairs: number;
  /** Locations (four pairs each, in order) with the same verdict, of `locations`. */
  sameVerdict: number;
  locations: number;
}

export function agreement(page: ChangeRunSummary, expected: PairScore[]): Agreement {
  const pairs = expected.filter(
    (score, i) => page.changedCells[i] === score.changedCells && page.obscuredCells[i] === score.obscuredCells,
  ).length;
  const verdict = (changed: (i: number) => number, obscured: (i: number) => number, at: number) => {
    const four = [at, at + 1, at + 2, at + 3];
    const sum = (f: (i: number) => number) => four.reduce((total, i) => total + f(i), 0);
    return summarise({ changedCells: sum(changed), obscuredCells: sum(obscured), cells: 1024 }, CHANGE_THRESHOLDS)
      .verdict;
  };
  let sameVerdict = 0;
  for (let at = 0; at < expected.length; at += 4) {
    const ours = verdict(
      (i) => page.changedCells[i],
      (i) => page.obscuredCells[i],
      at,
    );
    const here = verdict(
      (i) => expected[i].changedCells,
      (i) => expected[i].obscuredCells,
      at,
    );
    if (ours === here) sameVerdict++;
  }
  return { pairs, sameVerdict, locations: expected.length / 4 };
}
