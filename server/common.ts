import { randomUUID } from 'node:crypto';
import type {
  FastifyHttpOptions,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import { envelope, registerErrorHandling } from './errors.ts';
import { MAX_WKT_LENGTH } from '../core/wire/limits.ts';
import { validatorCompiler } from './validation.ts';
import { viewerSecurityHeaders } from './viewer-headers.ts';

/**
 * What the service and the gateway share: request ids, connection limits, the correlation id and
 * security headers on every answer, the error envelope for every failure (the router's own included),
 * validation, and serving the built viewer with its Content-Security-Policy.
 */

/**
 * How long a client may take and how many sockets it may hold (issue 16: slow bodies, no cap; issue 45: one address
 * took every connection).
 */
export interface ConnectionLimits {
  /** Receiving a request's headers. */
  headersTimeoutMs: number;
  /** Receiving a whole request, headers and body. */
  requestTimeoutMs: number;
  /** A socket with no traffic either way (an answer being worked on counts as none); above the keep-alive's. */
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  /** Open connections from one address (a trusted proxy's excepted: its clients share them). */
  perAddress: number;
}

const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 75_000,
  keepAliveTimeoutMs: 72_000,
  maxConnections: 2048,
  perAddress: 256,
};

/** A segment of a route's path (a survey id, a capture id) is at most this long; longer ones get a 414. */
const MAX_PATH_SEGMENT = 100;

export interface CommonServerOptions {
  logger?: FastifyServerOptions['logger'];
  trustProxy?: FastifyServerOptions['trustProxy'];
  bodyLimit: number;
  connections?: Partial<ConnectionLimits>;
  /** CORS headers for the answers no hook sees (the router's refusals), so that browsers can read them. */
  corsHeaders?: Record<string, string>;
}

function connectionLimits(given: Partial<ConnectionLimits> = {}): ConnectionLimits {
  return { ...DEFAULT_CONNECTION_LIMITS, ...given };
}

/** Fastify's constructor options for either server (they cannot be set by a plugin). */
export function serverOptions(options: CommonServerOptions): FastifyHttpOptions<Server> {
  const limits = connectionLimits(options.connections);
  return {
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: options.bodyLimit,
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT },
    http: {
      // Areas of interest travel as WKT in the query string: room for MAX_WKT_LENGTH characters, encoded.
      maxHeaderSize: 3 * MAX_WKT_LENGTH + 16 * 1024,
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for requests past their time (its default, 30 s, would outlast short limits).
      connectionsCheckingInterval: Math.min(
        30_000,
        Math.max(50, Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4),
      ),
    },
    // URLs the router itself refuses get the envelope like every other failure. No hooks run for these
    // answers, so the common headers are set here too.
    frameworkErrors: (error, request, untypedReply) => {
      const reply = untypedReply as FastifyReply;
      setCommonHeaders(request, reply);
      if (options.corsHeaders) reply.headers(options.corsHeaders);
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        return reply
          .status(414)
          .send(
            envelope(
              request,
              414,
              'uri_too_long',
              `A path segment is longer than ${MAX_PATH_SEGMENT} characters; no survey or capture id is.`,
            ),
          );
      }
      if (error.code === 'FST_ERR_BAD_URL') {
        return reply
          .status(400)
          .send(envelope(request, 400, 'invalid_path', 'The path is not a valid URL: it has a malformed %-escape.'));
      }
      const status = error.statusCode ?? 500;
      return reply.status(status).send(envelope(request, status, 'bad_request', error.message));
    },
  };
}

/** On every answer: its correlation id (a forwarded answer keeps the upstream's), no Referer, no sniffing. */
function setCommonHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (!reply.hasHeader('x-correlation-id')) reply.header('x-correlation-id', request.id);
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-content-type-options', 'nosniff');
}

interface ViewerFiles {
  /** The built viewer (dist/). */
  dir: string;
  /** VIEWER_CONNECT_SRC: see viewerSecurityHeaders. */
  connectSources?: string;
}

/**
 * Whether a peer address is a proxy the server trusts (TRUST_PROXY, GATEWAY_TRUST_PROXY), read as Fastify reads
 * trustProxy: `true` trusts every peer, addresses and ranges (or "loopback", "uniquelocal"…) those peers only.
 */
export function trustedPeer(trustProxy: FastifyServerOptions['trustProxy']): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (!trustProxy || typeof trustProxy === 'number') return () => false;
  if (typeof trustProxy === 'function') return (address) => trustProxy(address, 0);
  const trusted = proxyAddr.compile(
    typeof trustProxy === 'string' ? trustProxy.split(',').map((value) => value.trim()) : trustProxy,
  );
  return (address) => trusted(address, 0);
}

/** Closes a new connection at once when its address already holds `perAddress` open ones (not a trusted proxy's). */
function capPerAddress(server: Server, perAddress: number, trusted: (address: string) => boolean): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

export interface CommonPluginOptions {
  connections?: Partial<ConnectionLimits>;
  /** The proxies whose clients share connections (the server's trustProxy): not capped per address. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Serve the built viewer. */
  viewer?: ViewerFiles;
  /** The viewer's runtime configuration at /config.json. */
  viewerConfig?: Record<string, unknown>;
}

/** What the sign-in form starts with; further fields (audience, clientId, basemapStyleUrl…) pass as given. */
const ViewerConfigResponse = Type.Object(
  { mode: Type.Union([Type.Literal('direct'), Type.Literal('gateway')]), serviceUrl: Type.String() },
  { additionalProperties: true },
);

const common: FastifyPluginAsync<CommonPluginOptions> = async (app, options) => {
  const limits = connectionLimits(options.connections);
  app.server.maxConnections = limits.maxConnections;
  capPerAddress(app.server, limits.perAddress, trustedPeer(options.trustProxy));
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app);
  // Callback style, not async: no promise on every response (bench/README.md, throughput).
  app.addHook('onSend', (request, reply, payload, done) => {
    setCommonHeaders(request, reply);
    done(null, payload);
  });

  if (options.viewerConfig) {
    const viewerConfig = options.viewerConfig;
    app.get('/config.json', { schema: { response: { 200: ViewerConfigResponse } } }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(viewerConfig),
    );
  }
  if (options.viewer) {
    const pageHeaders = viewerSecurityHeaders(options.viewer.connectSources);
    await app.register(fastifyStatic, {
      root: options.viewer.dir,
      // One route per file of the build, found at start: no catch-all route that would take over the
      // router's refusals (a 414 would become a 404) or unknown API paths.
      wildcard: false,
      globIgnore: ['config.json'],
      // Its own header would replace ours (public, max-age=0).
      cacheControl: false,
      setHeaders: (res, filePath) => {
        for (const [name, value] of Object.entries(pageHeaders)) res.setHeader(name, value);
        if (filePath.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
  }
};

/** Register first: the error handler and hooks apply to the routes registered after it. */
export const commonPlugin = fp(common, { name: 'survey-viewer-common', fastify: '5.x' });
