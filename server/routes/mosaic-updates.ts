import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { LiveCatalog } from '../catalog/live-catalog.ts';
import type { ServiceConfig } from '../config.ts';
import { badRequest, errorResponses } from '../errors.ts';
import { surveyMosaicUpdates } from '../coverage-workers/coverage-work.ts';
import { clientKey } from '../rate-limits.ts';
import type { Profile } from '../profiles/profile.ts';
import { baseUrlOf, checkTime, checkZoom, JSON_TYPE, surveyOrNotFound } from './checks.ts';
import { MosaicUpdatesQuery, SurveyParams } from '../../core/wire/request-schemas.ts';

export interface MosaicUpdateOptions {
  prefix: string;
  profile: Profile;
  catalog: LiveCatalog;
  config: ServiceConfig;
}

/**
 * GET {prefix}/{survey_id}/mosaic_updates?since=&until=&include_percent_covered=&zoom= — the survey's tiles
 * (re)published in the window, at `zoom` (default 14, the grid `mosaic_stac_id` names), one inner array per tile
 * position with the captures published in the window, newest first. The walk and the answer's JSON (megabytes at
 * zoom 18) are made on the coverage workers within the coverage budget, never on the event loop.
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
      async (request, reply) => {
        const { query } = request;
        const zoom = checkZoom(query.zoom);
        const since = checkTime(query.since, 'since');
        const until = checkTime(query.until, 'until');
        if (since !== undefined && until !== undefined && since > until)
          throw badRequest(`since (${query.since}) is after until (${query.until}).`, 'invalid_window');
        const survey = surveyOrNotFound(catalog.current, request.params.survey_id);
        const body = await surveyMosaicUpdates(
          {
            survey,
            zoom,
            window: { since, until },
            withPercent: query.include_percent_covered,
            profile,
            baseUrl: baseUrlOf(config, request),
          },
          config,
          clientKey(request),
        );
        return reply.type(JSON_TYPE).send(body);
      },
    );
  };
}
