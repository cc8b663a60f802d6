import { useMemo } from 'react';
import { formatCount } from '../../format/coverage-format.ts';
import { ChangesLegend } from './ChangesLegend.tsx';
import { ChangesList } from './ChangesList.tsx';
import { rankedSpots } from './change-spots.ts';
import type { ChangeRunAnswer } from './find-changes-queries.ts';
import type { ChangeRun } from './find-changes-store.ts';

const tiles = (n: number) => `${formatCount(n)} tile${n === 1 ? '' : 's'}`;

/** A run's answer: what was compared, the legend of the heat map, and the most-changed spots. */
export function ChangesResults({ run, answer }: { run: ChangeRun; answer: ChangeRunAnswer }) {
  const spots = useMemo(() => rankedSpots(answer.results, answer.pairs), [answer]);
  const { results, pairs, unpaired } = answer;
  const summary = results.summary();
  const failed = results.failures.size;
  return (
    <div className="find-changes__results">
      <p className="find-changes__summary" data-testid="find-changes-summary">
        {run.before} → {run.after}: {tiles(pairs.length)} compared, {formatCount(results.ranked().length)} with changed
        cells; {Math.round(summary.obscuredShare * 100)}% of cells not compared.
        {unpaired > 0 ? ` ${tiles(unpaired)} of the area have imagery in only one of the two.` : ''}
        {failed > 0 ? ` ${tiles(failed)} could not be fetched (hatched).` : ''}
      </p>
      <ChangesLegend />
      <p className="find-changes__keys">
        The most-changed spots, most first: a click opens the swipe there; <kbd>N</kbd> goes to the next.
      </p>
      <ChangesList spots={spots} />
    </div>
  );
}
