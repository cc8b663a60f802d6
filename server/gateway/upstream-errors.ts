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
/** Length of the pieces a secret is cut into when looking for a near copy of it. */
const PIECE = 12;

/** The text as an upstream might hide a secret in it: JSON/JS escapes, percent-encoding, HTML entities, base64. */
function readings(text: string): Set<string> {
  const forms = new Set([text]);
  let decoded = text;
  if (/[\\&%]/.test(text)) {
    decoded = text
      .replace(/\\u\{([0-9a-f]{1,6})\}|\\u([0-9a-f]{4})|\\x([0-9a-f]{2})/gi, (match, a, b, c) => {
        const code = Number.parseInt(a ?? b ?? c, 16);
        return code <= 0x10ffff ? String.fromCodePoint(code) : match;
      })
      .replace(/&#x([0-9a-f]{1,6});?|&#(\d{1,7});?/gi, (match, hex, dec) => {
        const code = hex ? Number.parseInt(hex, 16) : Number(dec);
        return code <= 0x10ffff ? String.fromCodePoint(code) : match;
      });
    forms.add(decoded);
    decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_match, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
    forms.add(decoded);
  }
  if (/\s/.test(decoded)) forms.add(decoded.replace(/\s+/g, ''));
  // Base64 (or base64url) runs decoded: any alignment of a secret inside them reads as the secret.
  for (const form of [...forms])
    for (const run of form.match(/[A-Za-z0-9+/_-]{16,}={0,2}/g) ?? [])
      forms.add(Buffer.from(run, 'base64').toString('latin1'));
  return forms;
}

/** A regular expression escaped for a literal. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * Whether upstream text carries one of the secrets however it is written: escaped (\\uXXXX, \\xXX, %XX, &#…;), in
 * base64, split by spaces, in another case or with a few characters changed (a long secret is looked for as pieces of
 * PIECE characters, any of which betrays it: a near copy keeps most pieces whole); or any bearer token or JWT at all.
 * Made once for a set of secrets, then asked of each short text (messages, headers, the strings of a JSON answer).
 */
export function secretFinder(secrets: readonly string[]): (text: string) => boolean {
  const pieces: string[] = [];
  for (const secret of secrets) {
    if (secret.length < 8) continue;
    if (secret.length < 2 * PIECE) pieces.push(secret);
    else for (let i = 0; i + PIECE <= secret.length; i += PIECE) pieces.push(secret.slice(i, i + PIECE));
  }
  const suspect = new RegExp(
    [
      'eyj[a-z0-9_-]{8,}\\.[a-z0-9_-]{8,}',
      '\\bbearer\\s+[a-z0-9._~+/-]{8,}',
      ...pieces.map((piece) => literal(piece)),
    ].join('|'),
    'i',
  );
  const shortest = Math.min(PIECE, ...pieces.map((piece) => piece.length));
  return (text) => {
    if (text.length < shortest) return false;
    for (const form of readings(text)) if (suspect.test(form)) return true;
    return false;
  };
}

export const carriesSecret = (text: string, secrets: readonly string[]): boolean => secretFinder(secrets)(text);

/**
 * Text from the upstream with the gateway's secrets taken out: the given ones (its token, its client
 * secret) wherever they occur, and with `bearers` anything after "Bearer ".
 */
export function scrub(text: string, secrets: readonly string[], bearers = true): string {
  let out = text;
  for (const secret of secrets) if (secret !== '' && out.includes(secret)) out = out.replaceAll(secret, REDACTED);
  return bearers ? out.replace(BEARER, `Bearer ${REDACTED}`) : out;
}

/**
 * An upstream message as it may be relayed: scrubbed, and withheld whole when any reading of what is left still
 * carries a secret (the second line behind relaying no upstream text where none is needed).
 */
function relayableMessage(
  message: string,
  secrets: readonly string[],
  carries: (text: string) => boolean = secretFinder(secrets),
): string {
  const scrubbed = scrub(message, secrets);
  return carries(scrubbed.replaceAll(REDACTED, ''))
    ? '(the upstream’s message is withheld: it held a credential)'
    : scrubbed;
}

/** Every string of a parsed JSON document made relayable (a key that carries a secret is replaced); the rest as is. */
export function scrubJson(value: unknown, secrets: readonly string[]): unknown {
  const carries = secretFinder(secrets);
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return relayableMessage(item, secrets, carries);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object') {
      const out = Object.create(null) as Record<string, unknown>;
      for (const [key, inner] of Object.entries(item)) {
        out[relayableMessage(key, secrets, carries) === key ? key : REDACTED] = walk(inner);
      }
      return out;
    }
    return item;
  };
  return walk(value);
}

/** An upstream correlation id worth passing on: short, plain characters and no secret; else null. */
export function relayableCorrelationId(value: string | null, secrets: readonly string[]): string | null {
  if (value === null || !/^[A-Za-z0-9._:-]{1,64}$/.test(value)) return null;
  return carriesSecret(value, secrets) ? null : value;
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
  const correlationId = relayableCorrelationId(response.headers.get('x-correlation-id'), secrets);
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
    message: message === null ? null : relayableMessage(message.slice(0, 500), secrets),
    correlationId: relayableCorrelationId(correlationId ?? bodyId, secrets),
    html: false,
  };
}
