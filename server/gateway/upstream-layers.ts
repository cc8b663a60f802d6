import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { normaliseFootprint, normaliseSurvey, normaliseSurveyPage } from '../../src/api/normalise.ts';
import { areaCentre, extentCentre } from '../../geo/geometry.ts';
import { ApiError, notFound } from '../errors.ts';
import { BASEMAP_ABSTRACT, BASEMAP_TITLE } from '../layers/catalog-layers.ts';
import type { LayerInfo } from '../layers/layer-documents.ts';
import type { LayerSource } from '../layers/layer-source.ts';
import { BASEMAP } from '../routes/tile-answer.ts';
import type { TileParams } from '../routes/schemas.ts';
import type { GatewayConfig } from './config.ts';
import { upstreamGet } from './upstream-get.ts';
import type { UpstreamTokens } from './upstream-token.ts';

/** Surveys an all-surveys key lists in its WMTS capabilities behind a gateway (each costs an upstream footprint). */
export const GATEWAY_MAX_LAYERS = 500;
const PAGE_SIZE = 100;
const CONCURRENCY = 8;
const TILE_HEADERS = ['content-type', 'etag', 'cache-control', 'x-correlation-id'];
/** The whole Web Mercator world: the basemap layer's extent when the upstream's catalog is not read whole. */
const WORLD: LayerInfo['bbox'] = [-180, -85.0511287798066, 180, 85.0511287798066];

/**
 * The gateway's layers: surveys and tiles fetched from the upstream with the gateway's own token, so no URL a desktop
 * GIS holds ever carries the upstream credential. Footprints are kept for ten minutes.
 */
export function upstreamLayers(
  config: GatewayConfig,
  tokens: UpstreamTokens,
  doFetch: typeof fetch = fetch,
): LayerSource {
  const upstream = async (path: string, headers: Record<string, string> = {}): Promise<Response> =>
    (await upstreamGet(config, tokens, doFetch, `${config.upstreamUrl}${path}`, { headers })).response;
  // Only a 404's message is passed on (it names the survey or tile): any other upstream text could echo a secret.
  const failed = async (response: Response, what: string): Promise<never> => {
    const body =
      response.status === 404 ? ((await response.json().catch(() => null)) as { message?: unknown } | null) : null;
    await response.body?.cancel().catch(() => undefined);
    const message = typeof body?.message === 'string' ? `: ${body.message}` : '.';
    const status = response.status >= 400 && response.status < 500 ? response.status : 502;
    throw new ApiError(
      status,
      'upstream_error',
      `The upstream service answered HTTP ${response.status} for ${what}${message}`,
    );
  };

  const footprints = new LRUCache<string, LayerInfo>({ max: 5_000, ttl: 10 * 60_000 });
  async function surveyLayer(id: string): Promise<LayerInfo> {
    const known = footprints.get(id);
    if (known) return known;
    const response = await upstream(`/tile/v2/${encodeURIComponent(id)}/footprint`);
    if (response.status === 404) throw notFound(`No survey with id "${id}".`, 'survey_not_found');
    if (!response.ok) return failed(response, `survey ${id}`);
    const raw = await response.json();
    const footprint = normaliseFootprint(raw, id);
    if (!footprint) throw new ApiError(502, 'upstream_error', `The upstream gave no footprint for survey ${id}.`);
    let abstract = `Survey ${id}.`;
    try {
      const survey = normaliseSurvey(raw);
      abstract = `Captured ${survey.captureStart} to ${survey.captureEnd}.`;
    } catch {
      // A footprint answer without the survey's fields (the seed's short form): the id alone.
    }
    const [west, south, east, north] = footprint.bbox;
    const layer: LayerInfo = {
      id,
      title: id,
      abstract,
      bbox: [west, south, east, north],
      centre: areaCentre(footprint.geometry),
    };
    footprints.set(id, layer);
    return layer;
  }
  /** The ids' layers, a few upstream requests at a time; an id the upstream does not know is left out. */
  async function each(ids: string[]): Promise<LayerInfo[]> {
    const known = (id: string) =>
      surveyLayer(id).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'survey_not_found') return [];
        throw error;
      });
    const layers: LayerInfo[] = [];
    for (let i = 0; i < ids.length; i += CONCURRENCY)
      layers.push(...(await Promise.all(ids.slice(i, i + CONCURRENCY).map(known))).flat());
    return layers;
  }
  async function catalogIds(): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 1; ids.length < GATEWAY_MAX_LAYERS; page++) {
      const response = await upstream(`/tile/v2/surveys?page=${page}&page_size=${PAGE_SIZE}`);
      if (!response.ok) return failed(response, 'the survey list');
      const answer = normaliseSurveyPage(await response.json(), page);
      ids.push(...answer.surveys.map((s) => s.id));
      if (!answer.hasNext || answer.surveys.length === 0) break;
    }
    return ids.slice(0, GATEWAY_MAX_LAYERS);
  }
  const basemap: LayerInfo = {
    id: BASEMAP,
    title: BASEMAP_TITLE,
    abstract: BASEMAP_ABSTRACT,
    bbox: WORLD,
    centre: extentCentre(WORLD),
  };

  return {
    layer: (id) => (id === BASEMAP ? Promise.resolve(basemap) : surveyLayer(id)),
    async layers(surveys) {
      return surveys === 'all' ? [...(await each(await catalogIds())), basemap] : each(surveys);
    },
    async sendTile(request: FastifyRequest, reply: FastifyReply, params: TileParams) {
      const path = `/tile/v2/${encodeURIComponent(params.survey_id)}/${params.z}/${params.x}/${params.y}`;
      const ifNoneMatch = request.headers['if-none-match'];
      const response = await upstream(path, typeof ifNoneMatch === 'string' ? { 'if-none-match': ifNoneMatch } : {});
      if (response.status !== 200 && response.status !== 304)
        return failed(response, `tile ${params.z}/${params.x}/${params.y}`);
      for (const name of TILE_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null)
          reply.header(name, name === 'cache-control' ? value.replace(/\bpublic\b/gi, 'private') : value);
      }
      reply.status(response.status);
      return response.status === 304 ? reply.send() : reply.send(Buffer.from(await response.arrayBuffer()));
    },
    baseUrl: (request) => config.publicUrl ?? `${request.protocol}://${request.host}`,
  };
}
