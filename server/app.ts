import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import cors from '@fastify/cors';
import { credentialRoutes } from './auth/credentials.ts';
import { requireCredential } from './auth/guard.ts';
import { createTokenIssuer } from './auth/tokens.ts';
import { Catalog } from './catalog/catalog.ts';
import { LiveCatalog } from './catalog/live-catalog.ts';
import { commonPlugin, serverOptions, type ConnectionLimits } from './common.ts';
import type { ServiceConfig } from './config.ts';
import type { TileSource } from './imagery/source.ts';
import { faultInjector } from './faults.ts';
import { catalogLayers } from './layers/catalog-layers.ts';
import { layerRoutes, tileKeyRoutes } from './layers/layer-routes.ts';
import { RedisTileKeyStore } from './layers/redis-tile-keys.ts';
import { MemoryTileKeyStore, type TileKeyStore } from './layers/tile-keys.ts';
import { createFastPath } from './fast-path.ts';
import { clientKey, limitPerMinute } from './rate-limits.ts';
import { legacyProfile, providerProfile, seedProfile } from './profiles/profile.ts';
import { announceDeprecation } from './routes/deprecation.ts';
import { surveyRoutes } from './routes/survey-routes.ts';

export interface AppOptions {
  config: ServiceConfig;
  /** A fixed catalog, or one that is swapped while the service runs (see watchCatalogFile). */
  catalog: Catalog | LiveCatalog;
  tiles: TileSource;
  /** Serve the built viewer from this directory, with this runtime configuration at /config.json. */
  viewer?: { dir: string; config: Record<string, unknown>; connectSources?: string };
  /** Serve only /config.json (for the Vite dev server, which serves the viewer itself). */
  viewerConfigOnly?: Record<string, unknown>;
  logger?: FastifyServerOptions['logger'];
  /**
   * Honour X-Forwarded-* (for the public URL and client addresses): true, a proxy's addresses, or "loopback". Off by
   * default.
   */
  trustProxy?: boolean | string;
  /** Timeouts and the connection cap (defaults: DEFAULT_CONNECTION_LIMITS). */
  connections?: Partial<ConnectionLimits>;
  /** Where tile keys live (default: Redis when given, else this process's memory). */
  tileKeys?: TileKeyStore;
  /** Shared state for replicas (REDIS_URL): tile keys and rate-limit counters. */
  redis?: Redis;
}

export const EXPOSED_HEADERS = ['ETag', 'Deprecation', 'Sunset', 'Link', 'Warning', 'x-correlation-id'];

/** Builds the service (and optionally the viewer) as a Fastify instance that is not listening. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, tiles } = options;
  const catalog = options.catalog instanceof Catalog ? new LiveCatalog(options.catalog) : options.catalog;
  // Repeat answers of cached GETs ahead of Fastify (server/fast-path.ts), where nothing but the URL and
  // Host decides them: not with rate limits, injected faults or trusted proxy headers.
  const fastPath = !config.rateLimits && !config.faults && !options.trustProxy ? createFastPath() : undefined;
  const app = Fastify({
    ...serverOptions({
      logger: options.logger,
      trustProxy: options.trustProxy,
      bodyLimit: 64 * 1024,
      connections: options.connections,
      corsHeaders: { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED_HEADERS.join(', ') },
    }),
    ...(fastPath && { serverFactory: fastPath.serverFactory }),
  });
  await app.register(commonPlugin, {
    connections: options.connections,
    trustProxy: options.trustProxy,
    viewer: options.viewer,
    viewerConfig: options.viewer?.config ?? options.viewerConfigOnly,
  });

  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });

  const issuer = await createTokenIssuer(config);
  app.decorateRequest('credential', null);
  if (fastPath) await app.register(fastPath.plugin, { issuer, catalog, ...(options.logger && { log: app.log }) });
  const limits = config.rateLimits;
  await app.register(async (scope) => {
    if (limits) {
      await limitPerMinute(scope, {
        max: limits.credentialsPerMinute,
        redis: options.redis,
        nameSpace: 'rate-limit:credentials:',
      });
    }
    await scope.register(credentialRoutes(config, issuer));
  });

  const profile = config.profile === 'provider' ? providerProfile : seedProfile;
  await app.register(async (tileScope) => {
    if (limits) {
      await limitPerMinute(tileScope, {
        max: limits.perMinute,
        keyGenerator: clientKey,
        // After the credential hooks (onRequest) have verified who is asking.
        hook: 'preValidation',
        redis: options.redis,
        nameSpace: 'rate-limit:tiles:',
      });
    }
    if (config.faults) tileScope.addHook('onRequest', faultInjector(config.faults));
    await tileScope.register(async (scope) => {
      scope.addHook('onRequest', requireCredential(issuer));
      await scope.register(
        surveyRoutes({
          prefix: '/tile/v2',
          profile,
          catalog,
          config,
          tiles,
          mosaicRoute: true,
          repeatable: true,
          basemapMosaic: '/tile/rsm',
        }),
      );
    });
    // Layers for desktop GIS (WMTS, XYZ, TileJSON) opened by read-only tile keys, and the keys' management.
    const keys = options.tileKeys ?? (options.redis ? new RedisTileKeyStore(options.redis) : new MemoryTileKeyStore());
    const layers = { source: catalogLayers({ catalog, tiles, profile, config }), keys };
    await tileScope.register(layerRoutes(layers));
    await tileScope.register(async (scope) => {
      scope.addHook('onRequest', requireCredential(issuer));
      await scope.register(tileKeyRoutes(layers));
    });
    await tileScope.register(async (scope) => {
      scope.addHook('onRequest', announceDeprecation);
      scope.addHook('onRequest', requireCredential(issuer));
      await scope.register(
        surveyRoutes({
          prefix: '/tile',
          profile: legacyProfile(config.profile),
          catalog,
          config,
          tiles,
          mosaicRoute: true,
          listAll: true,
          // Every use of a legacy route is logged.
          repeatable: false,
        }),
      );
    });
  });

  return app;
}
