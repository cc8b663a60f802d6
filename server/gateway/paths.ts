import { SURVEY_ID } from '../catalog/survey.ts';
import type { RequestedTile } from '../routes/tile-request.ts';
import { GatewayError } from './upstream-errors.ts';

/**
 * The part of the interface the gateway asks of the upstream, as an allow-list over the path. A survey or capture id
 * segment follows the catalog's id rule (letters, digits, ".", "_", "-", starting with a letter or digit), so ".",
 * "..", percent escapes (%2F, %2E, %00…), backslashes, empty segments and absolute URLs never match.
 */
const SEGMENT = SURVEY_ID.source.replace(/^\^|\$$/g, '');
const TILE = '\\d{1,2}/\\d{1,10}/\\d{1,10}(?:\\.(?:png|jpe?g))?';
/** What each route answers with: one of the interface's response schemas (core/wire/response-schemas.ts), or a tile. */
export type AnswerKind = 'surveyPage' | 'footprint' | 'coverage' | 'tileMetadata' | 'mosaicUpdates' | 'tile';

/** The routes, the first that matches naming the answer ("surveys/coverage" is not the tile metadata of "surveys"). */
const ROUTES: [pattern: string, kind: AnswerKind][] = [
  ['surveys', 'surveyPage'], // 1. survey list
  ['surveys/coverage', 'coverage'], // 3. coverage by area
  [`${SEGMENT}/footprint`, 'footprint'], // 2. footprint
  [`${SEGMENT}/coverage`, 'tileMetadata'], // 4. tile metadata of one survey
  [`${SEGMENT}/mosaic_updates`, 'mosaicUpdates'], // the tiles (re)published in a time window
  [`rsm/${TILE}`, 'tile'], // a tile of the basemap mosaic (/tile/rsm/…)
  [`${SEGMENT}/${TILE}`, 'tile'], // 5. one tile
  [`${SEGMENT}/${SEGMENT}/${TILE}`, 'tile'], // 5. one tile of one capture (provider's static_url form)
];
const PREFIX = '^/tile(?:/v2)?/';
/** /tile/v2/… and the deprecated unversioned /tile/… routes. */
const INTERFACE_PATH = new RegExp(`${PREFIX}(?:${ROUTES.map(([pattern]) => pattern).join('|')})$`);
const ROUTE_PATHS = ROUTES.map(([pattern, kind]) => [new RegExp(`${PREFIX}${pattern}$`), kind] as const);

function isInterfacePath(path: string): boolean {
  return path.length <= 512 && INTERFACE_PATH.test(path);
}

/**
 * What an interface path answers: its kind, and (the legacy survey list being every survey in one array) whether it is
 * a legacy path.
 */
export function answerOf(path: string): { kind: AnswerKind; legacy: boolean } {
  const kind = ROUTE_PATHS.find(([pattern]) => pattern.test(path))?.[1];
  if (!kind || !isInterfacePath(path)) throw refused();
  return { kind, legacy: !path.startsWith('/tile/v2/') };
}

/** A request the gateway may make upstream: an interface path (as sent) and its query ("" or "?…"). */
export interface UpstreamTarget {
  path: string;
  query: string;
}

/** Query parameters the gateway never forwards: credentials are the gateway's business. */
const DROPPED_PARAMETERS = new Set(['api_key']);

/**
 * The raw request target split into an allowed path and the query to forward, or null when the
 * path is outside the interface.
 */
export function forwardTarget(rawUrl: string): UpstreamTarget | null {
  const mark = rawUrl.indexOf('?');
  const path = mark === -1 ? rawUrl : rawUrl.slice(0, mark);
  if (!isInterfacePath(path)) return null;
  if (mark === -1) return { path, query: '' };
  // The query keeps its own encoding; only the dropped parameters go.
  const pairs = rawUrl
    .slice(mark + 1)
    .split('&')
    .filter((pair) => {
      if (pair === '') return false;
      const name = pair.split('=', 1)[0];
      let decoded: string;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        decoded = name;
      }
      return !DROPPED_PARAMETERS.has(decoded.trim().toLowerCase());
    });
  return { path, query: pairs.length ? `?${pairs.join('&')}` : '' };
}

/** A v2 path from its parts, each encoded as one segment. */
const v2Path = (...parts: (string | number)[]): string =>
  `/tile/v2/${parts.map((part) => encodeURIComponent(String(part))).join('/')}`;

/** Endpoint 1, one page. */
export const surveyListTarget = (page: number, pageSize: number): UpstreamTarget => ({
  path: v2Path('surveys'),
  query: `?page=${Math.trunc(page)}&page_size=${Math.trunc(pageSize)}`,
});

/** Endpoint 2. */
export const footprintTarget = (surveyId: string): UpstreamTarget => ({
  path: v2Path(surveyId, 'footprint'),
  query: '',
});

/** Endpoint 5, with the address as parseTileAddress read it. */
export const tileTarget = (surveyId: string, { z, x, y, format }: RequestedTile): UpstreamTarget => ({
  path: v2Path(surveyId, z, x, `${y}.${format}`),
  query: '',
});

const refused = () => new GatewayError(404, 'not_found', 'That is not a route of the interface this gateway forwards.');

/**
 * The URL the gateway fetches for a target, checked as fetch will read it: parsed by the WHATWG URL parser (which folds
 * "..", "%2e%2e" and backslashes), it must still be the upstream's origin and base path followed by exactly the
 * target's path, and that path an interface path. Whatever folds or escapes is refused, never sent.
 */
export function upstreamUrl(upstreamBase: string, target: UpstreamTarget): URL {
  const base = new URL(upstreamBase);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (!isInterfacePath(target.path) || (target.query !== '' && !target.query.startsWith('?'))) throw refused();
  let url: URL;
  try {
    url = new URL(`${upstreamBase}${target.path}${target.query}`);
  } catch {
    throw refused();
  }
  if (url.origin !== base.origin || url.pathname !== `${basePath}${target.path}` || url.hash !== '') throw refused();
  return url;
}
