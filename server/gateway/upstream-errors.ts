import { ApiError } from '../errors.ts';
import type { GatewayConfig } from './config.ts';

/** A failure of the gateway itself (not an answer of the upstream), sent with the error envelope. */
export class GatewayError extends ApiError {
  constructor(
    statusCode: number,
    code: string,
    message: string,
    upstreamCorrelationId?: string | null,
    headers: Record<string, string> = {},
  ) {
    super(
      statusCode,
      code,
      upstreamCorrelationId ? `${message} (upstream correlation id ${upstreamCorrelationId})` : message,
      headers,
    );
  }
}

function causeCode(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth += 1
  ) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

const isTimeout = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'TimeoutError' ||
    causeCode(error) === 'UND_ERR_HEADERS_TIMEOUT' ||
    causeCode(error) === 'UND_ERR_CONNECT_TIMEOUT');

/**
 * A fetch to the upstream that got no answer: 504 when it timed out, 502 when it could not connect. The
 * message goes to browsers, so it names no internal address (the gateway's operator knows UPSTREAM_URL);
 * a network error's message, which may, is replaced by its code.
 */
export function describeUpstreamFailure(error: unknown, config: GatewayConfig, during = ''): GatewayError {
  const context = during ? ` ${during}` : '';
  if (isTimeout(error)) {
    return new GatewayError(
      504,
      'upstream_timeout',
      `The upstream service did not answer within ${config.timeoutMs / 1000} s${context}.`,
    );
  }
  const code = causeCode(error);
  // A system error's code (ECONNREFUSED, ENOTFOUND…), not its message, which can hold the address.
  const reason = (code ?? (error instanceof Error ? error.name : 'unknown error')).slice(0, 60);
  return new GatewayError(
    502,
    'upstream_unreachable',
    `The gateway could not reach the upstream service${context} (${reason}).`,
  );
}

const REDACTED = '[REDACTED]';
/** RFC 6750's token characters after "Bearer", as an echoed Authorization header shows them. */
const BEARER = /\bBearer\s+[A-Za-z0-9._~+/-]+=*/gi;

/**
 * Text from the upstream with the gateway's secrets taken out: the given ones (its token, its client
 * secret) wherever they occur, and with `bearers` anything after "Bearer ".
 */
export function scrub(text: string, secrets: readonly string[], bearers = true): string {
  let out = text;
  for (const secret of secrets) if (secret !== '' && out.includes(secret)) out = out.replaceAll(secret, REDACTED);
  return bearers ? out.replace(BEARER, `Bearer ${REDACTED}`) : out;
}

export const isHtml = (type: string | null) =>
  type !== null && /^\s*(?:text\/html|application\/xhtml\+xml)\b/i.test(type);

/**
 * Message and correlation id of an upstream error answer, whatever its shape, with `secrets` scrubbed.
 * Of an HTML page nothing is relayed: the message says what it was.
 */
export async function readUpstreamError(
  response: Response,
  secrets: readonly string[],
): Promise<{ message: string | null; correlationId: string | null; html: boolean }> {
  const correlationId = response.headers.get('x-correlation-id');
  if (isHtml(response.headers.get('content-type'))) {
    await response.body?.cancel().catch(() => undefined);
    return { message: null, correlationId, html: true };
  }
  const text = await response.text().catch(() => '');
  let message: string | null = null;
  let bodyId: string | null = null;
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (typeof body.message === 'string') message = body.message;
    else if (typeof body.error_description === 'string') message = body.error_description;
    else if (typeof body.error === 'string') message = body.error;
    if (typeof body['x-correlation-id'] === 'string') bodyId = body['x-correlation-id'];
  } catch {
    message = text.replace(/\s+/g, ' ').trim().slice(0, 200) || null;
  }
  return {
    message: message === null ? null : scrub(message, secrets).slice(0, 500),
    correlationId: correlationId ?? bodyId,
    html: false,
  };
}
