import { offThread } from '../workers/off-thread.ts';
import type { FoundFootprint } from './assign-surveys.ts';
import type { LocationResult } from './location-result.ts';
import type { PortfolioLocation } from './location.ts';
import type { PlannedQuery, PortfolioJob } from './portfolio-jobs.ts';

const run = offThread<PortfolioJob, PlannedQuery[] | LocationResult[]>(
  () => new Worker(new URL('./portfolio.worker.ts', import.meta.url), { type: 'module', name: 'portfolio' }),
  async (job) => (await import('./portfolio-jobs.ts')).runPortfolioJob(job),
);

export const planQueriesOffThread = (locations: PortfolioLocation[], radiusM: number) =>
  run({ kind: 'plan', locations, radiusM }) as Promise<PlannedQuery[]>;

export const assignSurveysOffThread = (locations: PortfolioLocation[], radiusM: number, found: FoundFootprint[]) =>
  run({ kind: 'assign', locations, radiusM, found }) as Promise<LocationResult[]>;
