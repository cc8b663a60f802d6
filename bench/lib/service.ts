/** Starts the reference service (or any server script) as a child process on a free port and stops it again. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * Where the service's code comes from: this checkout, or BENCH_SERVICE_ROOT — e.g. an older revision
 * unpacked with `git archive <rev> server package.json | tar -x -C DIR` and node_modules linked in —
 * for before/after figures of a service change.
 */
export const SERVICE_ROOT = process.env.BENCH_SERVICE_ROOT ? path.resolve(process.env.BENCH_SERVICE_ROOT) : ROOT;

/** A free TCP port at or above `from` on 127.0.0.1 (the brief keeps benchmarks at 9100 and up). */
async function freePort(from = 9100): Promise<number> {
  for (let port = from; port < from + 400; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}–${from + 400}`);
}

export interface Running {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

async function waitForHttp(url: string, child: ChildProcess, output: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited (${child.exitCode}) before answering ${url}:\n${output()}`);
    try {
      const answer = await fetch(url);
      await answer.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs / 1000} s:\n${output()}`);
}

/** CPU time (user + system, all threads) a process has used so far, in seconds (Linux /proc). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function run(args: string[], env: Record<string, string>, port: number, probePath: string): Promise<Running> {
  const child = spawn(process.execPath, args, {
    cwd: SERVICE_ROOT,
    env: { ...process.env, SERVICE_RATE_LIMIT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out = (out + d).slice(-4000)));
  child.stderr!.on('data', (d) => (out = (out + d).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return waitForHttp(url + probePath, child, () => out).then(
    () => ({ url, port, pid: child.pid!, stop }),
    async (error) => {
      await stop();
      throw error;
    },
  );
}

export interface ServiceOptions {
  viewer?: string;
  synthetic?: number;
  env?: Record<string, string>;
  port?: number;
  /** Extra node flags, e.g. ['--cpu-prof', '--cpu-prof-dir=…'] to profile the service under load. */
  nodeArgs?: string[];
  /** Further options of server/main.ts, e.g. ['--tiles', DIR]. */
  args?: string[];
}

/** `node --import tsx server/main.ts --quiet --port P [--viewer DIR] [--synthetic N]`, rate limits off. */
export async function startService(options: ServiceOptions = {}): Promise<Running> {
  const port = options.port ?? (await freePort());
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts', '--quiet', '--port', String(port)];
  if (options.viewer) args.push('--viewer', path.resolve(ROOT, options.viewer));
  if (options.synthetic) args.push('--synthetic', String(options.synthetic));
  args.push(...(options.args ?? []));
  return run(args, options.env ?? {}, port, options.viewer ? '/config.json' : '/tile/v2/surveys');
}

/** Any node script taking its port as the first argument, e.g. the bare node:http server. */
export async function startScript(script: string, extraArgs: string[] = [], probePath = '/'): Promise<Running> {
  const port = await freePort();
  return run([script, String(port), ...extraArgs], {}, port, probePath);
}

const DEMO = {
  client_id: 'demo',
  client_secret: 'demo-secret',
  audience: 'https://api.survey-viewer.example/tile',
  grant_type: 'client_credentials',
};

export async function accessToken(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!answer.ok) throw new Error(`token request failed: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** A read-only tile key (`POST /tile-keys`) for the standard layer endpoints: WMTS, XYZ, TileJSON. */
export async function tileKey(baseUrl: string, token: string, surveys: string[] | 'all'): Promise<string> {
  const answer = await fetch(`${baseUrl}/tile-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', surveys, expires_in: 3600 }),
  });
  if (!answer.ok) throw new Error(`tile key request failed: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { key: string }).key;
}

/** How many surveys the service's catalog lists (`total_results` of a one-row page). */
export async function surveyTotal(baseUrl: string, token: string): Promise<number> {
  const answer = await fetch(`${baseUrl}/tile/v2/surveys?page=1&page_size=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!answer.ok) throw new Error(`survey list failed: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { total_results: number }).total_results;
}
