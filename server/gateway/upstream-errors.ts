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

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

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

/** A fetch to the upstream that got no answer: 504 when it timed out, 502 when it could not connect. */
export function describeUpstreamFailure(error: unknown, config: GatewayConfig, during = ''): GatewayError {
  const where = new URL(config.upstreamUrl).origin;
  const context = during ? ` ${during}` : '';
  if (isTimeout(error)) {
    return new GatewayError(
      504,
      'upstream_timeout',
      `The upstream service at ${where} did not answer within ${config.timeoutMs / 1000} s${context}.`,
    );
  }
  const code = causeCode(error);
  const reason =
    code && NETWORK_CODES.has(code) ? code : (code ?? (error instanceof Error ? error.message : 'unknown error'));
  return new GatewayError(
    502,
    'upstream_unreachable',
    `The gateway could not reach the upstream service at ${where}${context} (${reason}).`,
  );
}

/** Message and correlation id of an upstream error answer, whatever its shape. */
export async function readUpstreamError(
  response: Response,
): Promise<{ message: string | null; correlationId: string | null }> {
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
    message =
      text
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 200) || null;
  }
  return { message, correlationId: response.headers.get('x-correlation-id') ?? bodyId };
}
