import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from './app.ts';
import { Catalog } from './catalog/catalog.ts';
import { demoCatalog } from './catalog/demo.ts';
import { loadCatalogFile } from './catalog/load-geojson.ts';
import type { Survey } from './catalog/survey.ts';
import { syntheticCatalog } from './catalog/synthetic.ts';
import { configFromEnv, DEMO_CLIENT_SECRET, type ProfileName } from './config.ts';
import { directoryTiles, proceduralTiles } from './imagery/source.ts';
import { parseFaults } from './faults.ts';
import { logSerializers } from './logging.ts';

const USAGE = `Reference survey catalog and tile service.

Usage: npm run service -- [options]

  --port N            port to listen on (default: $PORT or 8787)
  --host H            interface to bind (default: 127.0.0.1; use 0.0.0.0 to accept remote clients)
  --profile P         response shapes: "seed" (default) or "provider" (the provider's published shapes)
  --catalog FILE      serve this GeoJSON FeatureCollection of survey footprints instead of the demo catalog
  --tiles DIR         serve tiles from DIR/{survey}/{z}/{x}/{y}.png|jpg instead of procedural imagery
  --synthetic N       add N generated surveys (scale tests)
  --public-url URL    externally visible base URL for tile URLs and links (default: $PUBLIC_URL or from the request)
  --viewer DIR        also serve the built viewer from DIR, with its runtime config at /config.json
  --dev-config        serve /config.json for the Vite dev server
  --faults SPEC       inject faults into /tile requests, e.g. "503:0.1,429:0.05,latency:500" (tests only)
  --quiet             no access logs
  --help

Environment: SERVICE_CLIENT_ID, SERVICE_CLIENT_SECRET, SERVICE_AUDIENCE, SERVICE_TOKEN_TTL, SERVICE_TILE_CAP,
SERVICE_SIGNING_KEY (PKCS#8 PEM, EC P-256), SERVICE_RATE_LIMIT, SERVICE_CREDENTIAL_RATE_LIMIT, SERVICE_FAULTS,
VIEWER_CONNECT_SRC, PUBLIC_URL, PORT, HOST.`;

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
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }

  const config = configFromEnv(process.env, {
    ...(values.profile && { profile: values.profile as ProfileName }),
    ...(values['public-url'] && { publicUrl: values['public-url'].replace(/\/+$/, '') }),
    ...(values.faults && { faults: parseFaults(values.faults) }),
  });
  const port = Number(values.port ?? process.env.PORT ?? 8787);
  const host = values.host ?? process.env.HOST ?? '127.0.0.1';

  const surveys: Survey[] = values.catalog ? await loadCatalogFile(values.catalog) : demoCatalog();
  if (values.synthetic) surveys.push(...syntheticCatalog(Number(values.synthetic)));
  const catalog = new Catalog(surveys);

  const viewerConfig = {
    mode: 'direct',
    serviceUrl: config.publicUrl ?? '',
    audience: config.audience,
    clientId: config.clientId,
    // The secret is pre-filled only when it is the public demo secret.
    ...(config.clientSecret === DEMO_CLIENT_SECRET && { clientSecret: config.clientSecret }),
  };

  const app = await buildApp({
    config,
    catalog,
    tiles: values.tiles ? directoryTiles(path.resolve(values.tiles)) : proceduralTiles(),
    logger: values.quiet ? false : { level: 'info', serializers: logSerializers },
    ...(values.viewer && { viewer: { dir: path.resolve(values.viewer), config: viewerConfig, connectSources: process.env.VIEWER_CONNECT_SRC } }),
    ...(values['dev-config'] && !values.viewer && { viewerConfigOnly: viewerConfig }),
  });
  await app.listen({ port, host });

  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const url = `http://${shownHost}:${port}`;
  const lines = [
    values.viewer ? `Survey viewer:  ${url}/` : undefined,
    `Service:        ${url}/tile/v2/surveys  (${catalog.size} surveys, profile ${config.profile})`,
    `Client ID:      ${config.clientId}`,
    config.clientSecret === DEMO_CLIENT_SECRET ? `Client secret:  ${config.clientSecret}` : 'Client secret:  (from SERVICE_CLIENT_SECRET)',
    `Audience:       ${config.audience}`,
  ];
  console.log(lines.filter(Boolean).join('\n'));

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
