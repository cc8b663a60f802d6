import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { Redis } from 'ioredis';
import { connectSharedState } from '../shared-state.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A real redis-server (Debian redis-server) on a free loopback port, without persistence, for one test file. */
export async function startRedisServer() {
  const port = await freePort();
  const child = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', () => reject(new Error(`redis-server exited: ${output}`)));
  });
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
    async stop(): Promise<void> {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
    },
    disconnectAll: () => {
      for (const client of clients) client.disconnect();
    },
  };
}
