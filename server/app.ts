import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { credentialRoutes } from './auth/credentials.ts';
import { requireCredential } from './auth/guard.ts';
import { createTokenIssuer } from './auth/tokens.ts';
import { Catalog } from './catalog/catalog.ts';
import { LiveCatalog } from './catalog/live-catalog.ts';
import type { ServiceConfig } from './config.ts';
import { registerErrorHandling } from './errors.ts';
import type { TileSource } from './imagery/source.ts';
import { faultInjector } from './faults.ts';
import { createFastPath } from './fast-path.ts';
import { clientKey, rateLimitError } from './rate-limits.ts';
import { viewerSecurityHeaders } from './viewer-headers.ts';
import { legacyProfile, providerProfile, seedProfile } from './profiles/profile.ts';
import { announceDeprecation } from './routes/deprecation.ts';
import { surveyRoutes } from './routes/survey-routes.ts';
import { validatorCompiler } from './validation.ts';
import { MAX_WKT_LENGTH } from '../geo/limits.ts';

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
    ...(fastPath && { serverFactory: fastPath.serverFactory }),
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 64 * 1024,
    // Areas of interest travel as WKT in the query string: room for MAX_WKT_LENGTH characters, encoded.
    http: { maxHeaderSize: 3 * MAX_WKT_LENGTH + 16 * 1024 },
  });
  app.setValidatorCompiler(validatorCompiler);

  registerErrorHandling(app);
  // Callback style, not async: no promise on every response (bench/README.md, throughput).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-correlation-id', request.id);
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-content-type-options', 'nosniff');
    done(null, payload);
  });

  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });

  const issuer = await createTokenIssuer(config);
  if (fastPath) {
    fastPath.start({ issuer, catalog, ...(options.logger && { log: app.log }) });
    app.addHook('preClose', (done) => {
      fastPath.stop();
      done();
    });
  }
  const limits = config.rateLimits;
  await app.register(async (scope) => {
    if (limits) {
      await scope.register(rateLimit, {
        max: limits.credentialsPerMinute,
        timeWindow: 60_000,
        errorResponseBuilder: rateLimitError,
      });
    }
    await scope.register(credentialRoutes(config, issuer));
  });

  const profile = config.profile === 'provider' ? providerProfile : seedProfile;
  await app.register(async (tileScope) => {
    if (limits) {
      await tileScope.register(rateLimit, {
        max: limits.perMinute,
        timeWindow: 60_000,
        keyGenerator: clientKey,
        errorResponseBuilder: rateLimitError,
      });
    }
    if (config.faults) tileScope.addHook('onRequest', faultInjector(config.faults));
    await tileScope.register(async (scope) => {
      scope.addHook('onRequest', requireCredential(issuer));
      await scope.register(
        surveyRoutes({ prefix: '/tile/v2', profile, catalog, config, tiles, mosaicRoute: true, fastPath }),
      );
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
          mosaicRoute: false,
        }),
      );
    });
  });

  const viewerConfig = options.viewer?.config ?? options.viewerConfigOnly;
  if (viewerConfig) {
    app.get('/config.json', async (_request, reply) => reply.header('cache-control', 'no-store').send(viewerConfig));
  }
  if (options.viewer) await serveViewer(app, options.viewer);

  return app;
}

/** The built viewer's files, with the pages' security headers (also used by the gateway). */
export async function serveViewer(
  app: FastifyInstance,
  viewer: { dir: string; connectSources?: string },
): Promise<void> {
  const pageHeaders = viewerSecurityHeaders(viewer.connectSources);
  await app.register(fastifyStatic, {
    root: viewer.dir,
    setHeaders: (res, filePath) => {
      for (const [name, value] of Object.entries(pageHeaders)) res.setHeader(name, value);
      if (filePath.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
}
