import { useId } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { RunStatus } from './portfolio.ts';
import { usePortfolio } from './portfolio-store.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { cancelCheck, pauseCheck, startCheck } from './portfolio-runner.ts';

const count = (n: number) => n.toLocaleString('en-US');
const queries = (n: number) => `${count(n)} ${n === 1 ? 'query' : 'queries'}`;
const locationsOf = (n: number) => `${count(n)} ${n === 1 ? 'location' : 'locations'}`;
const STOPPED: Partial<Record<RunStatus, string>> = { paused: 'Paused', cancelled: 'Cancelled' };

/** Check coverage: progress (locations done, queries sent), pause, resume, cancel, and what stopped a run. */
export function PortfolioRun({ connection, total }: { connection: Connection; total: number }) {
  const done = usePortfolio((s) => s.results.size);
  const status = usePortfolio((s) => s.run.status);
  const queriesSent = usePortfolio((s) => s.run.queriesSent);
  const planned = usePortfolio((s) => s.planned);
  const sentThisRun = usePortfolio((s) => s.sentThisRun);
  const pausing = usePortfolio((s) => s.pausing);
  const failure = usePortfolio((s) => s.failure);
  const running = status === 'running';
  const complete = done >= total;
  const start = () => void startCheck(connection);
  const progressId = useId();

  const locations = `${count(done)} of ${locationsOf(total)}`;
  let text: string;
  if (running && planned === 0) text = `Grouping ${locationsOf(total - done)} into queries…`;
  else if (running)
    text = pausing
      ? 'Pausing: finishing the queries already sent…'
      : `Checking: ${locations} · ${count(sentThisRun)} of ${count(planned)} queries sent`;
  else if (complete) text = `${total === 1 ? '' : 'All '}${locationsOf(total)} checked, with ${queries(queriesSent)}.`;
  else if (done === 0 && status !== 'failed') text = 'Not checked yet.';
  else text = `${STOPPED[status] ?? 'Stopped'}: ${locations} checked, ${queries(queriesSent)} sent.`;

  return (
    <div className="portfolio-run">
      <div className="button-row">
        {!running && !complete && (
          <button type="button" className="button button--small button--primary" onClick={start}>
            {done === 0 ? 'Check coverage' : 'Resume'}
          </button>
        )}
        {running && (
          <>
            <button
              type="button"
              className="button button--small"
              disabled={pausing}
              aria-describedby={pausing ? progressId : undefined}
              onClick={pauseCheck}
            >
              Pause
            </button>
            <button type="button" className="button button--small" onClick={cancelCheck}>
              Cancel
            </button>
          </>
        )}
      </div>
      <div className="tiles-progress" role="status" aria-live="polite">
        <progress max={total} value={done} aria-label="Locations checked" />
        <span id={progressId} data-testid="portfolio-progress">
          {text}
        </span>
      </div>
      {status === 'failed' && failure !== null && (
        <ErrorNotice title="The coverage check stopped" error={failure} onRetry={start} compact />
      )}
    </div>
  );
}
