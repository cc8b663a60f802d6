import type { Redis } from 'ioredis';
import { spawnOnFreePort } from '../../core/test/spawned-server.ts';
import { connectSharedState } from '../shared-state.ts';

/** A real redis-server (Debian redis-server) on a free loopback port, without persistence, for one test file. */
export async function startRedisServer() {
  const server = await spawnOnFreePort({
    command: 'redis-server',
    args: (port) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    ready: { printed: 'Ready to accept connections' },
  });
  const { port } = server;
  const clients: Redis[] = [];
  return {
    url: `redis://127.0.0.1:${port}`,
    /** A client as the service makes one, once connected. */
    async connect(): Promise<Redis> {
      const redis = connectSharedState(`redis://127.0.0.1:${port}`, () => undefined);
      clients.push(redis);
      await new Promise((resolve) => redis.once('ready', resolve));
      return redis;
    },
    stop: server.stop,
    disconnectAll: () => {
      for (const client of clients) client.disconnect();
    },
  };
}
