import type { Connection } from './connection.ts';

/** What MapLibre's transformRequest may return for one request. */
export interface TileRequest {
  url: string;
  headers?: Record<string, string>;
}

/** The survey id that stands for the newest imagery at each tile, across all surveys. */
export const LATEST_IMAGERY = 'basemap';

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
  const capture = captureId === undefined ? '' : `/${encodeURIComponent(captureId)}`;
  const template = `${connection.baseUrl}/tile/v2/${encodeURIComponent(surveyId)}${capture}/{z}/{x}/{y}`;
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

/**
 * The z of one of this service's imagery tile URLs (any survey, `basemap` included), or null for anything else
 * (metadata included).
 */
export function imageryTileZoom(connection: Connection, url: string): number | null {
  if (!url.startsWith(`${connection.baseUrl}/tile/v2/`)) return null;
  const parsed = new URL(url);
  if (parsed.searchParams.get('metadata') === 'true') return null;
  const match = /\/tile\/v2\/[^/]+\/(?:[^/]+\/)?(\d+)\/\d+\/\d+$/.exec(parsed.pathname);
  return match ? Number(match[1]) : null;
}
