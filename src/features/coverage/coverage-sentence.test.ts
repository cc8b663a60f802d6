import { describe, expect, it } from 'vitest';
import { coverageSentence } from './coverage-sentence.ts';

describe('the area search summary', () => {
  it.each([
    [[], false, false, 'No survey covers this area.'],
    [[], false, true, 'No survey in the date range covers this area.'],
    [[40], true, false, '1 survey covers part of the area.'],
    [[60, 40, 12], true, false, '3 surveys cover parts of the area.'],
    [[60, 55, 30], false, false, 'No single survey covers all of the area; together the 3 cover all of it.'],
    [
      [60, 55, 30],
      false,
      true,
      'No single survey in the date range covers all of the area; together the 3 cover all of it.',
    ],
    [[100, 99.96, 30], false, false, '2 of the 3 surveys cover all of the area.'],
    [[100, 30], false, false, '1 of the 2 surveys covers all of the area.'],
    [[100, 100], false, false, 'Each of the 2 surveys covers all of the area.'],
    [[99.99], false, false, 'The survey covers all of the area.'],
  ])('%j, gap %s, dates %s → %s', (percents, gap, dates, sentence) => {
    expect(coverageSentence(percents, gap, dates)).toBe(sentence);
  });
});
