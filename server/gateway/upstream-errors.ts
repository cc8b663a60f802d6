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
export function describeUpstreamFailure(
  error: unknown,
  config: Pick<GatewayConfig, 'timeoutMs'>,
  during = '',
): GatewayError {
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

/** Length of the pieces a secret is cut into when looking for a near copy of it. */
const PIECE = 12;

/** The text as an upstream might hide a secret in it: JSON/JS escapes, percent-encoding, HTML entities, spaces. */
function readings(text: string): string[] {
  const forms = [text];
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
    forms.push(decoded);
    decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_match, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
    forms.push(decoded);
  }
  if (/\s/.test(decoded)) forms.push(decoded.replace(/\s+/g, ''));
  return forms;
}

/** Pieces of a text: the whole when short, else every PIECE characters (a near copy keeps most of them whole). */
function piecesOf(text: string, size: number): string[] {
  if (text.length < 2 * size) return [text];
  const pieces: string[] = [];
  for (let i = 0; i + size <= text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

/**
 * The secret as base64 (and base64url) shows it inside any longer encoded text: at each of the three alignments it can
 * start at, only the characters its own bytes decide.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    // Drop the group the padding bytes share and the last, partial one.
    const from = shift === 0 ? 0 : 4;
    const whole = Math.floor((shift + bytes.length) / 3) * 4;
    const core = encoded.slice(from, whole);
    forms.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms;
}

/** A regular expression escaped for a literal. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * Whether upstream text carries one of the secrets however it is written: escaped (\\uXXXX, \\xXX, %XX, &#…;), in
 * base64 or base64url at any alignment, split by spaces, in another case or with a few characters changed (a long
 * secret is looked for as pieces, any of which betrays it); or any bearer token or JWT at all. Made once for a set of
 * secrets, then asked of each text (an item of a JSON answer, a header, a tile's bytes as latin1).
 */
export function secretFinder(secrets: readonly string[]): (text: string) => boolean {
  const usable = secrets.filter((secret) => secret.length >= 8);
  const pieces = usable.flatMap((secret) => piecesOf(secret, PIECE));
  const encoded = usable.flatMap((secret) => base64Forms(secret).flatMap((form) => piecesOf(form, 16)));
  const anyCase = new RegExp(
    [
      'eyj[a-z0-9_-]{8,}\\.[a-z0-9_-]{8,}',
      '\\bbearer\\s+[a-z0-9._~+/-]{8,}',
      ...pieces.map((piece) => literal(piece)),
    ].join('|'),
    'i',
  );
  const exactCase = encoded.length > 0 ? new RegExp(encoded.map(literal).join('|')) : null;
  const shortest = Math.min(PIECE, ...pieces.map((piece) => piece.length));
  return (text) => {
    if (text.length < shortest) return false;
    for (const form of readings(text)) if (anyCase.test(form) || exactCase?.test(form)) return true;
    return false;
  };
}

/** An upstream correlation id worth passing on: short, plain characters and no secret (`carries`); else null. */
export function relayableCorrelationId(value: unknown, carries: (text: string) => boolean): string | null {
  if (typeof value !== 'string' || !/^[A-Za-z0-9._:-]{1,64}$/.test(value)) return null;
  return carries(value) ? null : value;
}
