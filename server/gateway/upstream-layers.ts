import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { normaliseFootprint, normaliseSurvey, normaliseSurveyPage } from '../../core/wire/normalise.ts';
import { areaCentre, extentCentre } from '../../core/geo/geometry.ts';
import { isSurveyId } from '../catalog/survey.ts';
import { notFound } from '../errors.ts';
import { LATEST_IMAGERY_ABSTRACT, LATEST_IMAGERY_TITLE } from '../layers/catalog-layers.ts';
import type { LayerInfo } from '../layers/layer-documents.ts';
import type { LayerSource } from '../layers/layer-source.ts';
import { LATEST_IMAGERY } from '../../core/wire/latest-imagery.ts';
import type { Budgets } from './budget.ts';
import type { GatewayConfig } from './config.ts';
import { footprintTarget, surveyListTarget, tileTarget } from './paths.ts';
import { shareOf } from './shares.ts';
import type { UpstreamClient } from './upstream-client.ts';
import { GatewayError } from './upstream-errors.ts';
import { discard } from './upstream-exchange.ts';

/** Surveys a WMTS document lists behind a gateway (each needs the upstream's footprint once in ten minutes). */
const GATEWAY_MAX_LAYERS = 500;
/** The catalog list is read this many surveys a page, up to MAX_PAGES pages. */
const PAGE_SIZE = 500;
const MAX_PAGES = 40;
/** How long the catalog list is trusted; an id missing from it reads it again, at most once in LIST_RECHECK_MS. */
const LIST_TTL_MS = 5 * 60_000;
const LIST_RECHECK_MS = 30_000;
/** Footprints fetched at once, by all requests together. */
const FOOTPRINT_CONCURRENCY = 4;
/** The whole Web Mercator world: the latest imagery layer's extent when the upstream's catalog is not read whole. */
const WORLD: LayerInfo['bbox'] = [-180, -85.0511287798066, 180, 85.0511287798066];

interface Listing {
  /** Newest first, as the upstream lists them. */
  ids: string[];
  known: Set<string>;
  at: number;
}

/** Runs at most `limit` tasks at once, the rest in order as slots free up. */
function gate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export interface UpstreamLayerOptions {
  client: UpstreamClient;
  budgets: Budgets;
  now?: () => number;
}

/**
 * The gateway's layers: surveys and tiles from the upstream through the gateway's one upstream client, so no URL a
 * desktop GIS holds ever carries the upstream credential and no part of its path reaches the upstream as text. Which
 * surveys exist is read from one cached catalog list (shared by every request); footprints are fetched only when a
 * document needs them, a few at a time, and kept for ten minutes. Each upstream exchange is paid for by the key's
 * maker or the signed-in session.
 */
export function upstreamLayers(config: GatewayConfig, options: UpstreamLayerOptions): LayerSource {
  const { client, budgets } = options;
  const now = options.now ?? Date.now;

  const footprints = new LRUCache<string, LayerInfo>({ max: 5_000, ttl: 10 * 60_000 });
  const pending = new Map<string, Promise<LayerInfo | null>>();
  const slot = gate(FOOTPRINT_CONCURRENCY);

  async function fetchLayer(request: FastifyRequest, id: string): Promise<LayerInfo | null> {
    const answer = await client.get(request, footprintTarget(id), { charged: true });
    if (answer.response.status === 404) {
      discard(answer);
      return null;
    }
    const raw = await client.json(answer, `the footprint of survey ${id}`);
    let layer: LayerInfo;
    try {
      const footprint = normaliseFootprint(raw, id);
      if (!footprint) return null;
      let abstract = `Survey ${id}.`;
      try {
        const survey = normaliseSurvey(raw);
        abstract = `Captured ${survey.captureStart} to ${survey.captureEnd}.`;
      } catch {
        // A footprint answer without the survey's fields (the seed's short form): the id alone.
      }
      const [west, south, east, north] = footprint.bbox;
      layer = { id, title: id, abstract, bbox: [west, south, east, north], centre: areaCentre(footprint.geometry) };
    } catch {
      throw new GatewayError(502, 'upstream_error', `The upstream's footprint of survey ${id} could not be read.`);
    }
    footprints.set(id, layer);
    return layer;
  }
  /**
   * A survey's layer, or null when the upstream has no such survey; one request per id however many ask, each of whom
   * pays for it.
   */
  async function surveyLayer(request: FastifyRequest, id: string): Promise<LayerInfo | null> {
    const known = footprints.get(id);
    if (known) return known;
    await client.charge(request);
    let asked = pending.get(id);
    if (!asked) {
      asked = slot(() => fetchLayer(request, id)).finally(() => pending.delete(id));
      pending.set(id, asked);
    }
    return asked;
  }
  async function layersOf(request: FastifyRequest, ids: string[]): Promise<LayerInfo[]> {
    const layers = await Promise.all(ids.slice(0, GATEWAY_MAX_LAYERS).map((id) => surveyLayer(request, id)));
    return layers.filter((layer): layer is LayerInfo => layer !== null);
  }

  let listing: Listing | null = null;
  let reading: Promise<Listing> | null = null;
  async function readListing(request: FastifyRequest): Promise<Listing> {
    const ids = new Set<string>();
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await client.get(request, surveyListTarget(page, PAGE_SIZE), { charged: page === 1 });
      const raw = await client.json(answer, 'the survey list');
      let read: ReturnType<typeof normaliseSurveyPage>;
      try {
        read = normaliseSurveyPage(raw, page);
      } catch {
        throw new GatewayError(502, 'upstream_error', 'The upstream’s survey list could not be read.');
      }
      // An id that carries the gateway's token or secret would put it in the layers' documents and messages.
      for (const survey of read.surveys)
        if (isSurveyId(survey.id) && !client.carries(answer, survey.id)) ids.add(survey.id);
      if (!read.hasNext || read.surveys.length === 0) break;
    }
    return { ids: [...ids], known: ids, at: now() };
  }
  /**
   * The catalog list: cached, one reading at a time (each asker waiting on it pays for its first page; the one who
   * started it for the rest); `recheck` reads it again if it is older than LIST_RECHECK_MS.
   */
  async function catalog(request: FastifyRequest, recheck = false): Promise<Listing> {
    const usable = () => {
      const age = listing === null ? Number.POSITIVE_INFINITY : now() - listing.at;
      return listing !== null && age < LIST_TTL_MS && !(recheck && age >= LIST_RECHECK_MS) ? listing : null;
    };
    const kept = usable();
    if (kept) return kept;
    await client.charge(request);
    // Read meanwhile by another asker?
    const read = usable();
    if (read) return read;
    reading ??= readListing(request)
      .then((read) => {
        listing = read;
        return read;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  const latestImagery: LayerInfo = {
    id: LATEST_IMAGERY,
    title: LATEST_IMAGERY_TITLE,
    abstract: LATEST_IMAGERY_ABSTRACT,
    bbox: WORLD,
    centre: extentCentre(WORLD),
  };
  const shares = {
    'make-key': { what: 'tile keys made', perMinute: config.keyCreationRateLimit },
    wmts: { what: 'WMTS documents', perMinute: config.documentRateLimit },
  };

  return {
    async layer(request, id) {
      if (id === LATEST_IMAGERY) return latestImagery;
      const layer = await surveyLayer(request, id);
      if (!layer) throw notFound(`No survey with id "${id}".`, 'survey_not_found');
      return layer;
    },
    async layers(request, surveys) {
      if (surveys !== 'all') return layersOf(request, surveys);
      return [...(await layersOf(request, (await catalog(request)).ids)), latestImagery];
    },
    async unknownSurveys(request, ids) {
      let unknown = ids.filter((id) => !(listing?.known.has(id) ?? false));
      if (unknown.length === 0) return [];
      const known = (await catalog(request)).known;
      unknown = unknown.filter((id) => !known.has(id));
      if (unknown.length === 0) return [];
      // Perhaps published since the list was read: read it again (at most once in LIST_RECHECK_MS for everyone).
      const again = (await catalog(request, true)).known;
      return unknown.filter((id) => !again.has(id));
    },
    async sendTile(request, reply, surveyId, tile) {
      const answer = await client.get(request, tileTarget(surveyId, tile), { forwardHeaders: true, reply });
      const what = `tile ${tile.z}/${tile.x}/${tile.y} of survey ${surveyId}`;
      return client.relay(request, reply, answer, { kind: 'tile', legacy: false, what, key: true });
    },
    baseUrl: (request) => client.baseUrl(request),
    admit: (request, action) => budgets.spend(shareOf(request), shares[action]),
  };
}
