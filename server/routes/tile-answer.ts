import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Catalog } from '../catalog/catalog.ts';
import type { LiveCatalog } from '../catalog/live-catalog.ts';
import { capturesAt } from '../catalog/captures.ts';
import type { Survey } from '../catalog/survey.ts';
import type { ServiceConfig } from '../config.ts';
import { badRequest, notFound } from '../errors.ts';
import { tileShare } from '../../core/geo/covered-tiles.ts';
import { tileExtent } from '../../core/geo/tile-address.ts';
import type { TileSource } from '../imagery/source.ts';
import { mosaicStacId, type Profile } from '../profiles/profile.ts';
import { baseUrlOf, surveyOrNotFound } from './checks.ts';
import type { TileQuery } from '../../core/wire/request-schemas.ts';
import type { RequestedTile } from './tile-request.ts';
import { LATEST_IMAGERY } from '../../core/wire/latest-imagery.ts';

const TILE_CACHE = 'private, max-age=86400';

/** The provider's `metadata` is a string parameter: "if provided, returns metadata instead of the tile". */
const metadataAsked = (query: Partial<TileQuery>): boolean => query.metadata !== undefined;
/** The legacy `cache` parameter: `cache=false` (or 0, no) answers a tile that must not be stored. */
const cacheRefused = (query: Partial<TileQuery>): boolean => /^(false|0|no)$/i.test(query.cache ?? '');

/** Whether the request's If-None-Match names this ETag. */
export function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

export interface TileAnswerOptions {
  /** Read once per request: a reloaded catalog file swaps it whole. */
  catalog: LiveCatalog;
  tiles: TileSource;
  profile: Profile;
  config: ServiceConfig;
}

/**
 * Answers one tile request (its address read by parseTileAddress): the tile's bytes (ETag, 304, Cache-Control), or
 * with `metadata` its metadata. Used by the provider's tile routes and by the tile-key routes (server/layers).
 */
export function tileAnswerer({ catalog, tiles, profile, config }: TileAnswerOptions) {
  /**
   * The survey whose imagery a tile request means: a named survey, or (`basemap`) the newest one with imagery there,
   * skipping those with more than `maxCloud` percent cloud cover when given.
   */
  function surveyForTile(catalog: Catalog, id: string, z: number, x: number, y: number, maxCloud?: number): Survey {
    if (id !== LATEST_IMAGERY) {
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

  return async function sendTile(
    request: FastifyRequest,
    reply: FastifyReply,
    surveyId: string,
    { z, x, y, format }: RequestedTile,
    mosaic?: string,
  ) {
    const query = request.query as Partial<TileQuery>;
    const current = catalog.current;
    const survey = surveyForTile(current, surveyId, z, x, y, query.max_cloud);
    // Newest first; a capture-specific request narrows them to that capture (an older one shows its own imagery).
    let captures = capturesAt(survey, { z, x, y });
    if (mosaic !== undefined) {
      captures = captures.filter((capture) => mosaicStacId(capture, { x, y, z }) === mosaic);
      if (captures.length === 0)
        throw notFound(`Survey "${survey.id}" has no capture "${mosaic}" at tile ${z}/${x}/${y}.`, 'capture_not_found');
    }
    const cacheControl = cacheRefused(query) ? 'no-store' : TILE_CACHE;
    // "No imagery here" (404) is as lasting as a tile: a map asking its tiles again (after a 503 elsewhere) finds it
    // in its cache.
    reply.header('cache-control', cacheControl);
    if (metadataAsked(query)) {
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
  };
}
