/** The coverage pool's worker (coverage-pool.ts): piscina calls the default export, one job at a time. */
import { threadId } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { surveyTilesInArea } from '../../core/geo/covered-tiles.ts';
import { WorkBudgetExceeded, workBudget } from '../../core/geo/work-budget.ts';
import { updatedTiles } from '../catalog/updated-tiles.ts';
import { ApiError } from '../errors.ts';
import { profileNamed } from '../profiles/profile.ts';
import type { CoverageAnswer, CoverageJob, WorkerResult, WorkerTask } from './coverage-pool.ts';
import { checkedAreaOfWkt } from '../geo/wkt.ts';
import { markStarted } from './job-clock.ts';

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
  let area: ReturnType<typeof checkedAreaOfWkt>;
  try {
    area = checkedAreaOfWkt(job.wkt, budget);
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

export default function coverageWorker({ job, budgetMs, clock }: WorkerTask): WorkerResult | ReturnType<typeof move> {
  markStarted(clock, threadId);
  let answer: CoverageAnswer;
  try {
    answer = work(job, budgetMs);
  } catch (error) {
    if (error instanceof WorkBudgetExceeded) return { kind: 'over-budget' };
    throw error;
  }
  if (answer.kind !== 'tiles') return answer;
  // A body's bytes are moved, not copied: the main thread neither copies nor encodes megabytes.
  return move({ [transferableSymbol]: [answer.body.buffer], [valueSymbol]: answer });
}
