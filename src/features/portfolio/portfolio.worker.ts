/// <reference lib="webworker" />
import { answerJobs } from '../../workers/off-thread.ts';
import { runPortfolioJob } from './portfolio-jobs.ts';

// Grouping thousands of locations and clipping them against footprints takes seconds: kept off the page.
answerJobs(runPortfolioJob);
