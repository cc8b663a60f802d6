/** Starts the reference service (or any server script) as a child process on a free port and stops it again. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnOnFreePort } from '../../core/test/spawned-server.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * Where the service's code comes from: this checkout, or BENCH_SERVICE_ROOT — e.g. an older revision
 * unpacked with `git archive <rev> server package.json | tar -x -C DIR` and node_modules linked in —
 * for before/after figures of a service change.
 */
export const SERVICE_ROOT = process.env.BENCH_SERVICE_ROOT ? path.resolve(process.env.BENCH_SERVICE_ROOT) : ROOT;

export interface Running {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** CPU time (user + system, all threads) a process has used so far, in seconds (Linux /proc). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Benchmarks keep their servers at port 9100 and up. */
const run = (args: (port: number) => string[], env: Record<string, string>, probePath: string): Promise<Running> =>
  spawnOnFreePort({
    command: process.execPath,
    args,
    cwd: SERVICE_ROOT,
    env: { ...process.env, SERVICE_RATE_LIMIT: '0', ...env },
    ready: { answers: probePath },
    fromPort: 9100,
    outputLimit: 4000,
  }).then(({ origin, port, pid, stop }) => ({ url: origin, port, pid, stop }));

export interface ServiceOptions {
  viewer?: string;
  synthetic?: number;
  env?: Record<string, string>;
  /** Extra node flags, e.g. ['--cpu-prof', '--cpu-prof-dir=…'] to profile the service under load. */
  nodeArgs?: string[];
  /** Further options of server/main.ts, e.g. ['--tiles', DIR]. */
  args?: string[];
}

/** `node --import tsx server/main.ts --quiet --port P [--viewer DIR] [--synthetic N]`, rate limits off. */
export function startService(options: ServiceOptions = {}): Promise<Running> {
  const args = (port: number) => [
    ...(options.nodeArgs ?? []),
    ...['--import', 'tsx', 'server/main.ts', '--quiet', '--port', String(port)],
    ...(options.viewer ? ['--viewer', path.resolve(ROOT, options.viewer)] : []),
    ...(options.synthetic ? ['--synthetic', String(options.synthetic)] : []),
    ...(options.args ?? []),
  ];
  return run(args, options.env ?? {}, options.viewer ? '/config.json' : '/tile/v2/surveys');
}

/** Any node script taking its port as the first argument, e.g. the bare node:http server. */
export function startScript(script: string, extraArgs: string[] = [], probePath = '/'): Promise<Running> {
  return run((port) => [script, String(port), ...extraArgs], {}, probePath);
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
