import type { Readable } from 'node:stream';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { anyShapeSchemas } from '../../core/wire/response-schemas.ts';
import type { Budgets } from './budget.ts';
import { type GatewayConfig, MAX_ERROR_BYTES, MAX_TILE_BYTES } from './config.ts';
import { type AnswerKind, type UpstreamTarget, upstreamUrl } from './paths.ts';
import { relayedHeaders } from './relay-headers.ts';
import { mediaType, tileImageType } from './relay-image.ts';
import { relayJson } from './relay-json.ts';
import { urlRewriter } from './rewrite.ts';
import { shareOf } from './shares.ts';
import { bodyChunks, discard, readBody, readHead } from './upstream-exchange.ts';
import { GatewayError, relayableCorrelationId, secretFinder } from './upstream-errors.ts';
import { type UpstreamAnswer, upstreamGet } from './upstream-get.ts';
import type { UpstreamTokens } from './upstream-token.ts';

export type { UpstreamAnswer } from './upstream-get.ts';

/** Request headers the browser may pass on. Nothing else (no cookie, no authorization) goes upstream. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'if-none-match', 'if-modified-since'];

/** Anything the upstream serves is data, never a page of the gateway's origin. */
const PROXIED_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

const isJson = (type: string | null) => /^(?:application|text)\/(?:[\w.+-]+\+)?json$/.test(mediaType(type) ?? '');

/** The fields of every answer the interface gives, in any profile: what a JSON answer is written again from. */
const KNOWN = anyShapeSchemas();

/** What an answer is: the route's kind (paths.ts), whether it is a legacy route, and its words for messages. */
export interface RelayedAnswer {
  kind: AnswerKind;
  legacy: boolean;
  /** What was asked, for the gateway's messages: never upstream text. */
  what: string;
  /**
   * The tile-key routes: only a tile (200) or 304 passes, no JSON and no redirect. Else the interface routes, whose
   * same-origin redirects and JSON answers the viewer reads.
   */
  key?: boolean;
}

function schemaOf({ kind, legacy }: RelayedAnswer): TSchema {
  if (kind === 'tile') return KNOWN.tileItems;
  if (kind === 'surveyPage') return legacy ? KNOWN.allSurveys : KNOWN.surveyPage;
  return KNOWN[kind];
}

/**
 * Where a browser would go with this Location, read as browsers read it (WHATWG URL: backslashes as slashes, tabs and
 * newlines dropped, leading spaces and control characters trimmed), when that is the gateway's own origin; null
 * otherwise. The answer carries the URL as parsed, so what was checked is what the browser follows.
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
 * The gateway's one client of the upstream, used by every route (forwarded interface routes, tile-key tiles, TileJSON,
 * WMTS, footprints, the catalog list). It alone builds upstream URLs (upstreamUrl: an allowed target, checked after
 * WHATWG parsing), counts each exchange against the asker's share of the upstream budget, and relays answers by
 * allow-list: JSON written again from the fields the interface's schemas know, tiles only as the images they say they
 * are, known headers in their known forms, and every failure as the gateway's own envelope. What passes is searched for
 * the gateway's secrets as well, however written: the second line.
 */
export function upstreamClient(config: GatewayConfig, tokens: UpstreamTokens, options: UpstreamClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const upstreamBases = [config.upstreamUrl, ...config.rewriteOrigins];
  /** The upstream's own addresses: a header that still names one after rewriting is not passed back. */
  const upstreamHosts = [...new Set(upstreamBases.map((base) => new URL(base).host.toLowerCase()))];
  const namesUpstream = (value: string) => upstreamHosts.some((host) => value.toLowerCase().includes(host));
  const finders = new Map<string, (text: string) => boolean>();
  /** What finds the gateway's token (as sent) and client secret in what the upstream answered. */
  const finderFor = (token: string) => {
    let finder = finders.get(token);
    if (!finder) {
      finders.clear();
      finder = secretFinder([token, config.clientSecret]);
      finders.set(token, finder);
    }
    return finder;
  };
  const gatewayBase = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  /** Counts one upstream request on the asker's share of the team's budget (429 envelope once it is used up). */
  const charge = (request: FastifyRequest) => options.budgets.upstream(shareOf(request));

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
    const asker = new AbortController();
    reply?.raw.once('close', () => {
      if (!reply.raw.writableFinished) asker.abort();
    });
    return upstreamGet(config, tokens, doFetch, url.href, {
      headers,
      asker: asker.signal,
      onFailure: (failure) => {
        // The browser's message names no address; the operator's log does (not for a browser gone away).
        if (!asker.signal.aborted)
          request.log.warn({ upstream: config.upstreamUrl, code: failure.code, err: failure.cause }, failure.message);
      },
    });
  }

  /**
   * The gateway's own error for an upstream answer that is not relayed: the status (a client error as it is but 401,
   * 503 and 504 as they are, anything else 502), what was asked, the upstream's correlation id when it is a plain one.
   * None of the upstream's text: at most 64 KB of its body is read, for the correlation id.
   */
  async function failure(answer: UpstreamAnswer, what: string): Promise<never> {
    const { response } = answer;
    const carries = finderFor(answer.token);
    const status = response.status;
    let id = relayableCorrelationId(response.headers.get('x-correlation-id'), carries);
    if (id === null && isJson(response.headers.get('content-type'))) {
      try {
        const head = (await readHead(answer, config, MAX_ERROR_BYTES)).toString('utf8');
        id = relayableCorrelationId((JSON.parse(head) as Record<string, unknown>)['x-correlation-id'], carries);
      } catch {
        // No id of the body's.
      }
    }
    discard(answer);
    const passed =
      status >= 400 && status < 500 && status !== 401 && status !== 407
        ? status
        : status === 503 || status === 504
          ? status
          : 502;
    const retry = response.headers.get('retry-after');
    throw new GatewayError(
      passed,
      'upstream_error',
      `The upstream service answered HTTP ${status} for ${what}.`,
      id,
      (passed === 429 || passed === 503) && retry !== null && /^\d{1,6}$/.test(retry) ? { 'retry-after': retry } : {},
    );
  }

  /** The parsed JSON of a 200 answer (the layers' own reading), at most maxJsonChars long; any other is `failure`. */
  async function json(answer: UpstreamAnswer, what: string): Promise<unknown> {
    if (answer.response.status !== 200) return failure(answer, what);
    const body = await readBody(answer, config, { maxBytes: config.maxJsonChars, what: `answer for ${what}` });
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      throw new GatewayError(502, 'upstream_invalid_answer', `The upstream's answer for ${what} is not JSON.`);
    }
  }

  const invalid = (what: string, why: string) =>
    new GatewayError(502, 'upstream_invalid_answer', `The upstream's answer for ${what} ${why}.`);

  /** A tile: read whole (at most MAX_TILE_BYTES), relayed only as the image its type and first bytes say it is. */
  async function tile(answer: UpstreamAnswer, what: string): Promise<{ type: string; body: Buffer }> {
    const body = await readBody(answer, config, { maxBytes: MAX_TILE_BYTES, what: `tile (${what})` });
    const type = tileImageType(answer.response.headers.get('content-type'), body);
    if (type === null) throw invalid(what, 'is not a PNG, JPEG or WebP image');
    if (finderFor(answer.token)(body.toString('latin1'))) throw invalid(what, 'held a credential: it is withheld');
    return { type, body };
  }

  /** Passes an answer back to the browser or GIS as `relayed` says, or throws the gateway's own error for it. */
  async function relay(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: UpstreamAnswer,
    relayed: RelayedAnswer,
  ): Promise<FastifyReply> {
    const { response } = answer;
    const { what } = relayed;
    const base = gatewayBase(request);
    const rewrite = urlRewriter(upstreamBases, base);
    const carries = finderFor(answer.token);
    const status = response.status;
    const type = response.headers.get('content-type');
    const headers = relayedHeaders(
      response.headers,
      { rewrite, base, correlationId: (value) => relayableCorrelationId(value, carries) },
      { carries, namesUpstream },
    );
    const redirect = status >= 300 && status < 400 && status !== 304;
    if (status >= 400 || (redirect && relayed.key)) return failure(answer, what);

    let body: string | Buffer | Readable | null = null;
    if (redirect) {
      const location = response.headers.get('location');
      discard(answer);
      const target = location === null ? null : sameOriginTarget(rewrite(location), base);
      if (target === null || carries(target)) {
        throw new GatewayError(
          502,
          'upstream_redirect',
          `The upstream service redirected to somewhere the gateway does not forward (HTTP ${status}).`,
          headers['x-correlation-id'],
        );
      }
      reply.header('location', target);
    } else if (status === 304) discard(answer);
    else if (status !== 200) {
      discard(answer);
      throw invalid(what, `has a status the interface does not answer with (HTTP ${status})`);
    } else if (relayed.kind === 'tile' && !isJson(type)) {
      const image = await tile(answer, what);
      reply.type(image.type);
      body = image.body;
    } else if (isJson(type) && !relayed.key) {
      body = await relayJson(
        bodyChunks(answer, config, { maxBytes: Number.POSITIVE_INFINITY, what }),
        schemaOf(relayed),
        {
          text: rewrite,
          carries,
          maxChars: config.maxJsonChars,
          what,
        },
      );
      reply.type('application/json; charset=utf-8');
      if (typeof body !== 'string') endWithExchange(body, answer, request);
    } else {
      discard(answer);
      throw invalid(what, relayed.kind === 'tile' ? 'is not an image' : 'is not JSON');
    }
    reply.headers(headers);
    reply.header('content-security-policy', PROXIED_CSP);
    reply.status(status);
    return body === null ? reply.send() : reply.send(body);
  }

  /** Whether upstream text carries the token that answer was asked with, or the client secret, however written. */
  const carries = (answer: UpstreamAnswer, text: string) => finderFor(answer.token)(text);

  return { get, charge, json, failure, relay, carries, baseUrl: gatewayBase };
}

/** A streamed answer ends when its exchange is ended (its deadline passed, the upstream stalled): not later. */
function endWithExchange(body: Readable, answer: UpstreamAnswer, request: FastifyRequest): void {
  const end = () => {
    const reason = answer.signal.reason;
    if (reason instanceof GatewayError) {
      request.log.warn({ code: reason.code }, `relayed answer ended: ${reason.message}`);
      body.destroy(reason);
    }
  };
  if (answer.signal.aborted) end();
  else answer.signal.addEventListener('abort', end, { once: true });
  body.once('close', () => answer.signal.removeEventListener('abort', end));
}

export type UpstreamClient = ReturnType<typeof upstreamClient>;
