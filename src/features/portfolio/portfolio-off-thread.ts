import { offThread } from '../../workers/off-thread.ts';
import type { FoundFootprint } from './assign-surveys.ts';
import type { LocationResult } from './location-result.ts';
import { type PortfolioLocation, placeOf } from './location.ts';
import type { PlannedQuery, PortfolioJob } from './portfolio-jobs.ts';

/** Two workers (one per core of a small machine): one assigns a query's answer while the other takes the next. */
const WORKERS = 2;
const runners = Array.from({ length: WORKERS }, () => ({
  pending: 0,
  run: offThread<PortfolioJob, PlannedQuery[] | LocationResult[]>(
    () => new Worker(new URL('./portfolio.worker.ts', import.meta.url), { type: 'module', name: 'portfolio' }),
    async (job) => (await import('./portfolio-jobs.ts')).runPortfolioJob(job),
  ),
}));

/** The job on the least busy worker. */
async function run(job: PortfolioJob): Promise<PlannedQuery[] | LocationResult[]> {
  const runner = runners.reduce((a, b) => (b.pending < a.pending ? b : a));
  runner.pending++;
  try {
    return await runner.run(job);
  } finally {
    runner.pending--;
  }
}

export const planQueriesOffThread = (locations: PortfolioLocation[], radiusM: number) =>
  run({ kind: 'plan', locations: locations.map(placeOf), radiusM }) as Promise<PlannedQuery[]>;

export const assignSurveysOffThread = (locations: PortfolioLocation[], radiusM: number, found: FoundFootprint[]) =>
  run({ kind: 'assign', locations: locations.map(placeOf), radiusM, found }) as Promise<LocationResult[]>;
