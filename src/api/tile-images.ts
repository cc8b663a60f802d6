import { isApiError } from './api-error.ts';
import type { Connection } from './connection.ts';
import { request } from './http.ts';

/** One capture of one tile, as tile metadata names it. */
export interface TileImageRequest {
  surveyId: string;
  /** mosaic_stac_id, when the metadata gave one: pins the capture the provenance names. */
  captureId: string | null;
  z: number;
  x: number;
  y: number;
  /** The tile's static_url from its metadata. */
  url: string;
}

/**
 * The path to ask for a tile by: its static_url when that is on this deployment (the service's own word), else
 * the capture-specific route, else plain z/x/y. Any query in the URL is dropped: the wrapper adds the credential.
 */
export function tileImagePath(connection: Connection, { surveyId, captureId, z, x, y, url }: TileImageRequest): string {
  const base = `${connection.baseUrl}/`;
  if (url.startsWith(base)) return `/${url.slice(base.length).split(/[?#]/, 1)[0]}`;
  const capture = captureId ? `/${encodeURIComponent(captureId)}` : '';
  return `/tile/v2/${encodeURIComponent(surveyId)}${capture}/${z}/${x}/${y}`;
}

/**
 * GET one tile's imagery (PNG by default) through the fetch wrapper. A 404 means no imagery there: null, not a
 * failure. Other failures are ApiErrors (Retry-After included) for the caller's retry policy.
 */
export async function fetchTileImage(
  connection: Connection,
  tile: TileImageRequest,
  signal?: AbortSignal,
): Promise<Blob | null> {
  try {
    const response = await request(connection, tileImagePath(connection, tile), { signal, accept: 'image/*' });
    return await response.blob();
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
