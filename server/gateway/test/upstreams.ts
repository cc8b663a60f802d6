import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import type { Survey } from '../../catalog/survey.ts';
import type { ServiceConfig } from '../../config.ts';
import { testService } from '../../test/fixtures.ts';
import { buildGatewayApp, type GatewayAppOptions } from '../app.ts';
import { gatewayConfigFromEnv, type GatewayConfig } from '../config.ts';
import { SESSION_COOKIE } from '../session.ts';

export const ACCESS_KEY = 'team-access-key-0123456789';

export const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The upstream's correlation id for this request. */
  id: string;
}

/** The reference service listening on an ephemeral loopback port, recording every request it gets. */
export async function referenceUpstream(overrides: Partial<ServiceConfig> = {}, surveys?: Survey[]) {
  const svc = await testService({ rateLimits: null, ...overrides }, surveys);
  const seen: SeenRequest[] = [];
  // Recorded as they arrive (before any hook can refuse them), with the correlation id the answer carries.
  const entries = new WeakMap<object, SeenRequest>();
  svc.app.server.prependListener('request', (req) => {
    const entry = { method: req.method ?? '', url: req.url ?? '', headers: { ...req.headers }, id: '' };
    entries.set(req, entry);
    seen.push(entry);
  });
  svc.app.addHook('onSend', async (request, reply) => {
    const entry = entries.get(request.raw);
    if (entry) entry.id = String(reply.getHeader('x-correlation-id') ?? request.id);
  });
  await svc.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...svc,
    url: urlOf(svc.app),
    seen,
    tokenRequests: () => seen.filter((r) => r.url === '/oauth/token').length,
    resourceRequests: () => seen.filter((r) => r.url.startsWith('/tile/')),
    close: () => svc.app.close(),
  };
}

/** A hand-made upstream for failures the reference service does not produce on demand. */
export async function stubUpstream(register: (app: FastifyInstance) => void) {
  // Closing does not wait for answers the gateway has given up on.
  const app = Fastify({ forceCloseConnections: true });
  const seen: string[] = [];
  app.addHook('onRequest', async (request) => {
    seen.push(`${request.method} ${request.url}`);
  });
  register(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: urlOf(app), seen, close: () => app.close() };
}

export const UPSTREAM_ENV = {
  UPSTREAM_CLIENT_ID: 'demo',
  UPSTREAM_CLIENT_SECRET: 'demo-secret',
  GATEWAY_ACCESS_KEY: ACCESS_KEY,
};

export interface TestGateway {
  app: FastifyInstance;
  config: GatewayConfig;
  /** A valid session cookie ("name=value"). */
  cookie(): Promise<string>;
  /** GET with the session cookie. */
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export async function testGateway(
  upstream: string,
  env: Record<string, string> = {},
  overrides: Partial<GatewayConfig> = {},
  options: Omit<GatewayAppOptions, 'gateway'> = {},
): Promise<TestGateway> {
  const config = gatewayConfigFromEnv({ ...UPSTREAM_ENV, ...env }, { upstream }, overrides);
  const app = await buildGatewayApp({ gateway: config, ...options });
  let cached: string | undefined;
  const cookie = async () => {
    if (cached) return cached;
    const answer = await app.inject({ method: 'POST', url: '/gateway/session', payload: { access_key: ACCESS_KEY } });
    if (answer.statusCode !== 200) throw new Error(`sign-in failed: ${answer.body}`);
    const header = String(answer.headers['set-cookie']);
    cached = header.split(';', 1)[0];
    if (!cached.startsWith(`${SESSION_COOKIE}=`)) throw new Error(`unexpected cookie ${header}`);
    return cached;
  };
  return {
    app,
    config,
    cookie,
    inject: (o) => app.inject(o),
    get: async (url, headers = {}) =>
      app.inject({ method: 'GET', url, headers: { cookie: await cookie(), ...headers } }),
  };
}

/** Sends a request target byte for byte (no client-side normalisation of "..", "%2e" or absolute forms). */
export function rawRequest(
  baseUrl: string,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: rest.join('\r\n\r\n') });
    });
    const lines = [
      `${method} ${target} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      'Connection: close',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}
