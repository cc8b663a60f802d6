import { offThread } from '../../workers/off-thread.ts';
import type { CoverageJob, CoverageJobAnswer } from './coverage-job.ts';

/** The job's answer from the coverage worker (or this thread where there is none). */
export const runCoverageJobOffThread = offThread<CoverageJob, CoverageJobAnswer>(
  () => new Worker(new URL('./coverage.worker.ts', import.meta.url), { type: 'module', name: 'coverage' }),
  // Run here, loading the geometry code only when needed.
  async (job) => (await import('./coverage-job.ts')).runCoverageJob(job),
);
