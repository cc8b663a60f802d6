type Reply<Answer> = { id: number } & ({ answer: Answer } | { error: string });
interface Waiting<Job, Answer> {
  job: Job;
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

/**
 * Jobs answered by a module worker, started on first use; where there is no worker (or it fails to start or dies) the
 * jobs are run on this thread instead. `start` must hold the literal `new Worker(new URL(…), …)` for the bundler.
 */
export function offThread<Job, Answer>(
  start: () => Worker,
  runHere: (job: Job) => Promise<Answer>,
): (job: Job, transfer?: Transferable[]) => Promise<Answer> {
  /** undefined: not started yet; null: no worker here (or it failed to start), jobs run on this thread. */
  let worker: Worker | null | undefined;
  const waiting = new Map<number, Waiting<Job, Answer>>();
  let nextId = 0;

  function workerOrNull(): Worker | null {
    if (worker !== undefined) return worker;
    worker = null;
    if (typeof Worker === 'undefined') return worker;
    try {
      const started = start();
      started.onmessage = ({ data }: MessageEvent<Reply<Answer>>) => {
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

  return (job, transfer = []) => {
    const target = workerOrNull();
    if (!target) return runHere(job);
    return new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { job, resolve, reject });
      target.postMessage({ id, job }, transfer);
    });
  };
}

/** The worker's side: answers each job with `run`, or with the error's message. */
export function answerJobs<Job, Answer>(run: (job: Job) => Answer | Promise<Answer>): void {
  self.onmessage = async ({ data }: MessageEvent<{ id: number; job: Job }>) => {
    try {
      self.postMessage({ id: data.id, answer: await run(data.job) });
    } catch (error) {
      self.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
    }
  };
}
