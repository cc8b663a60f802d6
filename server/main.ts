import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from './app.ts';
import { connectSharedState } from './shared-state.ts';
import { listenOptionsFrom } from './listen-env.ts';
import { buildGatewayApp } from './gateway/app.ts';
import { gatewayConfigFromEnv } from './gateway/config.ts';
import { Catalog } from './catalog/catalog.ts';
import { LiveCatalog } from './catalog/live-catalog.ts';
import { watchCatalogFile } from './catalog/watch-file.ts';
import { demoCatalog } from './catalog/demo.ts';
import { loadCatalogFile } from './catalog/load-geojson.ts';
import { SyntheticSurveys } from './catalog/synthetic.ts';
import { configFromEnv, DEMO_CLIENT_SECRET, type ProfileName } from './config.ts';
import { directoryTiles, proceduralTiles } from './imagery/source.ts';
import { parseFaults } from './faults.ts';
import { coveragePool } from './coverage-workers/coverage-pool.ts';
import { logSerializers } from './logging.ts';

const USAGE = `Reference survey catalog and tile service.

Usage: npm run service -- [options]

  --port N            port to listen on (default: $PORT or 8787)
  --host H            interface to bind (default: 127.0.0.1; use 0.0.0.0 to accept remote clients)
  --profile P         response shapes: "seed" (default) or "provider" (the provider's published shapes)
  --catalog FILE      serve this GeoJSON FeatureCollection of survey footprints instead of the demo catalog;
                      changes to the file are picked up while the service runs
  --tiles DIR         serve tiles from DIR/{survey}/{z}/{x}/{y}.png|jpg instead of procedural imagery
  --synthetic N       add N generated surveys (scale tests)
  --public-url URL    externally visible base URL for tile URLs and links (default: $PUBLIC_URL or from the request)
  --viewer DIR        also serve the built viewer from DIR, with its runtime config at /config.json
  --dev-config        serve /config.json for the Vite dev server
  --faults SPEC       inject faults into /tile requests, e.g. "503:0.1,429:0.05,latency:500,seed:7" (tests only)
  --quiet             no access logs
  --upstream URL      gateway mode: serve the viewer and a same-origin gateway to the deployment at URL instead of
                      the demo service (also UPSTREAM_URL); see README "Use with a real deployment"
  --gateway-open      gateway without an access guard: LOCAL USE ONLY (otherwise GATEWAY_ACCESS_KEY or
                      GATEWAY_TRUST_HEADER is required)
  --help

Environment: SERVICE_CLIENT_ID, SERVICE_CLIENT_SECRET, SERVICE_AUDIENCE, SERVICE_TOKEN_TTL, SERVICE_TILE_CAP,
SERVICE_SIGNING_KEY (PKCS#8 PEM, EC P-256), SERVICE_RATE_LIMIT, SERVICE_CREDENTIAL_RATE_LIMIT, SERVICE_FAULTS,
VIEWER_CONNECT_SRC, PUBLIC_URL, PORT, HOST, REDIS_URL (replicas share tile keys and rate limits).
Gateway mode: UPSTREAM_URL, UPSTREAM_CLIENT_ID, UPSTREAM_CLIENT_SECRET, UPSTREAM_AUDIENCE, UPSTREAM_TIMEOUT_MS,
UPSTREAM_IDLE_TIMEOUT_MS, UPSTREAM_REWRITE_URLS, GATEWAY_ACCESS_KEY, GATEWAY_TRUST_HEADER, GATEWAY_SESSION_TTL,
GATEWAY_SESSION_SECRET, GATEWAY_SESSION_RATE_LIMIT, GATEWAY_USER_RATE_LIMIT, GATEWAY_TEAM_RATE_LIMIT,
GATEWAY_KEY_RATE_LIMIT, GATEWAY_WMTS_RATE_LIMIT, GATEWAY_TRUST_PROXY.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      profile: { type: 'string' },
      catalog: { type: 'string' },
      tiles: { type: 'string' },
      synthetic: { type: 'string' },
      'public-url': { type: 'string' },
      viewer: { type: 'string' },
      'dev-config': { type: 'boolean' },
      faults: { type: 'string' },
      quiet: { type: 'boolean' },
      upstream: { type: 'string' },
      'gateway-open': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.upstream || process.env.UPSTREAM_URL) {
    await runGateway(values);
    return;
  }

  const config = configFromEnv(process.env, {
    ...(values.profile && { profile: values.profile as ProfileName }),
    ...(values['public-url'] && { publicUrl: values['public-url'].replace(/\/+$/, '') }),
    ...(values.faults && { faults: parseFaults(values.faults) }),
  });
  const { port, host, redisUrl } = listenOptionsFrom(process.env, values);

  const syntheticCount = Number(values.synthetic ?? 0);
  if (!Number.isInteger(syntheticCount) || syntheticCount < 0)
    throw new Error(`--synthetic must be a whole number of surveys, got "${values.synthetic}"`);
  const synthetic = new SyntheticSurveys(syntheticCount);
  const surveys = values.catalog ? await loadCatalogFile(values.catalog) : demoCatalog();
  const catalog = new LiveCatalog(new Catalog(surveys, synthetic));

  const viewerConfig = {
    mode: 'direct',
    serviceUrl: config.publicUrl ?? '',
    audience: config.audience,
    clientId: config.clientId,
    // The secret is pre-filled only when it is the public demo secret.
    ...(config.clientSecret === DEMO_CLIENT_SECRET && { clientSecret: config.clientSecret }),
  };

  const trustProxy = process.env.TRUST_PROXY;
  const redis = redisUrl ? connectSharedState(redisUrl) : undefined;
  const app = await buildApp({
    ...(redis && { redis }),
    config,
    catalog,
    ...(trustProxy && { trustProxy: trustProxy === 'true' ? true : trustProxy }),
    tiles: values.tiles ? directoryTiles(path.resolve(values.tiles)) : proceduralTiles(),
    logger: values.quiet ? false : { level: 'info', serializers: logSerializers },
    ...(values.viewer && {
      viewer: {
        dir: path.resolve(values.viewer),
        config: viewerConfig,
        connectSources: process.env.VIEWER_CONNECT_SRC,
      },
    }),
    ...(values['dev-config'] && !values.viewer && { viewerConfigOnly: viewerConfig }),
  });
  if (values.catalog) {
    const log = values.quiet
      ? { info: console.log, error: console.error }
      : { info: (m: string) => app.log.info(m), error: (m: string) => app.log.error(m) };
    const watch = watchCatalogFile(values.catalog, catalog, { extra: synthetic, log });
    app.addHook('onClose', async () => watch.close());
  }
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.listen({ port, host });
  // The coverage routes' workers load now, not on the first area search.
  coveragePool().warm();

  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const url = `http://${shownHost}:${port}`;
  const lines = [
    values.viewer ? `Survey viewer:  ${url}/` : undefined,
    `Service:        ${url}/tile/v2/surveys  (${catalog.current.size} surveys, profile ${config.profile})`,
    `Client ID:      ${config.clientId}`,
    config.clientSecret === DEMO_CLIENT_SECRET
      ? `Client secret:  ${config.clientSecret}`
      : 'Client secret:  (from SERVICE_CLIENT_SECRET)',
    `Audience:       ${config.audience}`,
  ];
  console.log(lines.filter(Boolean).join('\n'));

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
}

/** Gateway mode: the viewer and a same-origin gateway to the upstream, instead of the demo service. */
async function runGateway(values: {
  upstream?: string;
  'gateway-open'?: boolean;
  port?: string;
  host?: string;
  viewer?: string;
  quiet?: boolean;
}): Promise<void> {
  const gateway = gatewayConfigFromEnv(process.env, { upstream: values.upstream, open: values['gateway-open'] });
  const { port, host, redisUrl } = listenOptionsFrom(process.env, values);
  const trustProxy = process.env.GATEWAY_TRUST_PROXY;
  const redis = redisUrl ? connectSharedState(redisUrl) : undefined;
  const app = await buildGatewayApp({
    gateway,
    ...(redis && { redis }),
    logger: values.quiet ? false : { level: 'info', serializers: logSerializers },
    // "true", or the proxy's addresses / "loopback" (see Fastify's trustProxy).
    ...(trustProxy && { trustProxy: trustProxy === 'true' ? true : trustProxy }),
    ...(values.viewer && {
      viewer: { dir: path.resolve(values.viewer), connectSources: process.env.VIEWER_CONNECT_SRC },
    }),
  });
  await app.listen({ port, host });

  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const { guard } = gateway;
  const access = [
    guard.accessKey && 'access key (GATEWAY_ACCESS_KEY)',
    guard.trustHeader && `SSO header ${guard.trustHeader}`,
    guard.open && 'OPEN: no guard (--gateway-open, local use only)',
  ]
    .filter(Boolean)
    .join(' or ');
  console.log(
    [
      values.viewer
        ? `Survey viewer:  http://${shownHost}:${port}/  (gateway mode)`
        : `Gateway:        http://${shownHost}:${port}/tile/v2/surveys`,
      `Upstream:       ${gateway.upstreamUrl}  (client ${gateway.clientId}; the secret stays in this process)`,
      `Access:         ${access}`,
    ].join('\n'),
  );

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
