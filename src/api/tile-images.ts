import { tilePath } from '../../core/wire/tile-path.ts';
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

/** The image format a tile is asked in: the service's default (PNG), or JPEG (a `.jpeg` suffix on its row). */
export type TileImageFormat = 'default' | 'jpeg';

/**
 * The path to ask for a tile by: its static_url when that is on this deployment (the service's own word), else
 * the capture-specific route, else plain z/x/y. Any query in the URL is dropped: the wrapper adds the credential.
 */
export function tileImagePath(
  connection: Connection,
  { surveyId, captureId, z, x, y, url }: TileImageRequest,
  format: TileImageFormat = 'default',
): string {
  const base = `${connection.baseUrl}/`;
  const path = url.startsWith(base)
    ? `/${url.slice(base.length).split(/[?#]/, 1)[0]}`
    : tilePath(surveyId, captureId || null, { z, x, y });
  return format === 'jpeg' ? `${path.replace(/\.(png|jpe?g)$/i, '')}.jpeg` : path;
}

/**
 * GET one tile's imagery (PNG by default) through the fetch wrapper: its bytes as sent. (Bytes, not a Blob: a Blob
 * from a response is kept by the browser process, and each read of it — keeping, decoding — is a round trip there.)
 * A 404 means no imagery there: null, not a failure. Other failures are ApiErrors (Retry-After included) for the
 * caller's retry policy.
 */
export async function fetchTileImage(
  connection: Connection,
  tile: TileImageRequest,
  signal?: AbortSignal,
  format?: TileImageFormat,
): Promise<Uint8Array | null> {
  try {
    const path = tileImagePath(connection, tile, format);
    const response = await request(connection, path, { signal, accept: 'image/*' });
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
