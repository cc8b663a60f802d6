/** The coverage pool's worker (coverage-pool.ts): one job at a time, within its budget. */
import { parentPort } from 'node:worker_threads';
import { surveyTilesInArea } from '../../core/geo/covered-tiles.ts';
import { WorkBudgetExceeded, workBudget } from '../../core/geo/work-budget.ts';
import { updatedTiles } from '../catalog/updated-tiles.ts';
import { ApiError } from '../errors.ts';
import { profileNamed } from '../profiles/profile.ts';
import type { CoverageAnswer, CoverageJob, JobMessage, ResultMessage } from './coverage-pool.ts';
import { parseAreaWkt } from './wkt.ts';

const port = parentPort;
if (!port) throw new Error('coverage-worker.ts runs as a worker thread');

const encoder = new TextEncoder();

/** The answer's JSON as UTF-8 bytes, handed to the main thread without a copy (see the transfer below). */
const encode = (answer: unknown): Uint8Array => encoder.encode(JSON.stringify(answer));

function work(job: CoverageJob, budgetMs: number): CoverageAnswer {
  const budget = workBudget(budgetMs);
  if (job.kind === 'updates') {
    const { survey, zoom, window, cap, withPercent } = job;
    const listed = updatedTiles(survey, zoom, window, { cap, budget });
    if (listed.kind === 'over-cap') return { kind: 'over-cap' };
    const updates = profileNamed(job.profile).mosaicUpdates(listed.tiles, { baseUrl: job.baseUrl }, withPercent);
    return { kind: 'tiles', body: encode(updates) };
  }
  let area: ReturnType<typeof parseAreaWkt>;
  try {
    area = parseAreaWkt(job.wkt, budget);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { kind: 'refused', statusCode: error.statusCode, code: error.code, message: error.message };
  }
  if (job.kind === 'area') return { kind: 'area', area };
  const { survey, zoom, overlap, cap, tc } = job;
  const tiles = surveyTilesInArea(survey.footprint, area, zoom, { overlap, cap, budget });
  if (tiles.kind === 'over-cap') return { kind: 'over-cap' };
  const kept = tc === undefined ? tiles.tiles : tiles.tiles.filter((tile) => tile.percentCovered >= tc);
  return {
    kind: 'tiles',
    body: encode(profileNamed(job.profile).tileMetadata(survey, kept, { baseUrl: job.baseUrl })),
  };
}

port.on('message', ({ id, job, budgetMs }: JobMessage) => {
  let result: ResultMessage;
  try {
    result = { id, answer: work(job, budgetMs) };
  } catch (error) {
    result = { id, failure: error instanceof WorkBudgetExceeded ? 'budget' : String((error as Error)?.stack ?? error) };
  }
  // A body's bytes are moved, not copied: the main thread neither copies nor encodes megabytes.
  const body = 'answer' in result && result.answer.kind === 'tiles' ? result.answer.body : undefined;
  port.postMessage(result, body ? [body.buffer as ArrayBuffer] : []);
});
port.postMessage({ ready: true } satisfies ResultMessage);
