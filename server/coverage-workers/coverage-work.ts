/**
 * The coverage routes' geometry and `mosaic_updates`' walk, done on the coverage pool (coverage-pool.ts) within the
 * configured budget: 4xx for an area that is refused or a tile list over the cap, 503 when the work does not fit its
 * budget or the pool is full.
 */
import type { Overlap } from '../../core/geo/covered-tiles.ts';
import type { AreaGeometry } from '../../core/geo/geometry.ts';
import type { Survey } from '../catalog/survey.ts';
import type { UpdateWindow } from '../catalog/updated-tiles.ts';
import type { Profile } from '../profiles/profile.ts';
import type { ServiceConfig } from '../config.ts';
import { ApiError, unavailable, unprocessable } from '../errors.ts';
import { type CoverageAnswer, type CoverageJob, CoverageRefused, coveragePool } from './coverage-pool.ts';

type Budget = Pick<ServiceConfig, 'coverageBudgetMs'>;

/** What a 503 says when the job does not fit its budget. */
interface OverBudget {
  code: string;
  message(budgetMs: number): string;
}

const AREA_OVER_BUDGET: OverBudget = {
  code: 'coverage_too_complex',
  message: (ms) =>
    `This area takes longer to check or list than the service allows one request (${ms} ms); narrow the area, ` +
    'simplify it or lower the zoom.',
};

/** `client`: whose turn the job waits for (the verified credential: one client's flood does not hold up another). */
async function run(
  job: CoverageJob,
  config: Budget,
  client: string,
  overBudget = AREA_OVER_BUDGET,
): Promise<CoverageAnswer> {
  let answer: CoverageAnswer;
  try {
    answer = await coveragePool().run(job, config.coverageBudgetMs, client);
  } catch (error) {
    if (!(error instanceof CoverageRefused)) throw error;
    if (error.reason === 'budget') throw unavailable(overBudget.message(config.coverageBudgetMs), overBudget.code);
    throw unavailable(`The service could not work on this now (${error.message}); try again.`, 'coverage_unavailable');
  }
  if (answer.kind === 'refused') throw new ApiError(answer.statusCode, answer.code, answer.message);
  return answer;
}

/** A list's answer as the bytes to send (the worker's, not a copy). */
function bodyOf(answer: CoverageAnswer): Buffer {
  if (answer.kind !== 'tiles') throw new Error(`expected tiles, got ${answer.kind}`);
  return Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength);
}

/** A WKT area of interest, read and checked (server/geo/wkt.ts). */
export async function checkedArea(wkt: string, config: Budget, client: string): Promise<AreaGeometry> {
  const answer = await run({ kind: 'area', wkt }, config, client);
  if (answer.kind !== 'area') throw new Error(`expected an area, got ${answer.kind}`);
  return answer.area;
}

export interface TileMetadataRequest {
  survey: Survey;
  wkt: string;
  zoom: number;
  overlap: Overlap;
  /** Keep tiles at least this percent covered. */
  tc?: number;
  profile: Profile;
  baseUrl: string;
}

/**
 * A survey's tiles in a WKT area at a zoom (endpoint 4), as the JSON body (UTF-8) of the answer in the request's
 * profile.
 */
export async function surveyTileMetadata(
  { survey, wkt, zoom, overlap, tc, profile, baseUrl }: TileMetadataRequest,
  config: Budget & Pick<ServiceConfig, 'tileCap'>,
  client: string,
): Promise<Buffer> {
  const job: CoverageJob = {
    kind: 'tiles',
    wkt,
    survey,
    zoom,
    overlap,
    cap: config.tileCap,
    tc,
    profile: profile.name,
    baseUrl,
  };
  const answer = await run(job, config, client);
  if (answer.kind === 'over-cap') {
    const cap = config.tileCap.toLocaleString('en-US');
    throw unprocessable(
      `This request asks for more than ${cap} tiles at zoom ${zoom}; the limit is ${cap}. Narrow the area or lower ` +
        'the zoom.',
      'too_many_tiles',
    );
  }
  return bodyOf(answer);
}

export interface MosaicUpdatesRequest {
  survey: Survey;
  zoom: number;
  window: UpdateWindow;
  withPercent: boolean;
  profile: Profile;
  baseUrl: string;
}

/** A survey's tiles (re)published in a time window (`mosaic_updates`), as the JSON body (UTF-8) of the answer. */
export async function surveyMosaicUpdates(
  { survey, zoom, window, withPercent, profile, baseUrl }: MosaicUpdatesRequest,
  config: Budget & Pick<ServiceConfig, 'tileCap'>,
  client: string,
): Promise<Buffer> {
  const job: CoverageJob = {
    kind: 'updates',
    survey,
    zoom,
    window,
    withPercent,
    cap: config.tileCap,
    profile: profile.name,
    baseUrl,
  };
  const answer = await run(job, config, client, {
    code: 'updates_too_complex',
    message: (ms) =>
      `Listing these updates takes longer than the service allows one request (${ms} ms); lower the zoom or ` +
      'narrow the window.',
  });
  if (answer.kind === 'over-cap') {
    const cap = config.tileCap.toLocaleString('en-US');
    throw unprocessable(
      `The updates of "${survey.id}" at zoom ${zoom} cover more than ${cap} tiles; the limit is ${cap}. Lower the ` +
        'zoom or narrow the window.',
      'too_many_tiles',
    );
  }
  return bodyOf(answer);
}
