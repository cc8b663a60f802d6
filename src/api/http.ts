import { ApiError, apiErrorFromResponse, networkError } from './api-error.ts';
import type { Connection, Credential } from './connection.ts';
import { ShapeError } from '../../core/wire/normalise.ts';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** false for the credential endpoints themselves. */
  authenticated?: boolean;
  /** The browser's fetch priority: which request gets the next connection when they queue. */
  priority?: RequestPriority;
  /** Accept header; JSON unless the answer is something else (tile imagery). */
  accept?: string;
}

/** How much of an answer's body has arrived; `total` is null when the service does not say (no Content-Length). */
export interface DownloadProgress {
  loaded: number;
  total: number | null;
}

export interface JsonRequestOptions extends RequestOptions {
  /** Called as the body arrives, for answers large enough to show progress. */
  onProgress?: (progress: DownloadProgress) => void;
}

function urlFor(
  connection: Connection,
  path: string,
  query: RequestOptions['query'],
  credential: Credential | null,
): URL {
  const url = new URL(`${connection.baseUrl}${path}`);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  if (credential?.kind === 'apiKey') url.searchParams.set('api_key', credential.key);
  return url;
}

async function send(
  connection: Connection,
  path: string,
  options: RequestOptions,
  credential: Credential | null,
): Promise<Response> {
  const url = urlFor(connection, path, options.query, credential);
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  if (credential?.kind === 'bearer') headers.Authorization = `Bearer ${credential.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      priority: options.priority,
      referrerPolicy: 'no-referrer',
      credentials: connection.sameOriginCookies ? 'same-origin' : 'omit',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError(url, error);
  }
}

/**
 * The one way the app talks to the service: base URL, credential (header or api_key), a single
 * refresh-and-retry after a 401, and any failure as an ApiError.
 */
export async function request(connection: Connection, path: string, options: RequestOptions = {}): Promise<Response> {
  const source = options.authenticated === false ? undefined : connection.credentials;
  let credential = source ? await source.current() : null;
  let response = await send(connection, path, options, credential);
  if (response.status === 401 && source && credential) {
    const renewed = await source.renew(credential);
    if (renewed) {
      credential = renewed;
      response = await send(connection, path, options, credential);
    }
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  return response;
}

/** A JSON request whose answer goes straight through a normaliser; a malformed answer is an ApiError too. */
export async function requestJson<T>(
  connection: Connection,
  path: string,
  normalise: (raw: unknown) => T,
  options: JsonRequestOptions = {},
): Promise<T> {
  const response = await request(connection, path, options);
  const correlationId = response.headers.get('x-correlation-id');
  let raw: unknown;
  if (options.onProgress) {
    let text: string;
    try {
      text = await readWithProgress(response, options.onProgress);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(
        0,
        'network_error',
        'The connection broke off while the answer was arriving. Try again.',
        correlationId,
      );
    }
    raw = parseJson(text, response.status, correlationId);
  } else {
    try {
      raw = await response.json();
    } catch {
      throw notJson(response.status, correlationId);
    }
  }
  try {
    return normalise(raw);
  } catch (error) {
    if (error instanceof ShapeError) {
      throw new ApiError(
        response.status,
        'invalid_response',
        `Unexpected answer from the service: ${error.message}`,
        correlationId,
      );
    }
    throw error;
  }
}

const notJson = (status: number, correlationId: string | null) =>
  new ApiError(status, 'invalid_response', 'The service answered with something that is not JSON.', correlationId);

function parseJson(text: string, status: number, correlationId: string | null): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw notJson(status, correlationId);
  }
}

/** The body as text, reporting the bytes received so far as each chunk arrives. */
async function readWithProgress(response: Response, onProgress: (progress: DownloadProgress) => void): Promise<string> {
  const length = Number(response.headers.get('content-length'));
  // A compressed body's Content-Length counts compressed bytes, not what the reader yields.
  const total = Number.isFinite(length) && length > 0 && !response.headers.get('content-encoding') ? length : null;
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let loaded = 0;
  onProgress({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    loaded += value.byteLength;
    text += decoder.decode(value, { stream: true });
    onProgress({ loaded, total });
  }
  return text + decoder.decode();
}
