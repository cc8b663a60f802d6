import { defineConfig } from '@playwright/test';

/** Each e2e server is the real reference service serving the production build (npm run build first). */
const serve = (port: number, extra = '', env: Record<string, string> = {}) => ({
  command: `node --import tsx server/main.ts --viewer dist --quiet --port ${port} ${extra}`.trim(),
  url: `http://127.0.0.1:${port}/config.json`,
  reuseExistingServer: !process.env.CI,
  timeout: 60_000,
  env: { ...env } as Record<string, string>,
});

/** E2E_PORT_BASE moves all the servers, e.g. to run two checkouts' suites side by side. */
const BASE_PORT = Number(process.env.E2E_PORT_BASE ?? 4173);
export const PORTS = {
  main: BASE_PORT,
  shortTokens: BASE_PORT + 1,
  provider: BASE_PORT + 2,
  gateway: BASE_PORT + 3,
  gatewayProvider: BASE_PORT + 4,
} as const;

/** The gateways' shared access key (what a team would be given); the upstream credentials stay in their environment. */
export const GATEWAY_ACCESS_KEY = 'e2e-team-access-key-7d1f0c';
const GATEWAY_ENV = {
  UPSTREAM_CLIENT_ID: 'demo',
  UPSTREAM_CLIENT_SECRET: 'demo-secret',
  UPSTREAM_AUDIENCE: 'https://api.survey-viewer.example/tile',
  GATEWAY_ACCESS_KEY,
  GATEWAY_SESSION_RATE_LIMIT: '1000',
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Two workers (one per core of the CI machine: a test waits on the network and the map's idle as much as it
  // computes), each taking whole spec files; E2E_WORKERS=1 runs them one after another. A test's time allows for
  // sharing a core.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORTS.main}`,
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: [
    serve(PORTS.main),
    serve(PORTS.shortTokens, '', { SERVICE_TOKEN_TTL: '8' }),
    serve(PORTS.provider, '--profile provider'),
    // Gateway mode (npm start -- --upstream URL) in front of the seed- and provider-profile services.
    serve(PORTS.gateway, `--upstream http://127.0.0.1:${PORTS.main}`, GATEWAY_ENV),
    serve(PORTS.gatewayProvider, `--upstream http://127.0.0.1:${PORTS.provider}`, GATEWAY_ENV),
  ],
});
