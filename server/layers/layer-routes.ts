import type { FastifyPluginAsync, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import { badRequest, errorResponses, forbidden, notFound, unauthorized } from '../errors.ts';
import { MAX_TILE_KEY_SECONDS, MIN_TILE_KEY_SECONDS } from '../../core/wire/limits.ts';
import { isSurveyId, SURVEY_ID } from '../catalog/survey.ts';
import { LATEST_IMAGERY } from '../../core/wire/latest-imagery.ts';
import { TileParams } from '../../core/wire/request-schemas.ts';
import { parseTileAddress } from '../routes/tile-request.ts';
import { tileJson, wmtsCapabilities } from './layer-documents.ts';
import type { LayerSource } from './layer-source.ts';
import { hashTileKey, newTileKey, type TileKey, type TileKeyStore } from './tile-keys.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the tile-key hook on the standard tile endpoints. */
    tileKey: TileKey | null;
  }
}

/** Live keys one client may hold at once. */
const MAX_KEYS_PER_CLIENT = 100;
/** Surveys one key may name (an area search's results fit). */
const MAX_KEY_SURVEYS = 2_000;

/**
 * Text that any XML or JSON reader takes and a list shows as written: no control characters (C0, DEL, C1), lone
 * surrogates or the non-characters U+FFFE and U+FFFF.
 */
const PRINTABLE = '^[^\\p{Cc}\\p{Cs}\\uFFFE\\uFFFF]*$';

const KeyQuery = Type.Object({ key: Type.Optional(Type.String({ maxLength: 200 })) });
const NewTileKey = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: PRINTABLE }),
    surveys: Type.Union([
      Type.Literal('all'),
      Type.Array(Type.String({ pattern: SURVEY_ID.source }), { minItems: 1, maxItems: MAX_KEY_SURVEYS }),
    ]),
    expires_in: Type.Integer({ minimum: MIN_TILE_KEY_SECONDS, maximum: MAX_TILE_KEY_SECONDS }),
  },
  { additionalProperties: false },
);
const TileKeyAnswer = Type.Object({
  id: Type.String(),
  name: Type.String(),
  surveys: Type.Union([Type.Literal('all'), Type.Array(Type.String())]),
  created_at: Type.String(),
  expires_at: Type.String(),
});
const CreatedTileKey = Type.Composite([TileKeyAnswer, Type.Object({ key: Type.String() })]);
const TileKeyList = Type.Object({ keys: Type.Array(TileKeyAnswer) });
const TileJson = Type.Object({}, { additionalProperties: true });
type TileKeyAnswer = Static<typeof TileKeyAnswer>;

const answerOf = (key: TileKey): TileKeyAnswer => ({
  id: key.id,
  name: key.name,
  surveys: key.surveys,
  created_at: key.createdAt,
  expires_at: key.expiresAt,
});

export interface LayerRouteOptions {
  source: LayerSource;
  keys: TileKeyStore;
  now?: () => number;
}

/** Whether a key opens a layer; `basemap` mixes every survey, so only a key for all surveys opens it. */
const opens = (key: TileKey, id: string): boolean => key.surveys === 'all' || key.surveys.includes(id);

/**
 * The key management routes (`/tile-keys`), for a client whose credential an earlier hook verified. The owner is
 * the verified client.
 */
export function tileKeyRoutes(options: LayerRouteOptions): FastifyPluginAsync {
  const { keys, source } = options;
  const now = options.now ?? Date.now;
  const ownerOf = (request: FastifyRequest): string => {
    if (!request.credential) throw unauthorized('Authentication required.', 'missing_token');
    return request.credential.subject;
  };
  return async (untyped) => {
    const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
    app.post(
      '/tile-keys',
      { schema: { body: NewTileKey, response: { 201: CreatedTileKey, ...errorResponses } } },
      async (request, reply) => {
        const owner = ownerOf(request);
        await source.admit?.(request, 'make-key');
        const { name, surveys, expires_in } = request.body;
        const scope = surveys === 'all' ? 'all' : [...new Set(surveys)];
        if (scope !== 'all') {
          if (scope.includes(LATEST_IMAGERY))
            throw badRequest('"basemap" mixes every survey: make a key for "all" surveys to open it.');
          const [missing] = await source.unknownSurveys(request, scope);
          if (missing !== undefined) throw notFound(`No survey with id "${missing}".`, 'survey_not_found');
        }
        const at = now();
        const made = newTileKey();
        const record: TileKey = {
          id: made.id,
          name,
          owner,
          madeBy: request.credential?.tokenId,
          surveys: scope,
          createdAt: new Date(at).toISOString(),
          expiresAt: new Date(at + expires_in * 1000).toISOString(),
        };
        if (!(await keys.add(record, made.hash, MAX_KEYS_PER_CLIENT, at)))
          throw badRequest(
            `A client holds at most ${MAX_KEYS_PER_CLIENT} live keys: revoke one first.`,
            'too_many_keys',
          );
        request.log.info(
          { tileKey: record.id, owner, surveys: record.surveys === 'all' ? 'all' : record.surveys.length },
          'tile key made',
        );
        return reply
          .status(201)
          .header('cache-control', 'no-store')
          .send({ ...answerOf(record), key: made.key });
      },
    );
    app.get('/tile-keys', { schema: { response: { 200: TileKeyList, ...errorResponses } } }, async (request, reply) => {
      const listed = await keys.list(ownerOf(request), now());
      listed.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return reply.header('cache-control', 'no-store').send({ keys: listed.map(answerOf) });
    });
    app.delete(
      '/tile-keys/:id',
      {
        schema: {
          params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
          response: { 204: Type.Null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!(await keys.revoke(ownerOf(request), request.params.id)))
          throw notFound(`You have no live tile key "${request.params.id}".`, 'tile_key_not_found');
        request.log.info({ tileKey: request.params.id }, 'tile key revoked');
        return reply.status(204).send(null);
      },
    );
  };
}

/**
 * The standard tile endpoints a desktop GIS opens with a tile key: WMTS capabilities, XYZ tiles and TileJSON. Only a
 * live key's surveys answer; the per-client rate limit counts by key (the key's id is the request's credential).
 */
export function layerRoutes(options: LayerRouteOptions): FastifyPluginAsync {
  const { keys, source } = options;
  const now = options.now ?? Date.now;

  const requireTileKey = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const text = (request.query as { key?: unknown }).key;
    if (typeof text !== 'string' || text === '') {
      done(unauthorized('A tile key is required: add ?key=<your tile key> to the URL.', 'missing_key'));
      return;
    }
    keys.byHash(hashTileKey(text), now()).then(
      (key) => {
        if (!key) {
          done(unauthorized('This tile key is unknown, revoked or expired.', 'invalid_key'));
          return;
        }
        request.tileKey = key;
        request.credential = { subject: key.owner, tokenId: key.id };
        done();
      },
      (error: Error) => done(error),
    );
  };
  const keyOf = (request: FastifyRequest): TileKey => request.tileKey as TileKey;
  /** The survey id of the path, when the key opens it; before anything is asked of the source. */
  const inScope = (request: FastifyRequest, id: string): string => {
    if (!isSurveyId(id)) throw notFound(`"${id.slice(0, 200)}" is not a survey id.`, 'survey_not_found');
    if (!opens(keyOf(request), id)) throw forbidden(`This tile key does not open "${id}".`, 'out_of_scope');
    return id;
  };

  return async (untyped) => {
    const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
    app.decorateRequest('tileKey', null);
    app.addHook('onRequest', requireTileKey);

    app.get(
      '/wmts/1.0.0/WMTSCapabilities.xml',
      { schema: { querystring: KeyQuery, response: { 200: Type.String(), ...errorResponses } } },
      async (request, reply) => {
        const key = keyOf(request);
        await source.admit?.(request, 'wmts');
        const layers = await source.layers(request, key.surveys);
        const body = wmtsCapabilities({
          baseUrl: source.baseUrl(request),
          key: request.query.key ?? '',
          layers,
          title: `Aerial imagery surveys (${key.name})`,
        });
        return reply.type('application/xml; charset=utf-8').header('cache-control', 'private, no-cache').send(body);
      },
    );

    app.get(
      '/tiles/:survey_id/tilejson.json',
      {
        schema: {
          params: Type.Object({ survey_id: Type.String({ maxLength: 200 }) }),
          querystring: KeyQuery,
          response: { 200: TileJson, ...errorResponses },
        },
      },
      async (request, reply) => {
        const layer = await source.layer(request, inScope(request, request.params.survey_id));
        return reply.header('cache-control', 'private, no-cache').send(
          tileJson({
            baseUrl: source.baseUrl(request),
            key: request.query.key ?? '',
            layer,
            attribution: `Aerial imagery: survey ${layer.id}`,
          }),
        );
      },
    );

    app.get(
      '/tiles/:survey_id/:z/:x/:y',
      { schema: { params: TileParams, querystring: KeyQuery, response: errorResponses } },
      async (request, reply) => {
        // The address is read as the tile routes read it (integers, zoom 14–21) and the survey checked against the
        // key before the source is asked anything: no part of the path reaches it as text.
        const tile = parseTileAddress(request.params);
        return source.sendTile(request, reply, inScope(request, request.params.survey_id), tile);
      },
    );
  };
}
