import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
type Build = (connections?: Partial<ConnectionLimits>, options?: { trustProxy?: string }) => Promise<FastifyInstance>;
const servers: [string, Build][] = [
  [
    'service',
    (connections, options) =>
      buildApp({
        ...options,
        config: configFromEnv({}, { signingKeyPem: SIGNING_KEY, rateLimits: null }),
        catalog: new Catalog(FIXTURE_SURVEYS),
        tiles: proceduralTiles(),
        viewer: { dir: viewerDir, config: { mode: 'direct' } },
        connections,
      }),
  ],
  [
    'gateway',
    (connections, options) =>
      buildGatewayApp({
        ...options,
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

/** A raw socket to the app (from `localAddress`), and a promise of when the server ends it (with what it wrote). */
function rawSocket(app: FastifyInstance, localAddress = '127.0.0.1') {
  const { port } = app.server.address() as { port: number };
  const socket = connect({ port, host: '127.0.0.1', localAddress });
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
    // Until the server has counted the two (its 'connection' events), a third may still slip in.
    let accepted = 0;
    const counted = new Promise<void>((resolve) =>
      app.server.on('connection', () => {
        if (++accepted === 2) resolve();
      }),
    );
    const first = rawSocket(app);
    const second = rawSocket(app);
    await Promise.all([first.connected, second.connected, counted]);
    const third = rawSocket(app);
    expect(await within(third.closed, 2000)).not.toBe('still open');
    expect(await within(first.closed, 300)).toBe('still open');
  });
});

describe.each(servers)('issue 45, item 5: one address cannot take every connection: %s', (_name, build) => {
  it('while one address holds 2,100 slow sockets, another is answered; it holds at most 256', async () => {
    // The red team's attack: sockets that send part of their headers and wait, more than maxConnections (2,048).
    const app = await listening(() => build());
    const attack = Array.from({ length: 2_100 }, () => rawSocket(app, '127.0.0.2'));
    await Promise.all(attack.map(({ connected }) => connected));
    for (const { socket } of attack) socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    let cut = 0;
    for (const { closed } of attack) void closed.then(() => cut++);
    await vi.waitFor(() => expect(cut).toBe(2_100 - 256), { timeout: 10_000 });

    const started = performance.now();
    const victim = rawSocket(app, '127.0.0.1');
    victim.socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const answer = await victim.closed;
    const ms = performance.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    // Answered while the attacker's 256 sockets were still held (their headers timeout is 10 s away).
    expect(cut).toBe(2_100 - 256);
    console.log(`${_name}: answered in ${ms.toFixed(0)} ms beside 256 slow sockets of another address`);
  });

  it('does not cap a trusted proxy, whose clients share its connections', async () => {
    const app = await listening(() => build({ perAddress: 3 }, { trustProxy: '127.0.0.3' }));
    const proxied = Array.from({ length: 6 }, () => rawSocket(app, '127.0.0.3'));
    const direct = Array.from({ length: 6 }, () => rawSocket(app, '127.0.0.2'));
    // Listened to from the start: a socket over the cap may be closed before the others are answered.
    const answered = (sockets: typeof proxied) =>
      Promise.all(
        sockets.map(
          ({ socket }) =>
            new Promise<boolean>((resolve) => {
              socket.once('data', () => resolve(true));
              socket.once('close', () => resolve(false));
            }),
        ),
      );
    const proxiedAnswers = answered(proxied);
    const directAnswers = answered(direct);
    await Promise.all([...proxied, ...direct].map(({ connected }) => connected));
    for (const { socket } of [...proxied, ...direct])
      if (!socket.destroyed) socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await proxiedAnswers).toEqual(new Array(6).fill(true));
    expect((await directAnswers).filter(Boolean)).toHaveLength(3);
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
