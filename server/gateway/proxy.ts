import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { redactUrl, splitTarget } from '../logging.ts';
import type { GatewayConfig } from './config.ts';
import { forwardTarget } from './paths.ts';
import { rewriteJsonText, rewriteLinkHeader, urlRewriter } from './rewrite.ts';
import { GatewayError, describeUpstreamFailure, isHtml, readUpstreamError, scrub } from './upstream-errors.ts';
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

/** Reads a body up to `limit` bytes. */
async function readText(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limit)
    throw new GatewayError(
      502,
      'upstream_too_large',
      `The upstream answer (${declared} bytes) is larger than the gateway rewrites (${limit} bytes).`,
    );
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit)
      throw new GatewayError(
        502,
        'upstream_too_large',
        `The upstream answer is larger than the gateway rewrites (${limit} bytes).`,
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
export function sameOriginTarget(location: string, gatewayBase: string): string | null {
  const base = new URL(`${gatewayBase}/`);
  let target: URL;
  try {
    target = new URL(location, base);
  } catch {
    return null;
  }
  return target.origin === base.origin ? target.href : null;
}

export interface ProxyOptions {
  fetch?: typeof fetch;
}

/** GET handler for the interface's routes: forwards with the gateway's bearer token and passes the answer back. */
export function proxyHandler(config: GatewayConfig, tokens: UpstreamTokens, options: ProxyOptions = {}) {
  const doFetch = options.fetch ?? fetch;
  const upstreamBases = [config.upstreamUrl, ...config.rewriteOrigins];

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const rawUrl = request.raw.url ?? request.url;
    const target = forwardTarget(rawUrl);
    if (!target)
      throw new ApiError(
        404,
        'not_found',
        `${redactUrl(splitTarget(rawUrl).path).slice(0, 200)} is not a route of the interface this gateway forwards.`,
      );
    const url = `${config.upstreamUrl}${target.path}${target.query}`;

    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // The browser going away ends the upstream exchange too.
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const { response, token } = await upstreamGet(config, tokens, doFetch, url, {
      headers,
      signal: gone.signal,
      onFailure: (error, failure) => {
        // The browser's message names no address; the operator's log does (not for a browser gone away).
        if (!gone.signal.aborted)
          request.log.warn({ upstream: config.upstreamUrl, code: failure.code, err: error }, failure.message);
      },
    });

    const gatewayBase = config.publicUrl ?? `${request.protocol}://${request.host}`;
    const rewrite = urlRewriter(upstreamBases, gatewayBase);
    const type = response.headers.get('content-type');
    const status = response.status;

    // What the browser must never get back: the gateway's token and client secret.
    const secrets = [token, config.clientSecret];
    const redirect = status >= 300 && status < 400 && status !== 304;
    if (redirect) {
      const location = response.headers.get('location');
      await response.body?.cancel().catch(() => undefined);
      const target = location === null ? null : sameOriginTarget(rewrite(location), gatewayBase);
      if (target === null) {
        throw new GatewayError(
          502,
          'upstream_redirect',
          `The upstream service redirected to somewhere the gateway does not forward (HTTP ${status}).`,
          response.headers.get('x-correlation-id'),
        );
      }
      reply.header('location', target);
    }
    if (isHtml(type) || (status >= 400 && !isJson(type))) {
      // Error pages (a load balancer's HTML…) become the envelope, with the upstream's status; an HTML
      // page is never relayed, whatever its status.
      const upstream = await readUpstreamError(response, secrets);
      const what = upstream.html ? ' with an HTML page.' : upstream.message ? `: ${upstream.message}` : '.';
      throw new GatewayError(
        status >= 400 ? status : 502,
        'upstream_error',
        `The upstream service answered HTTP ${status}${what}`,
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
      // An upstream that echoes request headers would hand the token to the browser. Error answers are
      // small: any "Bearer …" goes too; large answers are searched for the secrets themselves only.
      body = rewriteJsonText(scrub(text, secrets, status >= 400), upstreamBases, rewrite);
    }

    for (const name of PASSED_RESPONSE_HEADERS) {
      const value = response.headers.get(name);
      if (value === null) continue;
      if (name === 'link') reply.header(name, rewriteLinkHeader(value, rewrite));
      // A shared cache in front of the gateway must not hand guarded answers to others.
      else if (name === 'cache-control') reply.header(name, value.replace(/\bpublic\b/gi, 'private'));
      else reply.header(name, value);
    }
    const length = response.headers.get('content-length');
    if (body !== null && typeof body !== 'string' && length !== null && !response.headers.has('content-encoding'))
      reply.header('content-length', length);
    reply.header('content-security-policy', PROXIED_CSP);
    reply.status(status);
    if (body === null) return reply.send();
    if (typeof body === 'string') return reply.send(body);
    return reply.send(Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>));
  };
}
