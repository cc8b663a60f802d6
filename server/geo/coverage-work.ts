/**
 * The coverage routes' geometry, done on the coverage pool (coverage-pool.ts) within the configured budget: 4xx for an
 * area that is refused or a tile list over the cap, 503 when the work does not fit its budget or the pool is full.
 */
import type { Overlap } from '../../geo/covered-tiles.ts';
import type { AreaGeometry } from '../../geo/geometry.ts';
import type { Survey } from '../catalog/survey.ts';
import type { Profile } from '../profiles/profile.ts';
import type { ServiceConfig } from '../config.ts';
import { ApiError, unavailable, unprocessable } from '../errors.ts';
import { type CoverageAnswer, type CoverageJob, CoverageRefused, coveragePool } from './coverage-pool.ts';

type Budget = Pick<ServiceConfig, 'coverageBudgetMs'>;

async function run(job: CoverageJob, config: Budget): Promise<CoverageAnswer> {
  let answer: CoverageAnswer;
  try {
    answer = await coveragePool().run(job, config.coverageBudgetMs);
  } catch (error) {
    if (!(error instanceof CoverageRefused)) throw error;
    throw unavailable(
      error.reason === 'budget'
        ? `This area takes longer to check or list than the service allows one request (${config.coverageBudgetMs} ` +
            'ms); narrow the area, simplify it or lower the zoom.'
        : `The service could not work on this area now (${error.message}); try again.`,
      error.reason === 'budget' ? 'coverage_too_complex' : 'coverage_unavailable',
    );
  }
  if (answer.kind === 'refused') throw new ApiError(answer.statusCode, answer.code, answer.message);
  return answer;
}

/** A WKT area of interest, read and checked (server/geo/wkt.ts). */
export async function checkedArea(wkt: string, config: Budget): Promise<AreaGeometry> {
  const answer = await run({ kind: 'area', wkt }, config);
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

/** A survey's tiles in a WKT area at a zoom (endpoint 4), as the JSON body of the answer in the request's profile. */
export async function surveyTileMetadata(
  { survey, wkt, zoom, overlap, tc, profile, baseUrl }: TileMetadataRequest,
  config: Budget & Pick<ServiceConfig, 'tileCap'>,
): Promise<string> {
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
  const answer = await run(job, config);
  if (answer.kind === 'over-cap') {
    const cap = config.tileCap.toLocaleString('en-US');
    throw unprocessable(
      `This request asks for more than ${cap} tiles at zoom ${zoom}; the limit is ${cap}. Narrow the area or lower ` +
        'the zoom.',
      'too_many_tiles',
    );
  }
  if (answer.kind !== 'tiles') throw new Error(`expected tiles, got ${answer.kind}`);
  return answer.body;
}
