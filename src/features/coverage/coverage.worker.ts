/// <reference lib="webworker" />
import { runCoverageJob, type CoverageJob } from './coverage-job.ts';

/** Ranks coverage results away from the page: clipping thousands of footprints takes seconds. */
self.onmessage = ({ data }: MessageEvent<{ id: number; job: CoverageJob }>) => {
  try {
    self.postMessage({ id: data.id, answer: runCoverageJob(data.job) });
  } catch (error) {
    self.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
  }
};
