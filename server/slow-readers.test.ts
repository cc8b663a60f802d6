import { mkdtemp } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Catalog } from './catalog/catalog.ts';
import { LiveCatalog } from './catalog/live-catalog.ts';
import { SyntheticSurveys } from './catalog/synthetic.ts';
import { stubUpstream, testGateway } from './gateway/test/upstreams.ts';
import { issueToken, testService, wktSquare } from './test/fixtures.ts';

/**
 * Issue 45, untried items: slow readers of streamed answers — a hundred of the service's coverage answers at 10⁵
 * surveys, twenty of the gateway's relay of a long list — hold what they have not read back at its source, not in
 * memory. (On loopback the kernel's socket buffers take several megabytes of each answer before anything waits.)
 */

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
/** The JavaScript heap and the buffers outside it (what a socket's queued writes are held in), after collection. */
const heapMb = () => {
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return (heapUsed + external) / 2 ** 20;
};

const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.destroy();
});

/**
 * Listens on a Unix socket: its buffers hold a few hundred kilobytes of an answer, where loopback TCP's take megabytes
 * (so that the answers need not be tens of megabytes, a hundred times over, before anything has to wait).
 */
async function listenOnSocket(app: FastifyInstance): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'slow-readers-'));
  const socketPath = path.join(dir, 'http.sock');
  await app.listen({ path: socketPath });
  return socketPath;
}

/** Sends a GET and reads until `bytes` have come, then stops reading (the socket stays open, unread). */
function slowReader(socketPath: string, target: string, headers: Record<string, string>, bytes: number) {
  return new Promise<number>((resolve, reject) => {
    const socket = connect(socketPath);
    sockets.push(socket);
    let read = 0;
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      read += chunk.length;
      if (read >= bytes) {
        socket.pause();
        resolve(read);
      }
    });
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\n${lines.join('')}\r\n`);
  });
}

describe('a hundred slow readers', () => {
  it('of the service’s coverage answers at 10⁵ surveys: memory stays far below the answers’ size', {
    timeout: 180_000,
  }, async () => {
    const service = await testService(
      { rateLimits: null },
      new LiveCatalog(new Catalog([], new SyntheticSurveys(100_000))),
    );
    try {
      const base = await listenOnSocket(service.app);
      // 8° × 8° over the middle of the country, under the 696,000 km² limit.
      const coverage = `/tile/v2/surveys/coverage?wkt=${encodeURIComponent(wktSquare(-104, 33, -96, 40.5))}`;
      const tokens = await Promise.all(Array.from({ length: 100 }, () => issueToken(service.app)));
      const whole = await service.app.inject({ url: coverage, headers: { authorization: `Bearer ${tokens[0]}` } });
      expect(whole.statusCode).toBe(200);
      const answerMb = whole.rawPayload.length / 2 ** 20;
      const before = heapMb();
      await Promise.all(tokens.map((token) => slowReader(base, coverage, { authorization: `Bearer ${token}` }, 1)));
      const grown = heapMb() - before;
      console.log(
        `100 slow readers of a ${answerMb.toFixed(1)} MB answer: heap grew ${grown.toFixed(1)} MB ` +
          `(${(100 * answerMb).toFixed(0)} MB were it buffered)`,
      );
      expect(answerMb).toBeGreaterThan(2);
      // Held whole, the answers would take 100 × their size (as a test with the list written whole measured: 302 MB).
      expect(grown).toBeLessThan((100 * answerMb) / 3);
    } finally {
      for (const socket of sockets.splice(0)) socket.destroy();
      await service.app.close();
    }
  });

  it('of the gateway’s relay of a long list: each upstream answer is read only as fast as its reader reads', {
    timeout: 120_000,
  }, async () => {
    const produced: number[] = [];
    const item = JSON.stringify({
      id: 'S',
      capture_date_start: '2024-01-01T00:00:00Z',
      capture_date_end: '2024-01-02T00:00:00Z',
      footprint: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
    });
    const total = 40 * 2 ** 20;
    const upstream = await stubUpstream((app) => {
      app.post('/oauth/token', async () => ({ access_token: 'upstream-token-0123456789', expires_in: 3600 }));
      app.get('/tile/v2/surveys/coverage', async (_request, reply) => {
        const index = produced.push(0) - 1;
        const chunk = `${Array.from({ length: 200 }, () => item).join(',')},`;
        const body = new Readable({
          read() {
            if (produced[index] === 0) this.push('[');
            if (produced[index] >= total) {
              this.push(`${item}]`);
              this.push(null);
              return;
            }
            produced[index] += chunk.length;
            this.push(chunk);
          },
        });
        return reply.type('application/json').send(body);
      });
    });
    const gateway = await testGateway(upstream.url, { GATEWAY_USER_RATE_LIMIT: '0', GATEWAY_TEAM_RATE_LIMIT: '0' });
    try {
      const base = await listenOnSocket(gateway.app);
      const cookie = await gateway.cookie();
      const before = heapMb();
      await Promise.all(Array.from({ length: 20 }, () => slowReader(base, '/tile/v2/surveys/coverage', { cookie }, 1)));
      const grown = heapMb() - before;
      // What the upstream had to produce for each: what the sockets and streams between hold, not the 40 MB.
      for (const bytes of produced) expect(bytes).toBeLessThan(total / 2);
      expect(grown).toBeLessThan(100);
      const mean = produced.reduce((sum, bytes) => sum + bytes, 0) / produced.length / 2 ** 20;
      console.log(
        `20 slow readers through the gateway: ${mean.toFixed(1)} MB of 40 MB produced upstream for each, ` +
          `heap grew ${grown.toFixed(1)} MB`,
      );
    } finally {
      for (const socket of sockets.splice(0)) socket.destroy();
      await gateway.app.close();
      await upstream.close();
    }
  });
});
