import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { Catalog } from './catalog/catalog.ts';
import type { ConnectionLimits } from './common.ts';
import { configFromEnv } from './config.ts';
import { buildGatewayApp } from './gateway/app.ts';
import { gatewayConfigFromEnv } from './gateway/config.ts';
import { UPSTREAM_ENV } from './gateway/test/upstreams.ts';
import { proceduralTiles } from './imagery/source.ts';
import { expectEnvelope, FIXTURE_SURVEYS, SIGNING_KEY } from './test/fixtures.ts';

let viewerDir: string;
beforeAll(async () => {
  viewerDir = await mkdtemp('/tmp/viewer-');
  await writeFile(`${viewerDir}/index.html`, '<!doctype html><title>x</title>');
  await mkdir(`${viewerDir}/assets`);
  await writeFile(`${viewerDir}/assets/app-1234.js`, 'console.log(1)');
});

/** The service and the gateway, each with the built viewer: everything below holds for both. */
const servers: [string, (connections?: Partial<ConnectionLimits>) => Promise<FastifyInstance>][] = [
  [
    'service',
    (connections) =>
      buildApp({
        config: configFromEnv({}, { signingKeyPem: SIGNING_KEY, rateLimits: null }),
        catalog: new Catalog(FIXTURE_SURVEYS),
        tiles: proceduralTiles(),
        viewer: { dir: viewerDir, config: { mode: 'direct' } },
        connections,
      }),
  ],
  [
    'gateway',
    (connections) =>
      buildGatewayApp({
        // Nothing here reaches the upstream.
        gateway: gatewayConfigFromEnv(UPSTREAM_ENV, { upstream: 'http://127.0.0.1:9' }),
        viewer: { dir: viewerDir },
        connections,
      }),
  ],
];

const open: FastifyInstance[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(open.splice(0).map((app) => app.close()));
});

async function listening(build: () => Promise<FastifyInstance>) {
  const app = await build();
  open.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** A raw socket to the app, and a promise of when the server ends it (with what it had written). */
function rawSocket(app: FastifyInstance) {
  const { port } = app.server.address() as { port: number };
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => undefined);
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  return { socket, connected, closed };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

describe.each(servers)('the common plugin: %s', (_name, build) => {
  it('serves index.html with no-cache and the assets as immutable, both with the pages’ headers', async () => {
    const app = await build();
    for (const url of ['/', '/index.html']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(page.headers['referrer-policy']).toBe('no-referrer');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers URLs the router refuses with the error envelope (malformed escapes, over-long segments)', async () => {
    const app = await build();
    const bad = expectEnvelope(await app.inject({ method: 'GET', url: '/tile/v2/%E0%A4%A/footprint' }), 400);
    expect(bad.message).toMatch(/not a valid URL/);
  });

  it('ends a connection whose request body never finishes (slow body)', async () => {
    const app = await listening(() => build({ requestTimeoutMs: 400 }));
    const { socket, connected, closed } = rawSocket(app);
    await connected;
    socket.write(
      'POST /gateway/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a',
    );
    const answer = await within(closed, 3000);
    expect(answer).not.toBe('still open');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('ends a connection whose request headers never finish (slowloris)', async () => {
    const app = await listening(() => build({ requestTimeoutMs: 400 }));
    const { socket, connected, closed } = rawSocket(app);
    await connected;
    socket.write('GET /config.json HTTP/1.1\r\nHost: x\r\n');
    expect(await within(closed, 3000)).not.toBe('still open');
  });

  it('holds at most maxConnections sockets: one more is closed at once', async () => {
    const app = await listening(() => build({ maxConnections: 2 }));
    const first = rawSocket(app);
    const second = rawSocket(app);
    await Promise.all([first.connected, second.connected]);
    // Until the server has counted the two, a third may still slip in.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const third = rawSocket(app);
    expect(await within(third.closed, 2000)).not.toBe('still open');
    expect(await within(first.closed, 300)).toBe('still open');
  });
});

describe('the service only', () => {
  it('answers a path segment over 100 characters with the 414 envelope', async () => {
    const app = await servers[0][1]();
    const id = 'a'.repeat(101);
    const answer = await app.inject({ method: 'GET', url: `/tile/v2/${id}/footprint` });
    const body = expectEnvelope(answer, 414, 'uri_too_long');
    expect(body.message).toMatch(/100 characters/);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    // One character less is an ordinary (authenticated) route.
    expectEnvelope(await app.inject({ method: 'GET', url: `/tile/v2/${id.slice(1)}/footprint` }), 401);
  });
});
