// The large fuzzing run: generated requests (WKT, hostile areas, query strings, paths) sent over HTTP, a few at a
// time, to the service running as `npm run service` does, in its own process, with a --catalog file of the test
// fixtures. Alongside runs a probe — a survey-list request every 50 ms — whose latency is the figure: what a user of
// the service feels while the fuzzed requests run. Prints the statuses, every crash, 5xx or refusal without the
// envelope, and the probe's latency. Then the gateway's routes (issue 33): generated paths, queries and callers (the
// session, tile keys, none) sent as written to a gateway in this process, in front of the reference service as its
// upstream, also in this process; and again in front of a hostile upstream (issue 45), where no answer may carry the
// token. Usage: npm run fuzz [-- N [GATEWAY_N]] (GATEWAY_N, for each gateway run, defaults to N / 5)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { spawnOnFreePort } from '../core/test/spawned-server.ts';
import { type GatewayInput, gatewayRequestInput, requestInput } from '../server/fuzz/arbitraries.ts';
import { leak, violation } from '../server/fuzz/check.ts';
import { gatewayFuzzTarget } from '../server/fuzz/gateway-target.ts';
import { hostileRouteInput } from '../server/fuzz/hostile-inputs.ts';
import { ANTIMERIDIAN_SURVEY, FIXTURE_SURVEYS } from '../server/test/fixtures.ts';

const runs = Number(process.argv[2] ?? 100_000);
const gatewayRuns = Number(process.argv[3] ?? Math.ceil(runs / 5));
const IN_FLIGHT = 4;
const PROBE_EVERY_MS = 50;

/** The fixture surveys as a catalog file (README, "Your own data"). */
const catalog = {
  type: 'FeatureCollection',
  features: [...FIXTURE_SURVEYS, ANTIMERIDIAN_SURVEY].map((s) => ({
    type: 'Feature',
    geometry: s.footprint,
    properties: {
      id: s.id,
      capture_date_start: s.captureStart,
      capture_date_end: s.captureEnd,
      published_date: s.publishedDate,
      last_updated: s.lastUpdated,
      cloud_cover: s.cloudCover,
    },
  })),
};

const startService = (file: string) =>
  spawnOnFreePort({
    command: process.execPath,
    args: (port) => ['--import', 'tsx', 'server/main.ts', '--catalog', file, '--port', String(port), '--quiet'],
    env: { ...process.env, SERVICE_RATE_LIMIT: '0' },
    ready: { printed: 'Service:' },
  });

const dir = await mkdtemp(path.join(tmpdir(), 'fuzz-'));
const file = path.join(dir, 'catalog.geojson');
await writeFile(file, JSON.stringify(catalog));
const service = await startService(file);
const base = service.origin;

const token = (await (
  await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: 'demo',
      client_secret: 'demo-secret',
      audience: 'https://api.survey-viewer.example/tile',
      grant_type: 'client_credentials',
    }),
  })
).json()) as { access_token: string };
const authorization = `Bearer ${token.access_token}`;
const statuses = new Map<number, number>();
const problems: string[] = [];

/** The same property as the CI-sized fuzz (server/fuzz/check.ts), on a real HTTP answer. */
async function send(url: string): Promise<void> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(`${base}${url}`, { headers: { authorization } });
    body = await response.text();
  } catch (error) {
    problems.push(`${url.slice(0, 200)} → no answer: ${(error as Error).message}`);
    return;
  }
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  const headers = Object.fromEntries(response.headers);
  const problem = violation({ statusCode: response.status, body, headers, json: () => JSON.parse(body) } as never);
  if (problem) problems.push(`${url.slice(0, 200)} → ${problem}`);
}

// The probe: what a user asking for the survey list waits while the fuzzed requests run.
const probeMs: number[] = [];
let probing = true;
const probe = (async () => {
  while (probing) {
    const sent = performance.now();
    const response = await fetch(`${base}/tile/v2/surveys?page_size=1`, { headers: { authorization } });
    await response.arrayBuffer();
    probeMs.push(performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
})();

const started = performance.now();
const seed = Date.now();
/**
 * The inputs, made a thousand at a time: all 100,000 at once (hostile areas run to 100 KB of WKT) would fill this
 * process's heap, and its garbage collection would show in the probe's figure.
 */
function inBatches<T>(arbitrary: fc.Arbitrary<T>, count: number, from: number): () => T | undefined {
  let batch: T[] = [];
  let next = 0;
  let made = 0;
  return () => {
    if (next === batch.length && made < count) {
      batch = fc.sample(arbitrary, { numRuns: Math.min(1_000, count - made), seed: from + made });
      made += batch.length;
      next = 0;
    }
    return next < batch.length ? batch[next++] : undefined;
  };
}
const statusLine = (counts: Map<number, number>) =>
  `statuses: ${[...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}×${n}`)
    .join('  ')}`;

const nextInput = inBatches(requestInput, runs, seed);
let sent = 0;
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    for (let url = nextInput(); url !== undefined && service.exited() === null; url = nextInput()) {
      sent++;
      await send(url);
    }
  }),
);
probing = false;
await probe;
const seconds = (performance.now() - started) / 1000;
if (service.exited() !== null)
  problems.unshift(`the service exited (${service.exited()}) after ${sent} inputs:\n${service.output().slice(-2000)}`);
await service.stop();
await rm(dir, { recursive: true, force: true });

const sorted = [...probeMs].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
console.log(`inputs: ${runs}   time: ${seconds.toFixed(1)} s   (${Math.round(runs / seconds)} requests/s)`);
console.log(statusLine(statuses));
console.log(`crashes or 5xx or non-envelope refusals: ${problems.length}`);
console.log(
  `probe (survey list, ${sorted.length} requests) latency: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
);
for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);

// ---- The gateway: in front of the reference service, then of a hostile upstream ----
/** Sends the inputs to a gateway, four at a time; its statuses and every answer `check` finds fault with. */
async function fuzzGateway(
  title: string,
  target: Awaited<ReturnType<typeof gatewayFuzzTarget>>,
  next: () => GatewayInput | undefined,
  check: (answer: Awaited<ReturnType<typeof target.send>>) => string | null,
) {
  const counts = new Map<number, number>();
  const faults: string[] = [];
  const begun = performance.now();
  let count = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let input = next(); input !== undefined; input = next()) {
        count++;
        const what = `${input.as} ${input.url.slice(0, 200)}`;
        try {
          const answer = await target.send(input);
          counts.set(answer.statusCode, (counts.get(answer.statusCode) ?? 0) + 1);
          const problem = check(answer);
          if (problem) faults.push(`${what} → ${problem}`);
        } catch (error) {
          faults.push(`${what} → no answer: ${(error as Error).message}`);
        }
      }
    }),
  );
  await target.close();
  console.log(`\n${title}: ${count} inputs   time: ${((performance.now() - begun) / 1000).toFixed(1)} s`);
  console.log(statusLine(counts));
  console.log(`crashes, 5xx of its own, non-envelope refusals or the token in an answer: ${faults.length}`);
  for (const fault of faults.slice(0, 20)) console.log(`  ${fault.slice(0, 600)}`);
  return faults;
}

const gatewayProblems = await fuzzGateway(
  'gateway inputs',
  await gatewayFuzzTarget(),
  inBatches(gatewayRequestInput, gatewayRuns, seed + runs),
  (answer) => violation(answer as never),
);
// Issue 45: every answer of the upstream attacks (any status, type and size, the token in every encoding); four in
// five inputs are requests the gateway asks it about, one in five the gateway's other inputs.
const hostileProblems = await fuzzGateway(
  'gateway inputs, hostile upstream',
  await gatewayFuzzTarget({ hostile: true }),
  inBatches(
    fc.oneof({ weight: 4, arbitrary: hostileRouteInput }, { weight: 1, arbitrary: gatewayRequestInput }),
    gatewayRuns,
    seed + runs + gatewayRuns,
  ),
  (answer) => violation(answer as never, { upstreamFails: true }) ?? leak(answer),
);
process.exit(problems.length || gatewayProblems.length || hostileProblems.length ? 1 : 0);
