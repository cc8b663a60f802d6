import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type {
  FastifyBaseLogger,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { TokenIssuer } from './auth/tokens.ts';
import type { Catalog } from './catalog/catalog.ts';
import type { LiveCatalog } from './catalog/live-catalog.ts';
import { redactUrl } from './logging.ts';

/**
 * Repeat answers of cached GETs (a survey page, an in-memory tile) from the plain `node:http` handler,
 * ahead of Fastify's request lifecycle, whose per-request work was most of the remaining gap to a bare
 * server (bench/README.md, throughput).
 *
 * Fastify answers first and stays the single source of every rule. A route declared with
 * `config: { fastPath: true }` says that its 200 answer to a GET depends only on the URL, the Host and
 * the catalog; for such routes this plugin notes the catalog a request starts with and, in an onSend hook,
 * records the headers Fastify produced (CORS, security, cache, ETag, type) with the bytes, keyed by Host
 * and the exact URL. A later request for the same key is answered here only when it is a plain GET with
 * a bearer token already verified (`issuer.known`, `exp` checked again) and no If-None-Match, and the
 * catalog it was made from is still the current one. Anything else — no or unknown token, api_key,
 * revalidation, HEAD, a body — goes to Fastify as before. Only built when the request's answer cannot
 * depend on anything but its URL and Host: no rate limits, no injected faults, no proxy headers trusted.
 */
export interface FastPath {
  /** For Fastify's `serverFactory`: a node:http server that tries the fast path before Fastify's handler. */
  serverFactory(handler: (req: IncomingMessage, res: ServerResponse) => void, options: Record<string, unknown>): Server;
  /** Register before the routes: it hooks the routes whose config says `fastPath: true`. */
  plugin: FastifyPluginAsync<FastPathContext>;
}

interface FastPathContext {
  issuer: TokenIssuer;
  catalog: LiveCatalog;
  /** When access logs are on. */
  log?: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's 200 answers to GETs depend only on the URL, the Host and the catalog (server/fast-path.ts). */
    fastPath?: boolean;
  }
}

interface Answer {
  catalog: Catalog;
  /** Flat [name, value, …] as `writeHead` takes them, without the per-request correlation id. */
  headers: string[];
  body: Buffer;
}

const keyOf = (host: string | undefined, url: string) => `${host}\n${url}`;

export function createFastPath(maxBytes = 64 * 1024 * 1024): FastPath {
  // Bodies are shared with the page and tile caches, not copied; the bound keeps this cache from
  // holding on to much more than they do.
  const answers = new LRUCache<string, Answer>({ maxSize: maxBytes, sizeCalculation: (a) => a.body.length + 500 });
  const offered = new WeakMap<FastifyRequest, Catalog>();
  let context: FastPathContext | undefined;

  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    if (context === undefined || req.method !== 'GET') return false;
    const { headers } = req;
    const authorization = headers.authorization;
    if (authorization === undefined || headers['if-none-match'] !== undefined) return false;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const answer = answers.get(keyOf(headers.host, req.url!));
    if (answer === undefined || answer.catalog !== context.catalog.current) return false;
    // No regular expression over the whole token: the verified-token cache holds exact token texts,
    // so anything but "Bearer <token>" simply is not found there and goes to Fastify's guard.
    if (!authorization.startsWith('Bearer ')) return false;
    try {
      if (!context.issuer.known(authorization.slice(7))) return false;
    } catch {
      return false; // expired: Fastify answers the 401
    }
    const id = randomUUID();
    if (context.log) logAccess(context.log, id, req, res);
    res.writeHead(200, [...answer.headers, 'x-correlation-id', id]);
    res.end(answer.body);
    return true;
  }

  /** The catalog the route will answer from: it reads `catalog.current` in the same tick. */
  function noteCatalog(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    if (context) offered.set(request, context.catalog.current);
    done();
  }

  function remember(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ): void {
    const catalog = offered.get(request);
    if (
      catalog !== undefined &&
      reply.statusCode === 200 &&
      request.method === 'GET' &&
      Buffer.isBuffer(payload) &&
      request.headers.authorization !== undefined &&
      redactUrl(request.url) === request.url
    ) {
      const headers: string[] = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (name === 'x-correlation-id' || name === 'content-length' || value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
      }
      headers.push('content-length', String(payload.length));
      answers.set(keyOf(request.headers.host, request.url), { catalog, headers, body: payload });
    }
    done(null, payload);
  }

  return {
    serverFactory(handler, options) {
      // What Fastify does with its own server (fastify/lib/server.js), plus the fast path in front.
      const server = createServer((options.http ?? {}) as object, (req, res) => {
        if (!handle(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = options.keepAliveTimeout as number;
      server.requestTimeout = options.requestTimeout as number;
      server.setTimeout(options.connectionTimeout as number);
      if ((options.maxRequestsPerSocket as number) > 0)
        server.maxRequestsPerSocket = options.maxRequestsPerSocket as number;
      return server;
    },

    plugin: fp(
      (async (app, next) => {
        app.addHook('onRoute', (route) => {
          if (route.config?.fastPath !== true) return;
          route.preHandler = [...hooksOf(route.preHandler), noteCatalog];
          route.onSend = [...hooksOf(route.onSend), remember];
        });
        context = next;
        app.addHook('preClose', (done) => {
          // Fastify answers 503 while closing.
          context = undefined;
          answers.clear();
          done();
        });
      }) satisfies FastifyPluginAsync<FastPathContext>,
      { name: 'survey-viewer-fast-path', fastify: '5.x' },
    ),
  };
}

/** A route option's hooks as an array (it may hold none, one, or several). */
function hooksOf<T extends preHandlerHookHandler | onSendHookHandler>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** The two access-log lines Fastify writes for a request, with the same fields. */
function logAccess(log: FastifyBaseLogger, id: string, req: IncomingMessage, res: ServerResponse): void {
  const started = performance.now();
  const child = log.child({ reqId: id });
  child.info({ req: { method: req.method, url: req.url, ip: req.socket.remoteAddress } }, 'incoming request');
  res.once('finish', () =>
    child.info({ res: { statusCode: res.statusCode }, responseTime: performance.now() - started }, 'request completed'),
  );
}
