// The large fuzzing run: 100,000 generated requests (WKT, query strings, paths) against the service.
// Prints how the service answered and how long the event loop stalled. Usage: npm run fuzz [-- N]
import fc from 'fast-check';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { requestInput } from '../server/fuzz/arbitraries.ts';
import { violation } from '../server/fuzz/check.ts';
import { testService } from '../server/test/fixtures.ts';

const runs = Number(process.argv[2] ?? 100_000);
const svc = await testService({ rateLimits: null });
const token = await svc.token();
const statuses = new Map<number, number>();
const problems: string[] = [];
const delay = monitorEventLoopDelay({ resolution: 5 });
const started = performance.now();
delay.enable();
for (const url of fc.sample(requestInput, { numRuns: runs, seed: Date.now() })) {
  let response: Awaited<ReturnType<typeof svc.inject>>;
  try {
    response = await svc.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  } catch (error) {
    problems.push(`${url} → crashed: ${(error as Error).message}`);
    continue;
  }
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  const problem = violation(response);
  if (problem) problems.push(`${url.slice(0, 200)} → ${problem}`);
}
delay.disable();
const seconds = (performance.now() - started) / 1000;
const ms = (ns: number) => (ns / 1e6).toFixed(1);
console.log(`inputs: ${runs}   time: ${seconds.toFixed(1)} s   (${Math.round(runs / seconds)} requests/s)`);
console.log(
  `statuses: ${[...statuses]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}×${n}`)
    .join('  ')}`,
);
console.log(`crashes or 5xx or non-envelope refusals: ${problems.length}`);
console.log(
  `event-loop delay: p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms`,
);
for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
process.exit(problems.length ? 1 : 0);
