import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnOnFreePort } from './spawned-server.ts';

/** A server that says its port is taken the first time (as when another process bound it after the probe). */
const FLAKY_SERVER = `
const fs = require('node:fs');
const [port, marker] = process.argv.slice(1);
if (!fs.existsSync(marker)) {
  fs.writeFileSync(marker, port);
  console.error('Error: listen EADDRINUSE: address already in use 127.0.0.1:' + port);
  process.exit(1);
}
require('node:http').createServer((req, res) => res.end('up')).listen(Number(port), '127.0.0.1');
`;

describe('spawnOnFreePort', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('starts again on another port when the first was taken in the meantime', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'spawned-'));
    const marker = path.join(dir, 'first-port');
    const server = await spawnOnFreePort({
      command: process.execPath,
      args: (port) => ['-e', FLAKY_SERVER, String(port), marker],
      ready: { answers: '/' },
      fromPort: 9500,
    });
    try {
      expect(await (await fetch(server.origin)).text()).toBe('up');
      expect(server.port).toBeGreaterThan(9500);
      expect(server.exited()).toBeNull();
    } finally {
      await server.stop();
    }
    expect(server.exited()).not.toBeNull();
  });

  it('reports any other early exit with what the server printed', async () => {
    await expect(
      spawnOnFreePort({
        command: process.execPath,
        args: () => ['-e', 'console.error("no catalog here"); process.exit(2)'],
        ready: { printed: 'Service:' },
      }),
    ).rejects.toThrow(/exited \(2\)[\s\S]*no catalog here/);
  });
});
