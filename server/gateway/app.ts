import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { commonPlugin, serverOptions, trustedPeer, type ConnectionLimits } from '../common.ts';
import { ApiError, errorResponses } from '../errors.ts';
import type { GatewayConfig } from './config.ts';
import { clientKey, limitPerMinute } from '../rate-limits.ts';
import { layerRoutes, tileKeyRoutes } from '../layers/layer-routes.ts';
import { RedisTileKeyStore } from '../layers/redis-tile-keys.ts';
import { MemoryTileKeyStore, type TileKeyStore } from '../layers/tile-keys.ts';
import { upstreamLayers } from './upstream-layers.ts';
import { budgets } from './budget.ts';
import { personOf } from './shares.ts';
import { proxyHandler } from './proxy.ts';
import { upstreamClient } from './upstream-client.ts';
import { memoryRevocations, redisRevocations, type SessionRevocations } from './revocations.ts';
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
  /** Timeouts and the connection cap (defaults: DEFAULT_CONNECTION_LIMITS). */
  connections?: Partial<ConnectionLimits>;
  /** Where ended sessions are kept (default: this process's memory, for a single gateway). */
  revocations?: SessionRevocations;
  /** Where tile keys live (default: Redis when given, else this process's memory). */
  tileKeys?: TileKeyStore;
  /** Shared state for gateway replicas (REDIS_URL): session revocations, tile keys and rate limits. */
  redis?: Redis;
  /** The clock the upstream budget's minutes are counted by (tests). */
  now?: () => number;
}

/** What the viewer reads from /config.json in gateway mode: no service URL, no client id, no secret. */
function gatewayViewerConfig(config: GatewayConfig) {
  return { mode: 'gateway', serviceUrl: '', accessKeyRequired: config.guard.accessKey !== undefined };
}

/**
 * The gateway: the built viewer plus a same-origin forwarder of the interface's GET routes to the
 * upstream, which holds the upstream client credentials and token itself. Not listening (tests inject).
 */
export async function buildGatewayApp(options: GatewayAppOptions): Promise<FastifyInstance> {
  const config = options.gateway;
  const app = Fastify({
    ...serverOptions({
      logger: options.logger,
      trustProxy: options.trustProxy,
      bodyLimit: 4 * 1024,
      connections: options.connections,
    }),
    exposeHeadRoutes: false,
  });
  await app.register(commonPlugin, {
    connections: options.connections,
    trustProxy: options.trustProxy,
    // The viewer talks to this origin only, unless VIEWER_CONNECT_SRC says otherwise.
    viewer: options.viewer && { dir: options.viewer.dir, connectSources: options.viewer.connectSources ?? '' },
    viewerConfig: gatewayViewerConfig(config),
  });

  const revocations = options.revocations ?? (options.redis ? redisRevocations(options.redis) : memoryRevocations());
  // The sign-on proxy's header counts from the proxies GATEWAY_TRUST_PROXY names; without it, from this host only.
  const guard = accessGuard(config, revocations, trustedPeer(options.trustProxy || 'loopback'), options.redis);
  app.decorateRequest('gatewayUser', null);
  app.decorateRequest('credential', null);
  await app.register(guard.routes);

  const tokens = upstreamTokens(config, { fetch: options.fetch, ...options.tokens });
  // Every upstream exchange goes through this one client, counted on the asker's share of the upstream budget.
  const shares = budgets({ perPerson: config.userRateLimit, team: config.teamRateLimit }, options.redis, options.now);
  const client = upstreamClient(config, tokens, { fetch: options.fetch, budgets: shares });
  const forward = proxyHandler(client);
  await app.register(async (scope) => {
    scope.addHook('onRequest', guard.require);
    await limitPerMinute(scope, {
      max: config.userRateLimit,
      // After the guard (onRequest) has said who is asking.
      hook: 'preValidation',
      // Per person: an SSO user, or an address (its sessions together).
      keyGenerator: personOf,
      redis: options.redis,
      nameSpace: 'gateway-rate-limit:users:',
    });
    scope.get('/tile/*', { schema: { response: errorResponses } }, forward);
  });

  // Layers for desktop GIS behind the gateway: keys made by a signed-in team (or SSO user), tiles fetched upstream
  // with the gateway's own token.
  const keys = options.tileKeys ?? (options.redis ? new RedisTileKeyStore(options.redis) : new MemoryTileKeyStore());
  const layers = { source: upstreamLayers(config, { client, budgets: shares }), keys };
  await app.register(async (scope) => {
    await limitPerMinute(scope, {
      max: config.userRateLimit,
      hook: 'preValidation',
      keyGenerator: clientKey,
      redis: options.redis,
      nameSpace: 'gateway-rate-limit:tile-keys:',
    });
    await scope.register(layerRoutes(layers));
    await scope.register(async (managed) => {
      managed.addHook('onRequest', guard.require);
      managed.addHook('onRequest', async (request) => {
        // An access-key session is the team's (keys are the team's to list and revoke); an SSO user is themselves. The
        // person is the credential: a key they make counts its tiles on their upstream share.
        const person = personOf(request);
        request.credential = { subject: person.startsWith('user:') ? person : 'team', tokenId: person };
      });
      await managed.register(tileKeyRoutes(layers));
    });
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

  return app;
}
