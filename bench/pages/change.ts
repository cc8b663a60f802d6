/**
 * The change benchmark's page: the viewer's change engine (src/features/change, its worker and all) run over tile
 * pairs the benchmark hands it, signed in with the demo's client credentials like the baseline pages.
 *
 * window.__change.run(pairs, concurrency?, workers?, format?) → seconds from the call to the last result, and each
 * pair's counts.
 */
import type { Connection, Credential } from '../../src/api/connection.ts';
import {
  type ChangePair,
  type ChangeProgress,
  findChanges,
  type FindChangesOptions,
  PAIR_STATUS,
  prepareChangeWorker,
} from '../../src/features/change/index.ts';

const DEMO = {
  client_id: 'demo',
  client_secret: 'demo-secret',
  audience: 'https://api.survey-viewer.example/tile',
  grant_type: 'client_credentials',
};

const token = fetch(`${location.origin}/oauth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(DEMO),
})
  .then((r) => r.json() as Promise<{ access_token: string }>)
  .then((t): Credential => ({ kind: 'bearer', token: t.access_token }));

const connection: Connection = {
  baseUrl: location.origin,
  credentials: { current: () => token, renew: async () => null, peek: () => null },
};

export interface ChangeRunSummary {
  seconds: number;
  /** Per pair: its status, changed and obscured cells. */
  status: number[];
  changedCells: number[];
  obscuredCells: number[];
  failures: string[];
}

// As the viewer does when its panel opens: the engine's first worker loads while the page waits for a run.
prepareChangeWorker();

async function run(
  pairs: ChangePair[],
  concurrency?: number,
  workers?: number,
  format?: 'default',
): Promise<ChangeRunSummary> {
  await token;
  const start = performance.now();
  let progress: ChangeProgress | null = null;
  const options: FindChangesOptions = {
    concurrency,
    workers,
    format,
    onProgress: (latest) => {
      progress = latest;
    },
  };
  const results = await findChanges(connection, pairs, options);
  if (progress === null) throw new Error('findChanges reported no progress.');
  const seconds = (performance.now() - start) / 1000;
  return {
    seconds,
    status: [...results.status],
    changedCells: [...results.changedCells],
    obscuredCells: [...results.obscuredCount],
    failures: [...results.failures.values()].slice(0, 5).map((f) => `${f.status || 'no answer'}: ${f.message}`),
  };
}

(window as unknown as { __change: unknown }).__change = { run, scored: PAIR_STATUS.scored };
