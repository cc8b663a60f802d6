import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { WorkBudgetExceeded, workBudget } from '../../geo/work-budget.ts';
import type { LiveCatalog } from '../catalog/live-catalog.ts';
import { updatedTiles } from '../catalog/updated-tiles.ts';
import type { ServiceConfig } from '../config.ts';
import { badRequest, errorResponses, unavailable, unprocessable } from '../errors.ts';
import type { Profile } from '../profiles/profile.ts';
import { baseUrlOf, checkTime, checkZoom, surveyOrNotFound } from './checks.ts';
import { MosaicUpdatesQuery, SurveyParams } from './schemas.ts';

export interface MosaicUpdateOptions {
  prefix: string;
  profile: Profile;
  catalog: LiveCatalog;
  config: ServiceConfig;
}

/**
 * GET {prefix}/{survey_id}/mosaic_updates?since=&until=&include_percent_covered=&zoom= — the survey's tiles
 * (re)published in the window, at `zoom` (default 14, the grid `mosaic_stac_id` names), one inner array per tile
 * position with the captures published in the window, newest first.
 */
export function mosaicUpdateRoutes({ prefix, profile, catalog, config }: MosaicUpdateOptions): FastifyPluginAsync {
  return async (untyped) => {
    const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      `${prefix}/:survey_id/mosaic_updates`,
      {
        schema: {
          summary: 'Tiles (re)published in a time window',
          tags: [profile.name],
          params: SurveyParams,
          querystring: MosaicUpdatesQuery,
          response: { 200: profile.schemas.mosaicUpdates, ...errorResponses },
        },
      },
      async (request) => {
        const { query } = request;
        const zoom = checkZoom(query.zoom);
        const since = checkTime(query.since, 'since');
        const until = checkTime(query.until, 'until');
        if (since !== undefined && until !== undefined && since > until)
          throw badRequest(`since (${query.since}) is after until (${query.until}).`, 'invalid_window');
        const survey = surveyOrNotFound(catalog.current, request.params.survey_id);
        let listed: ReturnType<typeof updatedTiles>;
        try {
          listed = updatedTiles(
            survey,
            zoom,
            { since, until },
            { cap: config.tileCap, budget: workBudget(config.coverageBudgetMs) },
          );
        } catch (error) {
          if (!(error instanceof WorkBudgetExceeded)) throw error;
          throw unavailable(
            `Listing these updates takes longer than the service allows one request (${config.coverageBudgetMs} ms); ` +
              'lower the zoom or narrow the window.',
            'updates_too_complex',
          );
        }
        if (listed.kind === 'over-cap') {
          const cap = config.tileCap.toLocaleString('en-US');
          throw unprocessable(
            `The updates of "${survey.id}" at zoom ${zoom} cover more than ${cap} tiles; the limit is ${cap}. Lower ` +
              'the zoom or narrow the window.',
            'too_many_tiles',
          );
        }
        return profile.mosaicUpdates(
          listed.tiles,
          { baseUrl: baseUrlOf(config, request) },
          query.include_percent_covered,
        );
      },
    );
  };
}
