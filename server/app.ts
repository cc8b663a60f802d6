import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import { credentialRoutes } from './auth/credentials.ts';
import { requireCredential } from './auth/guard.ts';
import { createTokenIssuer } from './auth/tokens.ts';
import type { Catalog } from './catalog/catalog.ts';
import type { ServiceConfig } from './config.ts';
import { registerErrorHandling } from './errors.ts';
import type { TileSource } from './imagery/source.ts';
import { redactUrl } from './logging.ts';
import { legacyProfile, providerProfile, seedProfile } from './profiles/profile.ts';
import { surveyRoutes } from './routes/survey-routes.ts';
import { validatorCompiler } from './validation.ts';
import { MAX_WKT_LENGTH } from './geo/wkt.ts';

export interface AppOptions {
  config: ServiceConfig;
  catalog: Catalog;
  tiles: TileSource;
  /** Serve the built viewer from this directory, with this runtime configuration at /config.json. */
  viewer?: { dir: string; config: Record<string, unknown> };
  /** Serve only /config.json (for the Vite dev server, which serves the viewer itself). */
  viewerConfigOnly?: Record<string, unknown>;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
}

export const EXPOSED_HEADERS = ['ETag', 'Deprecation', 'Sunset', 'Link', 'Warning', 'x-correlation-id'];
/** Legacy routes are announced as deprecated since 2025-01-01 and sunset at the end of 2027. */
const DEPRECATED_SINCE = Date.UTC(2025, 0, 1) / 1000;
const SUNSET = new Date(Date.UTC(2027, 11, 31)).toUTCString();

/** Builds the service (and optionally the viewer) as a Fastify instance that is not listening. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, catalog, tiles } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    trustProxy: options.trustProxy ?? true,
    bodyLimit: 64 * 1024,
    // Areas of interest travel as WKT in the query string: room for MAX_WKT_LENGTH characters, encoded.
    http: { maxHeaderSize: 3 * MAX_WKT_LENGTH + 16 * 1024 },
  });
  app.setValidatorCompiler(validatorCompiler);

  registerErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-correlation-id', request.id);
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-content-type-options', 'nosniff');
  });

  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });

  const issuer = await createTokenIssuer(config);
  await app.register(credentialRoutes(config, issuer));

  const profile = config.profile === 'provider' ? providerProfile : seedProfile;
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireCredential(issuer));
    await scope.register(surveyRoutes({ prefix: '/tile/v2', profile, catalog, config, tiles, mosaicRoute: true }));
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0];
      const successor = path.replace(/^\/tile\//, '/tile/v2/');
      reply.header('deprecation', `@${DEPRECATED_SINCE}`);
      reply.header('sunset', SUNSET);
      reply.header('link', `<${successor}>; rel="successor-version"`);
      reply.header('warning', `299 - "Deprecated API: ${path} will be removed; use ${successor}"`);
      request.log.warn({ path: redactUrl(request.url), successor }, 'deprecated legacy route used');
    });
    scope.addHook('onRequest', requireCredential(issuer));
    await scope.register(surveyRoutes({ prefix: '/tile', profile: legacyProfile(config.profile), catalog, config, tiles, mosaicRoute: false }));
  });

  const viewerConfig = options.viewer?.config ?? options.viewerConfigOnly;
  if (viewerConfig) {
    app.get('/config.json', async (_request, reply) => reply.header('cache-control', 'no-store').send(viewerConfig));
  }
  if (options.viewer) {
    await app.register(fastifyStatic, {
      root: options.viewer.dir,
      setHeaders: (res, filePath) => {
        if (filePath.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
  }

  return app;
}
