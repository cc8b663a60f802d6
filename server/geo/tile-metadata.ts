import type { CoveredTile, Overlap } from '../../geo/covered-tiles.ts';
import type { AreaGeometry } from '../../geo/geometry.ts';
import type { ServiceConfig } from '../config.ts';
import { unavailable, unprocessable } from '../errors.ts';
import { CoverageRefused, coveragePool } from './coverage-pool.ts';

/**
 * A survey's tiles in an area at a zoom (endpoint 4), worked out on the coverage pool within the configured budget:
 * 422 over the tile cap, 503 when the work does not fit its budget or the pool is full.
 */
export async function surveyTileMetadata(
  footprint: AreaGeometry,
  area: AreaGeometry,
  zoom: number,
  overlap: Overlap,
  config: Pick<ServiceConfig, 'tileCap' | 'coverageBudgetMs'>,
): Promise<CoveredTile[]> {
  let answer: Awaited<ReturnType<ReturnType<typeof coveragePool>['run']>>;
  try {
    answer = await coveragePool().run({ footprint, area, zoom, overlap, cap: config.tileCap }, config.coverageBudgetMs);
  } catch (error) {
    if (!(error instanceof CoverageRefused)) throw error;
    throw unavailable(
      error.reason === 'budget'
        ? `Listing these tiles takes longer than the service allows one request (${config.coverageBudgetMs} ms); ` +
            'narrow the area, simplify it or lower the zoom.'
        : `The service could not list these tiles now (${error.message}); try again.`,
      error.reason === 'budget' ? 'coverage_too_complex' : 'coverage_unavailable',
    );
  }
  if (answer.kind === 'over-cap') {
    const cap = config.tileCap.toLocaleString('en-US');
    throw unprocessable(
      `This request asks for more than ${cap} tiles at zoom ${zoom}; the limit is ${cap}. Narrow the area or lower ` +
        'the zoom.',
      'too_many_tiles',
    );
  }
  return answer.tiles;
}
