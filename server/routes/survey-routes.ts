import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import { LRUCache } from 'lru-cache';
import type { Catalog } from '../catalog/catalog.ts';
import type { LiveCatalog } from '../catalog/live-catalog.ts';
import { capturesAt } from '../catalog/captures.ts';
import type { Survey } from '../catalog/survey.ts';
import { surveyVersion } from '../catalog/survey-version.ts';
import type { ServiceConfig } from '../config.ts';
import { badRequest, errorResponses, notFound } from '../errors.ts';
import { tileShare } from '../../geo/covered-tiles.ts';
import { MAX_TILE_ZOOM, MIN_TILE_ZOOM } from '../../geo/limits.ts';
import { isValidTile, tileExtent } from '../../geo/tile-address.ts';
import { checkedArea, surveyTileMetadata } from '../geo/coverage-work.ts';
import type { TileFormat, TileSource } from '../imagery/source.ts';
import { mosaicStacId, type Profile } from '../profiles/profile.ts';
import { baseUrlOf, checkDay, checkZoom, surveyOrNotFound } from './checks.ts';
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
} from './schemas.ts';

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
const TILE_CACHE = 'private, max-age=86400';
const BASEMAP = 'basemap';
/** The one basemap mosaic the reference service publishes on `/tile/rsm` (the provider's default name). */
export const BASEMAP_MOSAIC = 'NSL_BASEMAP_v7';
const JSON_TYPE = 'application/json; charset=utf-8';
/** The provider publishes no maximum page size: larger pages are served at this size, which the answer states. */
export const MAX_PAGE_SIZE = 1000;

/** The provider's `metadata` is a string parameter: "if provided, returns metadata instead of the tile". */
const metadataAsked = (query: TileQuery): boolean => query.metadata !== undefined;
/** The legacy `cache` parameter: `cache=false` (or 0, no) answers a tile that must not be stored. */
const cacheRefused = (query: TileQuery): boolean => /^(false|0|no)$/i.test(query.cache ?? '');

function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

function parseTileAddress(params: TileParams): { z: number; x: number; y: number; format: TileFormat } {
  const yMatch = /^(\d+)(?:\.(png|jpe?g))?$/i.exec(params.y);
  if (!/^\d+$/.test(params.z) || !/^\d+$/.test(params.x) || !yMatch) {
    throw badRequest(
      `"${params.z}/${params.x}/${params.y}" is not a tile address; use integers z/x/y with an optional .png, ` +
        `.jpeg or .jpg suffix.`,
      'invalid_tile_address',
    );
  }
  const z = checkZoom(Number(params.z));
  const x = Number(params.x);
  const y = Number(yMatch[1]);
  if (!isValidTile({ z, x, y }))
    throw badRequest(
      `Tile ${z}/${x}/${y} does not exist: x and y must be within 0–${2 ** z - 1} at zoom ${z}.`,
      'tile_out_of_range',
    );
  const format: TileFormat = yMatch[2] && yMatch[2].toLowerCase() !== 'png' ? 'jpeg' : 'png';
  return { z, x, y, format };
}

export function surveyRoutes(options: SurveyRouteOptions): FastifyPluginAsync {
  const { prefix, profile, catalog, config, tiles } = options;
  const pagesRepeat = { fastPath: options.repeatable };
  // Only tiles held in memory: a tile directory's files may change while the service runs.
  const tilesRepeat = { fastPath: options.repeatable && tiles.cached !== undefined };

  /**
   * The survey whose imagery a tile request means: a named survey, or (`basemap`) the newest one with imagery there,
   * skipping those with more than `maxCloud` percent cloud cover when given.
   */
  function surveyForTile(catalog: Catalog, id: string, z: number, x: number, y: number, maxCloud?: number): Survey {
    if (id !== BASEMAP) {
      if (maxCloud !== undefined) throw badRequest('max_cloud applies to the "basemap" survey only.', 'invalid_query');
      return surveyOrNotFound(catalog, id);
    }
    const [w, s, e, n] = tileExtent({ z, x, y });
    const newest = catalog
      .inBox(w, s, e, n)
      .find(
        (survey) =>
          (maxCloud === undefined || survey.cloudCover <= maxCloud) && tileShare(survey.footprint, { z, x, y }) > 0,
      );
    if (!newest) {
      const clear = maxCloud === undefined ? '' : ` with at most ${maxCloud}% cloud cover`;
      throw notFound(`No survey${clear} has imagery at tile ${z}/${x}/${y}.`, 'no_imagery');
    }
    return newest;
  }

  async function sendTile(
    request: FastifyRequest<{ Querystring: Partial<TileQuery> }>,
    reply: FastifyReply,
    params: TileParams,
    mosaic?: string,
  ) {
    const { z, x, y, format } = parseTileAddress(params);
    const current = catalog.current;
    const survey = surveyForTile(current, params.survey_id, z, x, y, request.query.max_cloud);
    // Newest first; a capture-specific request narrows them to that capture (an older one shows its own imagery).
    let captures = capturesAt(survey, { z, x, y });
    if (mosaic !== undefined) {
      captures = captures.filter((capture) => mosaicStacId(capture, { x, y, z }) === mosaic);
      if (captures.length === 0)
        throw notFound(`Survey "${survey.id}" has no capture "${mosaic}" at tile ${z}/${x}/${y}.`, 'capture_not_found');
    }
    const cacheControl = cacheRefused(request.query) ? 'no-store' : TILE_CACHE;
    // "No imagery here" (404) is as lasting as a tile: a map asking its tiles again (after a 503 elsewhere) finds it
    // in its cache.
    reply.header('cache-control', cacheControl);
    if (metadataAsked(request.query)) {
      const share = tileShare(survey.footprint, { z, x, y });
      if (share <= 0) throw notFound(`Survey "${survey.id}" has no imagery at tile ${z}/${x}/${y}.`, 'no_imagery');
      return reply
        .header('cache-control', cacheControl)
        .send(
          profile.tileItems(
            captures,
            { x, y, z, extent: tileExtent({ z, x, y }), percentCovered: Math.max(1, Math.round(share * 100)) },
            { baseUrl: baseUrlOf(config, request) },
          ),
        );
    }
    const capture = captures[0];
    // A tile already in memory answers at once: one lookup, no hashing, no await.
    const hit = tiles.cached?.(capture, z, x, y, format);
    const known = hit?.etag ?? tiles.etag(capture, z, x, y, format);
    if (known && notModified(request, known))
      return reply.status(304).header('etag', known).header('cache-control', cacheControl).send();
    const tile = hit ?? (await tiles.read(capture, z, x, y, format));
    if (!tile) throw notFound(`Survey "${survey.id}" has no imagery at tile ${z}/${x}/${y}.`, 'no_imagery');
    reply.header('etag', tile.etag).header('cache-control', cacheControl);
    if (notModified(request, tile.etag)) return reply.status(304).send();
    return reply.header('content-type', tile.contentType).send(tile.body);
  }

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
            const list = profile.listOrder === 'updated' ? current.byLastUpdated : current.surveys;
            body = Buffer.from(serialise(profile.allSurveys(list, { baseUrl })));
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
      async (request) => {
        const { wkt, zoom } = request.query;
        if (zoom !== undefined) checkZoom(zoom);
        const observedStart = checkDay(request.query.observed_start, 'observed_start');
        const observedEnd = checkDay(request.query.observed_end, 'observed_end');
        if (observedStart && observedEnd && observedStart > observedEnd)
          throw badRequest('observed_start is after observed_end.');
        const area = await checkedArea(wkt, config);
        return profile.coverage(catalog.current.intersecting(area, { observedStart, observedEnd }), {
          baseUrl: baseUrlOf(config, request),
        });
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
        const body = await surveyTileMetadata({ survey, wkt, zoom, overlap, tc, profile, baseUrl }, config);
        return reply.type(JSON_TYPE).send(body);
      },
    );

    // 200: the tile's bytes (image/png or image/jpeg), or with ?metadata=true its metadata as below.
    const tileSchema = { querystring: TileQuery, response: answers(schemas.tileItems) };
    app.get(
      `${prefix}/:survey_id/:z/:x/:y`,
      { schema: { ...describe('One tile'), params: TileParams, ...tileSchema }, config: tilesRepeat },
      async (request, reply) => sendTile(request, reply, request.params),
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
          return sendTile(request, reply, { survey_id: BASEMAP, z, x, y });
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
        async (request, reply) => sendTile(request, reply, request.params, request.params.mosaic_stac_id),
      );
    }
  };
}
