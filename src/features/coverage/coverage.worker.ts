/// <reference lib="webworker" />
import { answerJobs } from '../../workers/off-thread.ts';
import { runCoverageJob } from './coverage-job.ts';

// Ranks coverage results away from the page: clipping thousands of footprints takes seconds.
answerJobs(runCoverageJob);
