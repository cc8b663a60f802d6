/** The coverage pool's worker (coverage-pool.ts): one tile-metadata computation at a time, within its budget. */
import { parentPort } from 'node:worker_threads';
import { surveyTilesInArea } from '../../geo/covered-tiles.ts';
import { WorkBudgetExceeded, workBudget } from '../../geo/work-budget.ts';
import type { JobMessage, ResultMessage } from './coverage-pool.ts';

const port = parentPort;
if (!port) throw new Error('coverage-worker.ts runs as a worker thread');

port.on('message', ({ id, job, budgetMs }: JobMessage) => {
  let result: ResultMessage;
  try {
    const { footprint, area, zoom, overlap, cap } = job;
    result = { id, answer: surveyTilesInArea(footprint, area, zoom, { overlap, cap, budget: workBudget(budgetMs) }) };
  } catch (error) {
    result = { id, failure: error instanceof WorkBudgetExceeded ? 'budget' : String((error as Error)?.stack ?? error) };
  }
  port.postMessage(result);
});
port.postMessage({ ready: true } satisfies ResultMessage);
