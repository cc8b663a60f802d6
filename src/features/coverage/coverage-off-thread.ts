import type { CoverageJob, CoverageJobAnswer } from './coverage-job.ts';

type Reply = { id: number } & ({ answer: CoverageJobAnswer } | { error: string });
interface Waiting {
  job: CoverageJob;
  resolve: (answer: CoverageJobAnswer) => void;
  reject: (error: Error) => void;
}

/** undefined: not started yet; null: no worker here (or it failed to start), jobs run on this thread. */
let worker: Worker | null | undefined;
const waiting = new Map<number, Waiting>();
let nextId = 0;

/** Runs the job here, loading the geometry code only when needed. */
async function runHere(job: CoverageJob): Promise<CoverageJobAnswer> {
  const { runCoverageJob } = await import('./coverage-job.ts');
  return runCoverageJob(job);
}

function coverageWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker === 'undefined') return worker;
  try {
    const started = new Worker(new URL('./coverage.worker.ts', import.meta.url), { type: 'module', name: 'coverage' });
    started.onmessage = ({ data }: MessageEvent<Reply>) => {
      const entry = waiting.get(data.id);
      if (!entry) return;
      waiting.delete(data.id);
      if ('answer' in data) entry.resolve(data.answer);
      else entry.reject(new Error(data.error));
    };
    // A worker that cannot start (or dies) hands its jobs back: they are worked out here instead.
    started.onerror = (event) => {
      event.preventDefault();
      started.terminate();
      worker = null;
      const jobs = [...waiting.values()];
      waiting.clear();
      for (const { job, resolve, reject } of jobs) runHere(job).then(resolve, reject);
    };
    worker = started;
  } catch {
    // No worker here: jobs run on this thread.
  }
  return worker;
}

/** The job's answer from the coverage worker (or this thread where there is none). */
export function runCoverageJobOffThread(job: CoverageJob): Promise<CoverageJobAnswer> {
  const target = coverageWorker();
  if (!target) return runHere(job);
  return new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { job, resolve, reject });
    target.postMessage({ id, job });
  });
}
