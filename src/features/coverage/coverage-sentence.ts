import { formatCount } from '../../format/coverage-format.ts';

/** At or above this percent a survey counts as covering the whole area (formatPercent writes it as 100%). */
const WHOLE = 99.95;

/**
 * What the area search found, in one sentence that never contradicts the uncovered part shown beside it: whether some
 * survey covers the whole area, or only all of them together, or parts with a gap left.
 */
export function coverageSentence(percents: readonly number[], gapLeft: boolean, inDateRange: boolean): string {
  const n = percents.length;
  const where = inDateRange ? ' in the date range' : '';
  if (n === 0) return `No survey${where} covers this area.`;
  const count = formatCount(n);
  if (gapLeft)
    return n === 1 ? `1 survey${where} covers part of the area.` : `${count} surveys${where} cover parts of the area.`;
  const whole = percents.filter((p) => p >= WHOLE).length;
  if (n === 1) return `The survey${where} covers all of the area.`;
  if (whole === n) return `Each of the ${count} surveys${where} covers all of the area.`;
  if (whole > 0)
    return `${formatCount(whole)} of the ${count} surveys${where} ${whole === 1 ? 'covers' : 'cover'} all of the area.`;
  return `No single survey${where} covers all of the area; together the ${count} cover all of it.`;
}
