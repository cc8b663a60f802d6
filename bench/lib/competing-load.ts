/**
 * A fixed competing load for the "under load" runs (`npm run bench -- --load`): a separate process that keeps one
 * core busy for as long as it runs, as another busy program on an analyst's laptop would. Ours and the baseline run
 * interleaved while it runs, so both meet the same load.
 */
import { spawn } from 'node:child_process';

export interface CompetingLoad {
  pid: number;
  stop(): Promise<void>;
}

/** Starts the busy process (node spinning in a loop at normal priority). */
export function startCompetingLoad(): CompetingLoad {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return {
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
