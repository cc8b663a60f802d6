/**
 * A coverage worker for the pool's tests: it answers every job at once (over the cap), except an area whose WKT is
 * `stuck`, on which it never returns and never looks at its budget, as a runaway job would.
 */
import { threadId } from 'node:worker_threads';
import type { WorkerResult, WorkerTask } from '../coverage-workers/coverage-pool.ts';
import { markStarted } from '../coverage-workers/job-clock.ts';

export default function stuckCoverageWorker({ job, clock }: WorkerTask): WorkerResult {
  markStarted(clock, threadId);
  if (job.kind === 'area' && job.wkt === 'stuck') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  return { kind: 'over-cap' };
}
