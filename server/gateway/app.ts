import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serveViewer } from '../app.ts';
import { ApiError, registerErrorHandling } from '../errors.ts';
import { MAX_WKT_LENGTH } from '../../geo/limits.ts';
import type { GatewayConfig } from './config.ts';
import { proxyHandler } from './proxy.ts';
import { accessGuard } from './session.ts';
import { upstreamTokens, type UpstreamTokenOptions } from './upstream-token.ts';

export interface GatewayAppOptions {
  gateway: GatewayConfig;
  /**
   * Serve the built viewer from this directory; connectSources as VIEWER_CONNECT_SRC ("" by default: own origin only).
   */
  viewer?: { dir: string; connectSources?: string };
  logger?: FastifyServerOptions['logger'];
  /** Trust X-Forwarded-* from a proxy in front (GATEWAY_TRUST_PROXY); off by default. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Clock and fetch of the upstream token (tests). */
  tokens?: UpstreamTokenOptions;
  fetch?: typeof fetch;
}

/** What the viewer reads from /config.json in gateway mode: no service URL, no client id, no secret. */
export function gatewayViewerConfig(config: GatewayConfig) {
  return { mode: 'gateway', serviceUrl: '', accessKeyRequired: config.guard.accessKey !== undefined };
}

/**
 * The gateway: the built viewer plus a same-origin forwarder of the interface's GET routes to the
 * upstream, which holds the upstream client credentials and token itself. Not listening (tests inject).
 */
export async function buildGatewayApp(options: GatewayAppOptions): Promise<FastifyInstance> {
  const config = options.gateway;
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 4 * 1024,
    exposeHeadRoutes: false,
    // Areas of interest travel as WKT in the query string.
    http: { maxHeaderSize: 3 * MAX_WKT_LENGTH + 16 * 1024 },
  });
  registerErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    // A forwarded answer keeps the upstream's correlation id; the gateway's own answers carry its id.
    if (!reply.hasHeader('x-correlation-id')) reply.header('x-correlation-id', request.id);
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-content-type-options', 'nosniff');
  });

  const guard = accessGuard(config);
  await app.register(guard.routes);

  const tokens = upstreamTokens(config, { fetch: options.fetch, ...options.tokens });
  const forward = proxyHandler(config, tokens, { fetch: options.fetch });
  await app.register(async (scope) => {
    scope.addHook('onRequest', guard.require);
    scope.get('/tile/*', forward);
  });
  app.route({
    method: ['HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/tile/*',
    handler: async (request) => {
      throw new ApiError(
        405,
        'method_not_allowed',
        `The gateway forwards only GET requests to /tile, not ${request.method}.`,
        { allow: 'GET' },
      );
    },
  });
  app.all('/oauth/*', async () => {
    throw new ApiError(
      403,
      'forbidden',
      'The gateway holds the upstream credentials itself: /oauth endpoints are not available through it.',
    );
  });

  const viewerConfig = gatewayViewerConfig(config);
  app.get('/config.json', async (_request, reply) => reply.header('cache-control', 'no-store').send(viewerConfig));
  if (options.viewer)
    await serveViewer(app, { dir: options.viewer.dir, connectSources: options.viewer.connectSources ?? '' });

  return app;
}
