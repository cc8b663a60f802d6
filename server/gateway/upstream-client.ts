import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import type { Budgets } from './budget.ts';
import type { GatewayConfig } from './config.ts';
import { type UpstreamTarget, upstreamUrl } from './paths.ts';
import { rewriteJson, rewriteJsonText, rewriteLinkHeader, urlRewriter } from './rewrite.ts';
import {
  carriesSecret,
  describeUpstreamFailure,
  GatewayError,
  isHtml,
  readUpstreamError,
  relayableCorrelationId,
  scrub,
  scrubJson,
  secretFinder,
} from './upstream-errors.ts';
import { upstreamGet } from './upstream-get.ts';
import type { UpstreamTokens } from './upstream-token.ts';

/** Request headers the browser may pass on. Nothing else (no cookie, no authorization) goes upstream. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'if-none-match', 'if-modified-since'];

/**
 * Response headers passed back: content and cache headers, the deprecation headers of legacy
 * routes, the upstream's correlation id. Not passed: set-cookie, CORS headers (the gateway is
 * same-origin), www-authenticate (the upstream's challenge is the gateway's business), hop-by-hop headers.
 */
const PASSED_RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  'age',
  'content-language',
  'content-disposition',
  'deprecation',
  'sunset',
  'link',
  'warning',
  'retry-after',
  'x-correlation-id',
];

/** Anything the upstream serves is data, never a page of the gateway's origin. */
const PROXIED_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

const isJson = (type: string | null) => type !== null && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type.trim());

/**
 * How an answer is passed back. `interface`: the forwarded interface routes, whose upstream error envelopes (scrubbed)
 * and same-origin redirects the viewer reads. `key`: the tile-key routes, where only a 200 or 304 passes and any other
 * answer becomes the gateway's own envelope, with no upstream text in it.
 */
export type RelayMode = 'interface' | 'key';

export interface UpstreamAnswer {
  response: Response;
  /** The token sent, kept out of anything passed back. */
  token: string;
}

/**
 * Who pays for a request's upstream work: a tile key's maker (the session that made it), else the signed-in session,
 * SSO user or (open gateway) address.
 */
export function spenderOf(request: FastifyRequest): string {
  const key = request.tileKey;
  if (key) return key.madeBy ?? `owner:${key.owner}`;
  return request.gatewayUser ?? `address:${request.ip}`;
}

/** Reads a body up to `limit` bytes. */
async function readText(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limit)
    throw new GatewayError(
      502,
      'upstream_too_large',
      `The upstream answer (${declared} bytes) is larger than the gateway reads (${limit} bytes).`,
    );
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit)
      throw new GatewayError(
        502,
        'upstream_too_large',
        `The upstream answer is larger than the gateway reads (${limit} bytes).`,
      );
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Where a browser would go with this Location, read as browsers read it (WHATWG URL: backslashes as
 * slashes, tabs and newlines dropped, leading spaces and control characters trimmed), when that is the
 * gateway's own origin; null otherwise. The answer carries the URL as parsed, so what was checked is what
 * the browser follows.
 */
function sameOriginTarget(location: string, gatewayBase: string): string | null {
  const base = new URL(`${gatewayBase}/`);
  let target: URL;
  try {
    target = new URL(location, base);
  } catch {
    return null;
  }
  return target.origin === base.origin ? target.href : null;
}

/** JSON answers up to this size have every string read for secrets; larger ones are searched for the secrets only. */
const FULLY_SCRUBBED_BYTES = 1024 * 1024;

/**
 * A JSON answer's text as it may be passed back: upstream URLs rewritten, secrets taken out. A body that needs no
 * change goes through byte for byte.
 */
function relayableJson(
  text: string,
  secrets: string[],
  upstreamBases: string[],
  rewrite: (value: string) => string,
): string {
  const exact = scrub(text, secrets, false);
  let parsed: unknown;
  try {
    parsed = text.length <= FULLY_SCRUBBED_BYTES ? JSON.parse(exact) : undefined;
  } catch {
    // Not JSON after all: bearer tokens go too.
    return scrub(exact, secrets);
  }
  if (parsed === undefined) return rewriteJsonText(exact, upstreamBases, rewrite);
  const scrubbed = scrubJson(parsed, secrets);
  const rewritten = rewriteJson(scrubbed, rewrite);
  const out = JSON.stringify(rewritten);
  return out === JSON.stringify(parsed) ? exact : out;
}

export interface UpstreamClientOptions {
  fetch?: typeof fetch;
  budgets: Budgets;
}

export interface UpstreamGetOptions {
  /**
   * Already paid for with `charge` (a request shared by several askers, each of whom paid before waiting on it, so that
   * one asker's spent share does not fail the others).
   */
  charged?: boolean;
  /** Pass the browser's conditional and content-negotiation headers on. */
  forwardHeaders?: boolean;
  /** The browser going away ends the exchange. */
  reply?: FastifyReply;
}

/**
 * The gateway's one client of the upstream, used by every route (forwarded interface routes, tile-key tiles,
 * TileJSON, WMTS, footprints, the catalog list). It alone builds upstream URLs (upstreamUrl: an allowed target, checked
 * after WHATWG parsing), counts each exchange against the asker's share of the upstream budget, and passes answers back
 * (one header list, one Cache-Control rewrite, upstream addresses rewritten) or maps them to errors.
 */
export function upstreamClient(config: GatewayConfig, tokens: UpstreamTokens, options: UpstreamClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const upstreamBases = [config.upstreamUrl, ...config.rewriteOrigins];
  /** The upstream's own addresses: a header that still names one after rewriting is not passed back. */
  const upstreamHosts = [...new Set(upstreamBases.map((base) => new URL(base).host.toLowerCase()))];
  const namesUpstream = (value: string) => upstreamHosts.some((host) => value.toLowerCase().includes(host));
  const share = { what: 'upstream requests', perMinute: config.userRateLimit };
  const secretsOf = (token: string) => [token, config.clientSecret];
  const gatewayBase = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  /** Counts one upstream request on the asker's share (429 envelope once it is used up). */
  const charge = (request: FastifyRequest) => options.budgets.spend(spenderOf(request), share);

  async function get(
    request: FastifyRequest,
    target: UpstreamTarget,
    { charged = false, forwardHeaders = false, reply }: UpstreamGetOptions = {},
  ): Promise<UpstreamAnswer> {
    const url = upstreamUrl(config.upstreamUrl, target);
    if (!charged) await charge(request);
    const headers: Record<string, string> = {};
    if (forwardHeaders)
      for (const name of FORWARDED_REQUEST_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
    const gone = new AbortController();
    reply?.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    return upstreamGet(config, tokens, doFetch, url.href, {
      headers,
      signal: gone.signal,
      onFailure: (error, failure) => {
        // The browser's message names no address; the operator's log does (not for a browser gone away).
        if (!gone.signal.aborted)
          request.log.warn({ upstream: config.upstreamUrl, code: failure.code, err: error }, failure.message);
      },
    });
  }

  /**
   * The gateway's own error for an upstream answer on the key routes and the layers' own requests: the status (a
   * client error as it is, anything else 502), what was asked, the upstream's correlation id when it is a plain one.
   * None of the upstream's text.
   */
  async function failure({ response, token }: UpstreamAnswer, what: string): Promise<never> {
    await response.body?.cancel().catch(() => undefined);
    const status = response.status;
    const id = relayableCorrelationId(response.headers.get('x-correlation-id'), secretsOf(token));
    const retry = response.headers.get('retry-after');
    const passed = status >= 400 && status < 500 && status !== 401 && status !== 407 ? status : 502;
    throw new GatewayError(
      passed,
      'upstream_error',
      `The upstream service answered HTTP ${status} for ${what}.`,
      id,
      status === 429 && retry !== null && /^\d{1,6}$/.test(retry) ? { 'retry-after': retry } : {},
    );
  }

  /** The parsed JSON of a 200 answer; any other answer is `failure`. */
  async function json(answer: UpstreamAnswer, what: string): Promise<unknown> {
    if (answer.response.status !== 200) return failure(answer, what);
    let text: string;
    try {
      text = await readText(answer.response, config.maxJsonBytes);
    } catch (error) {
      throw error instanceof ApiError ? error : describeUpstreamFailure(error, config, 'while sending its answer');
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new GatewayError(502, 'upstream_error', `The upstream's answer for ${what} is not JSON.`);
    }
  }

  /** Passes an answer back to the browser or GIS as `mode` says; `what` names the request in the key routes' errors. */
  async function relay(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: UpstreamAnswer,
    mode: RelayMode,
    what = 'this request',
  ): Promise<FastifyReply> {
    const { response, token } = answer;
    const base = gatewayBase(request);
    const rewrite = urlRewriter(upstreamBases, base);
    const type = response.headers.get('content-type');
    const status = response.status;
    // What the browser must never get back: the gateway's token and client secret.
    const secrets = secretsOf(token);
    if (mode === 'key' && status !== 200 && status !== 304) return failure(answer, what);

    const redirect = status >= 300 && status < 400 && status !== 304;
    if (redirect) {
      const location = response.headers.get('location');
      await response.body?.cancel().catch(() => undefined);
      const target = location === null ? null : sameOriginTarget(rewrite(location), base);
      if (target === null || carriesSecret(target, secrets)) {
        throw new GatewayError(
          502,
          'upstream_redirect',
          `The upstream service redirected to somewhere the gateway does not forward (HTTP ${status}).`,
          relayableCorrelationId(response.headers.get('x-correlation-id'), secrets),
        );
      }
      reply.header('location', target);
    }
    if (isHtml(type) || (status >= 400 && !isJson(type))) {
      // Error pages (a load balancer's HTML…) become the envelope, with the upstream's status; an HTML
      // page is never relayed, whatever its status.
      const upstream = await readUpstreamError(response, secrets);
      const said = upstream.html ? ' with an HTML page.' : upstream.message ? `: ${upstream.message}` : '.';
      throw new GatewayError(
        status >= 400 ? status : 502,
        'upstream_error',
        `The upstream service answered HTTP ${status}${said}`,
        upstream.correlationId,
      );
    }

    let body: string | ReadableStream<Uint8Array> | null =
      redirect || status === 304 || status === 204 ? null : response.body;
    if (body !== null && isJson(type)) {
      let text: string;
      try {
        text = await readText(response, config.maxJsonBytes);
      } catch (error) {
        throw error instanceof ApiError ? error : describeUpstreamFailure(error, config, 'while sending its answer');
      }
      body = relayableJson(text, secrets, upstreamBases, rewrite);
    }

    const carries = secretFinder(secrets);
    for (const name of PASSED_RESPONSE_HEADERS) {
      const given = response.headers.get(name);
      // A header that carries a secret, however written, is not passed at all.
      if (given === null || carries(given)) continue;
      let value = given;
      if (name === 'link') value = rewriteLinkHeader(given, rewrite);
      // A shared cache in front of the gateway must not hand guarded answers to others.
      else if (name === 'cache-control') value = given.replace(/\bpublic\b/gi, 'private');
      else if (name === 'x-correlation-id') value = relayableCorrelationId(given, secrets) ?? '';
      // Nor an internal address that rewriting did not replace (a Warning's agent, a Content-Disposition…).
      if (value !== '' && !namesUpstream(value)) reply.header(name, value);
    }
    const length = response.headers.get('content-length');
    if (body !== null && typeof body !== 'string' && length !== null && !response.headers.has('content-encoding'))
      reply.header('content-length', length);
    reply.header('content-security-policy', PROXIED_CSP);
    reply.status(status);
    if (body === null) return reply.send();
    if (typeof body === 'string') return reply.send(body);
    return reply.send(Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>));
  }

  return { get, charge, json, failure, relay, baseUrl: gatewayBase };
}

export type UpstreamClient = ReturnType<typeof upstreamClient>;
