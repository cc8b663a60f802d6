import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CHANGE_TILE_CAP, prepareChangeWorker } from '../change/index.ts';
import { ApiError } from '../../api/api-error.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { failureGroups } from './change-failures.ts';
import {
  CHANGE_FILTERS,
  type ChangeFilter,
  type ChangePlan,
  countByChange,
  type LocationChange,
} from './location-change.ts';
import type { PortfolioRow } from './portfolio-rows.ts';
import { portfolioStore, usePortfolio } from './portfolio-store.ts';

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
const FILTER_LABELS: Record<ChangeFilter, string> = {
  all: 'All',
  changed: 'Changed',
  unchanged: 'Unchanged',
  obscured: 'Obscured',
  failed: 'Failed',
  'no pair': 'No pair',
};

/** Seconds left at the rate so far, once there is one. */
function eta({ done, total, elapsedMs }: { done: number; total: number; elapsedMs: number }): string {
  if (done === 0) return '';
  const seconds = Math.ceil((elapsedMs * (total - done)) / done / 1000);
  return seconds >= 90 ? ` · about ${Math.round(seconds / 60)} min left` : ` · about ${seconds} s left`;
}

/**
 * Change scores between each location's capture before the event and its first after it: start (the tiles it will
 * compare said first), progress with an ETA, Cancel, what stopped it with Retry, and the filter by change.
 */
export function PortfolioChanges({
  plan,
  query,
  queryKey,
  rows,
}: {
  plan: ChangePlan;
  query: UseQueryResult<Map<number, LocationChange>>;
  queryKey: readonly unknown[];
  rows: PortfolioRow[];
}) {
  const queryClient = useQueryClient();
  const progress = usePortfolio((s) => s.changeProgress);
  const filter = usePortfolio((s) => s.changeFilter);
  const actions = portfolioStore.getState();
  const counts = countByChange(rows, query.data);
  const scoring = query.isFetching;
  const start = () => {
    actions.changeScoringAsked(plan.key);
    if (query.isError) void query.refetch();
  };
  const cancel = () => {
    void queryClient.cancelQueries({ queryKey });
    actions.changeScoringCancelled();
  };
  const scored = counts.changed + counts.unchanged + counts.obscured + counts.failed;
  const offered = !scoring && !query.data && plan.locations.length > 0;
  // While there is something to score, the engine's first worker loads (a few hundred milliseconds on a slow machine).
  const scorable = plan.locations.length > 0;
  useEffect(() => (scorable ? prepareChangeWorker() : undefined), [scorable]);
  const locations = plural(plan.locations.length, 'location');

  let text: string;
  if (scoring && progress)
    text = `Comparing tiles: ${count(progress.done)} of ${count(progress.total)}${eta(progress)}`;
  else if (query.data)
    text =
      `${plural(scored, 'location')} scored: ${count(counts.changed)} changed, ${count(counts.unchanged)} ` +
      `unchanged, ${count(counts.obscured)} obscured${counts.failed ? `, ${count(counts.failed)} failed` : ''}.`;
  else if (plan.locations.length === 0) text = 'No checked location has a capture on both sides of the event yet.';
  else text = `${locations} to compare (${plural(plan.pairs.length, 'tile pair')}).`;

  return (
    <div className="portfolio-changes">
      <div className="button-row">
        {offered && (
          <button type="button" className="button button--small button--primary" onClick={start}>
            Score changes
          </button>
        )}
        {scoring && (
          <button type="button" className="button button--small" onClick={cancel}>
            Cancel scoring
          </button>
        )}
        {(query.data || counts['no pair'] > 0) && (
          <label className="portfolio-changes__filter">
            Show{' '}
            <select
              className="field__input field__input--select"
              aria-label="Show locations"
              value={filter}
              onChange={(event) => actions.changeFilterChosen(event.target.value as ChangeFilter)}
            >
              {CHANGE_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {FILTER_LABELS[f]} ({count(f === 'all' ? rows.length : counts[f])})
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div className="tiles-progress" role="status" aria-live="polite">
        {scoring && progress && (
          <progress max={progress.total} value={progress.done} aria-label="Tile pairs compared" />
        )}
        <span data-testid="portfolio-change-progress">{text}</span>
      </div>
      {plan.overCap.length > 0 && (
        <p className="field__hint">
          {plural(plan.overCap.length, 'location')} left out: one run compares at most {count(CHANGE_TILE_CAP)} tiles.
          Filter the file, or narrow its areas, and score again.
        </p>
      )}
      {query.isError && <ErrorNotice title="The change scoring stopped" error={query.error} onRetry={start} compact />}
      {!scoring &&
        failureGroups(query.data)
          .slice(0, 3)
          .map(({ failure, count: n }, k) => (
            <ErrorNotice
              key={`${failure.status} ${failure.message}`}
              title={`${plural(n, 'location')} not scored: every tile failed`}
              error={new ApiError(failure.status, 'change_failed', failure.message, failure.correlationId)}
              // One Retry asks every failed location again (and keeps the other scores).
              onRetry={k === 0 ? () => void query.refetch() : undefined}
              compact
            />
          ))}
    </div>
  );
}
