import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** Servers started by tests, benchmarks and scripts as child processes on free loopback ports. */

/** A free TCP port on 127.0.0.1: the system's pick, or the first free one at or above `from`. */
async function freePort(from?: number): Promise<number> {
  const probe = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const { port: bound } = server.address() as { port: number };
        server.close(() => resolve(bound));
      });
    });
  if (from === undefined) {
    const port = await probe(0);
    if (port === null) throw new Error('no free port on 127.0.0.1');
    return port;
  }
  for (let port = from; port < from + 400; port++) if ((await probe(port)) !== null) return port;
  throw new Error(`no free port in ${from}–${from + 400}`);
}

export interface SpawnedServer {
  port: number;
  /** http://127.0.0.1:PORT */
  origin: string;
  pid: number;
  /** What the server has printed so far (stdout and stderr). */
  output(): string;
  /** Its exit code or signal once it has exited, else null. */
  exited(): number | NodeJS.Signals | null;
  /** SIGTERM, then SIGKILL after 5 s; resolves once it has exited. */
  stop(): Promise<void>;
}

export interface ServerCommand {
  command: string;
  args: (port: number) => string[];
  /** Ready once this text is printed, or once any HTTP answer comes from this path. */
  ready: { printed: string } | { answers: string };
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Ports at or above this one (otherwise the system's pick). */
  fromPort?: number;
  timeoutMs?: number;
  /** Keep only the last this many characters of output. */
  outputLimit?: number;
}

const TAKEN = /EADDRINUSE|Address already in use/;

/**
 * Starts a server on a port that was free a moment ago. When another process took the port in between (the server
 * exits saying so: two benchmarks or test files starting at once), it starts again on another.
 */
export async function spawnOnFreePort(server: ServerCommand): Promise<SpawnedServer> {
  let from = server.fromPort;
  for (let attempt = 0; ; attempt++) {
    const port = await freePort(from);
    try {
      return await start(server, port);
    } catch (error) {
      if (attempt >= 4 || !(error instanceof PortTaken)) throw error;
      if (from !== undefined) from = port + 1;
    }
  }
}

class PortTaken extends Error {}

async function start(server: ServerCommand, port: number): Promise<SpawnedServer> {
  const child = spawn(server.command, server.args(port), {
    cwd: server.cwd,
    env: server.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const limit = server.outputLimit ?? Number.POSITIVE_INFINITY;
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > limit) output = output.slice(-limit);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(timer);
  };

  const timeoutMs = server.timeoutMs ?? 90_000;
  const deadline = Date.now() + timeoutMs;
  const { ready } = server;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const code = child.exitCode ?? child.signalCode;
      const message = `${server.command} exited (${code}) before it was ready:\n${output}`;
      throw TAKEN.test(output) ? new PortTaken(message) : new Error(message);
    }
    const up =
      'printed' in ready
        ? output.includes(ready.printed)
        : await fetch(origin + ready.answers).then(
            (answer) => answer.arrayBuffer().then(() => true),
            () => false,
          );
    if (up) {
      const pid = child.pid as number;
      return { port, origin, pid, output: () => output, exited: () => child.exitCode ?? child.signalCode, stop };
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${server.command} was not ready within ${timeoutMs / 1000} s:\n${output}`);
    }
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 100)), exited]);
  }
}
