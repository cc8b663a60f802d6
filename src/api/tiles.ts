import type { TileAddress } from '../../core/geo/tile-address.ts';
import { parseTilePath, tilePath, XYZ } from '../../core/wire/tile-path.ts';
import type { Connection } from './connection.ts';

/** What MapLibre's transformRequest may return for one request. */
export interface TileRequest {
  url: string;
  headers?: Record<string, string>;
}

/**
 * The query of the latest imagery's tiles: captures cloudier than `maxCloud` percent skipped (a reference-service
 * extension, `max_cloud`), or none.
 */
export const latestImageryQuery = (maxCloud: number | null): Record<string, string> =>
  maxCloud === null ? {} : { max_cloud: String(maxCloud) };

/**
 * The XYZ template of a survey's tiles, with `query` added. With an API key the key rides in the query (the only way
 * a plain tile URL can carry it); with a bearer token the header is added per request instead.
 */
export function tileUrlTemplate(
  connection: Connection,
  surveyId: string,
  query: Record<string, string> = {},
  captureId?: string,
): string {
  // A capture id names one capture (the historical tile route): an older one serves its own imagery.
  const template = `${connection.baseUrl}${tilePath(surveyId, captureId ?? null, XYZ)}`;
  const params = new URLSearchParams(query);
  const credential = connection.credentials?.peek();
  if (credential?.kind === 'apiKey') params.set('api_key', credential.key);
  return params.size > 0 ? `${template}?${params}` : template;
}

/** Adds the current bearer token to requests for this service's tiles, read at request time. */
export function authorizeTileRequest(connection: Connection, url: string): TileRequest | undefined {
  if (!url.startsWith(`${connection.baseUrl}/tile/`)) return undefined;
  const credential = connection.credentials?.peek();
  if (credential?.kind !== 'bearer') return undefined;
  return { url, headers: { Authorization: `Bearer ${credential.token}` } };
}

/** What a map's imagery carries to prove who asks for its tiles (its slot's `credentials`). */
export interface TileCredentials {
  /** The current credential added to one tile request, read at the moment it is made. */
  authorize(url: string): TileRequest | undefined;
  /**
   * After a refused tile: whether a fresh credential was had. A burst of refusals renews once; nothing happens when no
   * fresh credential can be had.
   */
  renew(): Promise<boolean>;
}

const credentialsOf = new WeakMap<Connection, TileCredentials>();

/** The tile credentials of a connection (the same object for the same connection). */
export function tileCredentials(connection: Connection): TileCredentials {
  let made = credentialsOf.get(connection);
  if (made) return made;
  let renewing: Promise<boolean> | null = null;
  made = {
    authorize: (url) => authorizeTileRequest(connection, url),
    renew: () => {
      const { credentials } = connection;
      const rejected = credentials?.peek();
      if (!credentials || !rejected) return Promise.resolve(false);
      renewing ??= credentials
        .renew(rejected)
        .then((fresh) => fresh !== null)
        .catch(() => false)
        .finally(() => {
          renewing = null;
        });
      return renewing;
    },
  };
  credentialsOf.set(connection, made);
  return made;
}

/** One of this service's imagery tile URLs, read back: whose, which capture (the historical route), where, and how. */
export interface ImageryTileUrl extends TileAddress {
  surveyId: string;
  captureId: string | null;
  /** The URL's query without its credential (e.g. the latest imagery's `max_cloud`). */
  query: Record<string, string>;
}

/** Reads one of this service's imagery tile URLs (any survey, `basemap` too); null for anything else (metadata too). */
export function parseImageryTileUrl(connection: Connection, url: string): ImageryTileUrl | null {
  if (!url.startsWith(`${connection.baseUrl}/`)) return null;
  const parsed = new URL(url);
  if (parsed.searchParams.get('metadata') === 'true') return null;
  const tile = parseTilePath(parsed.pathname.slice(new URL(connection.baseUrl).pathname.replace(/\/$/, '').length));
  if (!tile) return null;
  parsed.searchParams.delete('api_key');
  return { ...tile, query: Object.fromEntries(parsed.searchParams) };
}

/** The z of one of this service's imagery tile URLs, or null for anything else (metadata included). */
export const imageryTileZoom = (connection: Connection, url: string): number | null =>
  parseImageryTileUrl(connection, url)?.z ?? null;
