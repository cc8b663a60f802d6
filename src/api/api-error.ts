import { parseRetryAfter } from './retry-policy.ts';

/** A failed exchange with the service, as the UI shows it: status, message and the correlation id for support. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status, or 0 when no answer arrived (network failure, CORS, unreachable host). */
    readonly status: number,
    /** Short machine code: the envelope's `error`, or one of ours such as `network_error`. */
    readonly code: string,
    message: string,
    readonly correlationId: string | null = null,
    /** How long the service asked the client to wait (Retry-After), in milliseconds. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

const MAX_SNIPPET = 200;

/** Turns the text of an HTML or plain body into one short readable line. */
function snippetOf(text: string): string {
  const plain = text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > MAX_SNIPPET ? `${plain.slice(0, MAX_SNIPPET)}…` : plain;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Reads a non-2xx response: the error envelope when there is one, else whatever the body says. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const headerId = response.headers.get('x-correlation-id');
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  const body = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const fallback = `${response.status} ${response.statusText || 'error'}`.trim();
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const envelope = parsed as Record<string, unknown>;
    const code = text(envelope.error) ?? text(envelope.code) ?? `http_${response.status}`;
    const message =
      text(envelope.message) ??
      text(envelope.error_description) ??
      text(envelope.detail) ??
      text(envelope.error) ??
      fallback;
    const correlationId = headerId ?? text(envelope['x-correlation-id']) ?? text(envelope.correlation_id) ?? null;
    return new ApiError(response.status, code, message, correlationId, retryAfterMs);
  }
  const snippet = snippetOf(body);
  return new ApiError(
    response.status,
    `http_${response.status}`,
    snippet ? `${fallback}: ${snippet}` : fallback,
    headerId,
    retryAfterMs,
  );
}

/** A request that got no answer. The message names the host only: full URLs may carry an api_key. */
export function networkError(url: URL, cause: unknown): ApiError {
  const error = new ApiError(
    0,
    'network_error',
    `Could not reach ${url.origin}. Check the service URL and your connection.`,
  );
  (error as { cause?: unknown }).cause = cause;
  return error;
}
