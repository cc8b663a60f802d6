import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import { LRUCache } from 'lru-cache';
import type { Catalog } from '../catalog/catalog.ts';
import type { LiveCatalog } from '../catalog/live-catalog.ts';
import type { Survey } from '../catalog/survey.ts';
import { surveyVersion } from '../catalog/survey-version.ts';
import type { ServiceConfig } from '../config.ts';
import { badRequest, errorResponses, notFound } from '../errors.ts';
import { MAX_TILE_ZOOM, MIN_TILE_ZOOM } from '../../core/wire/limits.ts';
import { isValidTile } from '../../core/geo/tile-address.ts';
import { checkedArea, surveyTileMetadata } from '../coverage-workers/coverage-work.ts';
import { clientKey } from '../rate-limits.ts';
import type { TileSource } from '../imagery/source.ts';
import type { Profile } from '../profiles/profile.ts';
import { baseUrlOf, checkDay, checkZoom, JSON_TYPE, surveyOrNotFound } from './checks.ts';
import { jsonArrayAnswer } from './json-array-answer.ts';
import { notModified, tileAnswerer } from './tile-answer.ts';
import { LATEST_IMAGERY } from '../../core/wire/latest-imagery.ts';
import { parseTileAddress } from './tile-request.ts';
import { mosaicUpdateRoutes } from './mosaic-updates.ts';
import {
  AllSurveysQuery,
  BasemapMosaicParams,
  BasemapMosaicQuery,
  AreaCoverageQuery,
  MosaicTileParams,
  SurveyListQuery,
  SurveyParams,
  TileMetadataQuery,
  TileParams,
  TileQuery,
} from '../../core/wire/request-schemas.ts';

export interface SurveyRouteOptions {
  /** "/tile/v2", or "/tile" for the legacy routes. */
  prefix: string;
  profile: Profile;
  /** Read once per request: a reloaded catalog file swaps it whole. */
  catalog: LiveCatalog;
  config: ServiceConfig;
  tiles: TileSource;
  /** Whether the capture-specific tile route exists under this prefix. */
  mosaicRoute: boolean;
  /** The list route answers every survey in one array with footprints (legacy), not a page. */
  listAll?: boolean;
  /** Where the provider's basemap mosaic route lives ("/tile/rsm"), when this family serves it. */
  basemapMosaic?: string;
  /**
   * Whether the survey pages and in-memory tiles may be answered again from memory (server/fast-path.ts):
   * their 200 answers depend only on the URL, the Host and the catalog.
   */
  repeatable: boolean;
}

const FOOTPRINT_CACHE = 'private, max-age=604800';
/** The one basemap mosaic the reference service publishes on `/tile/rsm` (the provider's default name). */
const BASEMAP_MOSAIC = 'NSL_BASEMAP_v7';
/** The provider publishes no maximum page size: larger pages are served at this size, which the answer states. */
export const MAX_PAGE_SIZE = 1000;

export function surveyRoutes(options: SurveyRouteOptions): FastifyPluginAsync {
  const { prefix, profile, catalog, config, tiles } = options;
  const pagesRepeat = { fastPath: options.repeatable };
  // Only tiles held in memory: a tile directory's files may change while the service runs.
  const tilesRepeat = { fastPath: options.repeatable && tiles.cached !== undefined };

  const sendTile = tileAnswerer({ catalog, tiles, profile, config });

  // A page's JSON is made once per catalog, base URL and page, as bytes: serialising it was a fifth of
  // a list request's CPU time under load, and encoding a cached string again on every send most of the
  // garbage collector's (bench/README.md, throughput). A reloaded catalog empties the cache.
  const pageBodies = new LRUCache<string, Buffer>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (body) => body.length + 100,
  });
  let pagesOf: Catalog | undefined;

  const { schemas } = profile;
  const answers = (ok: TSchema) => ({ 200: ok, ...errorResponses });
  const describe = (summary: string) => ({ summary, tags: [profile.name] });

  return async (untyped) => {
    const app = untyped.withTypeProvider<TypeBoxTypeProvider>();

    if (options.listAll) {
      // Every survey with its WKT footprint, in one array (the provider's legacy list), made once per catalog and URL.
      const allBodies = new LRUCache<string, Buffer>({ max: 16 });
      let allOf: Catalog | undefined;
      app.get(
        `${prefix}/surveys`,
        {
          schema: { ...describe('All surveys'), querystring: AllSurveysQuery, response: answers(schemas.allSurveys) },
        },
        async (request, reply) => {
          const current = catalog.current;
          if (current !== allOf) {
            allBodies.clear();
            allOf = current;
          }
          const baseUrl = baseUrlOf(config, request);
          let body = allBodies.get(baseUrl);
          if (body === undefined) {
            const serialise = reply.getSerializationFunction('200') as (list: unknown) => string;
            body = Buffer.from(serialise(profile.allSurveys(current.list(profile.listOrder), { baseUrl })));
            allBodies.set(baseUrl, body);
          }
          return reply.type(JSON_TYPE).send(body);
        },
      );
    }

    if (!options.listAll)
      app.get(
        `${prefix}/surveys`,
        {
          schema: { ...describe('Survey list'), querystring: SurveyListQuery, response: answers(schemas.surveyPage) },
          config: pagesRepeat,
        },
        async (request, reply) => {
          const { page } = request.query;
          const pageSize = Math.min(request.query.page_size, MAX_PAGE_SIZE);
          const baseUrl = baseUrlOf(config, request);
          const current = catalog.current;
          if (current !== pagesOf) {
            pageBodies.clear();
            pagesOf = current;
          }
          const key = `${page}/${pageSize}/${baseUrl}`;
          let body = pageBodies.get(key);
          if (body === undefined) {
            // The route's own serialiser, so that the bytes kept are what the schema says.
            const serialise = reply.getSerializationFunction('200') as (page: unknown) => string;
            body = Buffer.from(
              serialise(
                profile.surveyPage({ ...current.page(page, pageSize, profile.listOrder), page, pageSize }, { baseUrl }),
              ),
            );
            pageBodies.set(key, body);
          }
          return reply.type(JSON_TYPE).send(body);
        },
      );

    app.get(
      `${prefix}/surveys/coverage`,
      {
        schema: {
          ...describe('Surveys intersecting an area'),
          querystring: AreaCoverageQuery,
          response: answers(schemas.coverage),
        },
      },
      async (request, reply) => {
        const { wkt, zoom } = request.query;
        if (zoom !== undefined) checkZoom(zoom);
        const observedStart = checkDay(request.query.observed_start, 'observed_start');
        const observedEnd = checkDay(request.query.observed_end, 'observed_end');
        if (observedStart && observedEnd && observedStart > observedEnd)
          throw badRequest('observed_start is after observed_end.');
        const area = await checkedArea(wkt, config, clientKey(request));
        const ctx = { baseUrl: baseUrlOf(config, request) };
        // The route's own serialiser writes every chunk, so that the bytes are what the schema says.
        const serialise = reply.getSerializationFunction('200') as (answer: unknown) => string;
        const found = catalog.current.intersectingInTurn(area, { observedStart, observedEnd });
        const answer = jsonArrayAnswer(found, (surveys: Survey[]) => serialise(profile.coverage(surveys, ctx)));
        return reply.type(JSON_TYPE).send(answer);
      },
    );

    app.get(
      `${prefix}/:survey_id/footprint`,
      {
        schema: { ...describe('Footprint of one survey'), params: SurveyParams, response: answers(schemas.footprint) },
      },
      async (request, reply) => {
        const survey = surveyOrNotFound(catalog.current, request.params.survey_id);
        const etag = `"${createHash('sha1')
          .update(`${profile.name}/${surveyVersion(survey)}`)
          .digest('base64url')}"`;
        reply.header('etag', etag).header('cache-control', FOOTPRINT_CACHE);
        if (notModified(request, etag)) return reply.status(304).send();
        return profile.footprint(survey, { baseUrl: baseUrlOf(config, request) });
      },
    );

    app.get(
      `${prefix}/:survey_id/coverage`,
      {
        schema: {
          ...describe('Tile metadata of one survey'),
          params: SurveyParams,
          querystring: TileMetadataQuery,
          response: answers(schemas.tileMetadata),
        },
      },
      async (request, reply) => {
        const { wkt, overlap, tc } = request.query;
        const zoom = checkZoom(request.query.zoom);
        const survey = surveyOrNotFound(catalog.current, request.params.survey_id);
        const baseUrl = baseUrlOf(config, request);
        const body = await surveyTileMetadata(
          { survey, wkt, zoom, overlap, tc, profile, baseUrl },
          config,
          clientKey(request),
        );
        return reply.type(JSON_TYPE).send(body);
      },
    );

    // 200: the tile's bytes (image/png or image/jpeg), or with ?metadata=true its metadata as below.
    const tileSchema = { querystring: TileQuery, response: answers(schemas.tileItems) };
    app.get(
      `${prefix}/:survey_id/:z/:x/:y`,
      { schema: { ...describe('One tile'), params: TileParams, ...tileSchema }, config: tilesRepeat },
      async (request, reply) => sendTile(request, reply, request.params.survey_id, parseTileAddress(request.params)),
    );

    await app.register(mosaicUpdateRoutes({ prefix, profile, catalog, config }));

    if (options.basemapMosaic) {
      // The newest imagery at each tile, like the `basemap` survey; out of range is 404, as the provider publishes.
      app.get(
        `${options.basemapMosaic}/:z/:x/:y`,
        {
          schema: {
            ...describe('One tile of the basemap mosaic'),
            params: BasemapMosaicParams,
            querystring: BasemapMosaicQuery,
            response: answers(schemas.tileItems),
          },
        },
        async (request, reply) => {
          const { survey } = request.query;
          if (survey !== BASEMAP_MOSAIC)
            throw notFound(
              `No basemap mosaic named "${survey}"; this service publishes "${BASEMAP_MOSAIC}".`,
              'mosaic_not_found',
            );
          const { z, x, y } = request.params;
          const row = /^(\d+)(?:\.(png|jpe?g))?$/i.exec(y)?.[1];
          const address = { z: Number(z), x: Number(x), y: Number(row) };
          if (/^\d+$/.test(z) && /^\d+$/.test(x) && row !== undefined) {
            if (address.z < MIN_TILE_ZOOM || address.z > MAX_TILE_ZOOM || !isValidTile(address))
              throw notFound(
                `Tile ${z}/${x}/${row} is outside the basemap mosaic (zoom ${MIN_TILE_ZOOM}–${MAX_TILE_ZOOM}).`,
                'tile_out_of_range',
              );
          }
          return sendTile(request, reply, LATEST_IMAGERY, parseTileAddress({ z, x, y }));
        },
      );
    }

    if (options.mosaicRoute) {
      app.get(
        `${prefix}/:survey_id/:mosaic_stac_id/:z/:x/:y`,
        {
          schema: { ...describe('One tile of one capture'), params: MosaicTileParams, ...tileSchema },
          config: tilesRepeat,
        },
        async (request, reply) =>
          sendTile(
            request,
            reply,
            request.params.survey_id,
            parseTileAddress(request.params),
            request.params.mosaic_stac_id,
          ),
      );
    }
  };
}
