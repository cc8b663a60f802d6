/**
 * `npm run bench [-- NAMES…] [--quick] [--load] [--readme] [--strict]`: the ten benchmarks, each against a
 * baseline measured in the same run, interleaved, medians quoted. NAMES: open footprints list
 * throughput coverage bundle geotiff portfolio timelapse change (default: all). --quick runs fewer rounds (a look,
 * not a record); --load runs open, footprints and list (those selected) a second time with a competing load started by
 * the bench (one core kept busy by a separate process) and prints them beside the quiet ones with their under-load
 * goals;
 * --readme writes the table into bench/README.md; --strict exits 1 when a goal is missed.
 * Results: bench/.results/latest.json and latest.md. `npm run bench -- scale [--million]` prints the scale curves
 * instead (bench/scale.ts); `npm run bench -- change --calibrate` chooses the change engine's thresholds on its
 * calibration set (bench/change/calibrate.ts); `npm run bench -- change --compare` compares variants of its verdict on
 * that set alone (bench/change/compare.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { bundleBench } from './bundle.ts';
import { changeBench } from './change.ts';
import { calibrate } from './change/calibrate.ts';
import { compareVariants } from './change/compare.ts';
import { coverageBench } from './coverage.ts';
import { geotiffExportBench } from './geotiff-export.ts';
import { buildAll, VIEWER_DIR } from './lib/build.ts';
import { CHROMIUM, launch } from './lib/browser.ts';
import { startCompetingLoad } from './lib/competing-load.ts';
import { writeReadmeSection } from './lib/readme-section.ts';
import type { BenchContext, BenchResult } from './lib/result.ts';
import { ROOT, startService, type Running } from './lib/service.ts';
import { longListBench } from './long-list.ts';
import { manyFootprintsBench, SYNTHETIC } from './many-footprints.ts';
import { openToReadyBench } from './open-to-ready.ts';
import { portfolioBench } from './portfolio.ts';
import { scaleCurves } from './scale.ts';
import { throughputBench } from './throughput.ts';
import { timelapseBench } from './timelapse.ts';

const ALL = [
  'open',
  'footprints',
  'list',
  'throughput',
  'coverage',
  'bundle',
  'geotiff',
  'portfolio',
  'timelapse',
  'change',
] as const;
type Name = (typeof ALL)[number];

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const underLoad = argv.includes('--load');
const names = argv.filter((a) => !a.startsWith('--')) as Name[];
const scale = names.includes('scale' as Name);
for (const n of names)
  if (!ALL.includes(n) && !scale) throw new Error(`unknown benchmark "${n}": use ${ALL.join(', ')} or scale`);
const selected = new Set<Name>(names.length ? names : ALL);

const ctx: BenchContext = {
  rounds: (normal) => (quick ? Math.max(1, Math.ceil(normal / 3)) : normal),
  log: (line) => console.log(line),
};

function machine() {
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB`;
  let chromium = '';
  try {
    chromium = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    chromium = 'not found';
  }
  return {
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    nproc: cpus().length,
    model: cpus()[0]?.model.trim() ?? '?',
    memory,
    node: process.version,
    chromium,
  };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main() {
  const started = Date.now();
  const info = machine();
  console.log(
    `Survey Viewer benchmarks — ${info.date}; ${info.nproc} × ${info.model}, ${info.memory}; node ${info.node}; ` +
      `${info.chromium}`,
  );
  console.log(`load average at start: ${load()}${quick ? ' (--quick: fewer rounds)' : ''}\n`);
  const results: BenchResult[] = [];
  const run = async (name: Name, work: () => Promise<BenchResult>, loaded = false) => {
    if (!selected.has(name)) return;
    const t = Date.now();
    console.log(`▶ ${name}`);
    try {
      const result = await work();
      results.push(result);
      console.log(
        `  ${result.met ? 'met' : 'MISSED'}: ${result.figure} | baseline ${result.baseline} | ${result.ratioText} ` +
          `| goal ${result.goal} (${((Date.now() - t) / 1000).toFixed(0)} s)\n`,
      );
    } catch (error) {
      console.log(`  FAILED: ${(error as Error).stack ?? error}\n`);
      results.push({
        id: loaded ? `${name}@load` : name,
        title: loaded ? `${name}, under load` : name,
        figure: `failed: ${(error as Error).message.split('\n')[0]}`,
        baseline: '–',
        ratio: Number.NaN,
        ratioText: '–',
        goal: '–',
        met: false,
        notes: [],
        data: {},
      });
    }
  };

  const pages = (
    ['open', 'footprints', 'list', 'bundle', 'geotiff', 'portfolio', 'timelapse', 'change'] as Name[]
  ).some((n) => selected.has(n));
  if (pages) await buildAll(ctx.log);
  await run('bundle', () => bundleBench(ctx));
  await run('coverage', () => coverageBench(ctx));
  await run('throughput', () => throughputBench(ctx));

  let browser: Browser | undefined;
  let synthetic: Running | undefined;
  try {
    if (selected.has('open') || selected.has('footprints') || selected.has('list')) browser = await launch();
    await run('open', () => openToReadyBench(ctx, { browser: browser! }));
    if (selected.has('footprints') || selected.has('list'))
      synthetic = await startService({ viewer: VIEWER_DIR, synthetic: SYNTHETIC });
    await run('footprints', () => manyFootprintsBench(ctx, { browser: browser!, service: synthetic }));
    await run('list', () => longListBench(ctx, { browser: browser!, service: synthetic }));
    await run('geotiff', () => geotiffExportBench(ctx));
    await run('portfolio', () => portfolioBench(ctx));
    await run('timelapse', () => timelapseBench(ctx));
    await run('change', () => changeBench(ctx));
    if (underLoad && (selected.has('open') || selected.has('footprints') || selected.has('list'))) {
      const competing = startCompetingLoad();
      const loaded = { ...ctx, underLoad: true };
      console.log(`competing load: one core kept busy by process ${competing.pid}\n`);
      try {
        await run('open', () => openToReadyBench(loaded, { browser: browser! }), true);
        await run('footprints', () => manyFootprintsBench(loaded, { browser: browser!, service: synthetic }), true);
        await run('list', () => longListBench(loaded, { browser: browser!, service: synthetic }), true);
      } finally {
        await competing.stop();
      }
    }
  } finally {
    await browser?.close();
    await synthetic?.stop();
  }

  const order = ALL.filter((n) => selected.has(n));
  // Each under-load row (id "name@load") beside its quiet one.
  const rank = (id: string) => order.indexOf(id.replace(/@load$/, '') as Name) * 2 + (id.endsWith('@load') ? 1 : 0);
  results.sort((a, b) => rank(a.id) - rank(b.id));
  const minutes = (Date.now() - started) / 60_000;
  const table = [
    `Run ${info.date} on ${info.nproc} × ${info.model}, ${info.memory} memory (node ${info.node}, ` +
      `${info.chromium}); load average ${load()} at the end; ${minutes.toFixed(1)} min${quick ? '; --quick' : ''}` +
      `${underLoad ? '; "under load": one core kept busy by a separate process started by the bench' : ''}.`,
    '',
    '| benchmark | ours | baseline (same run) | ratio | goal | met |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) => `| ${r.title} | ${r.figure} | ${r.baseline} | ${r.ratioText} | ${r.goal} | ${r.met ? 'yes' : '**no**'} |`,
    ),
    '',
    ...results.flatMap((r) => [`**${r.title}**`, '', ...r.notes.map((n) => `- ${n}`), '']),
  ].join('\n');
  console.log(`\n${table}`);

  const dir = path.join(ROOT, 'bench/.results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ machine: info, quick, minutes, results }, null, 1));
  writeFileSync(path.join(dir, 'latest.md'), `${table}\n`);
  if (argv.includes('--readme')) {
    writeReadmeSection('latest', table);
    console.log('\nbench/README.md updated.');
  }
  console.log(
    `\n${results.filter((r) => r.met).length} of ${results.length} goals met; ${minutes.toFixed(1)} minutes; ` +
      `results in bench/.results/.`,
  );
  if (argv.includes('--strict') && results.some((r) => !r.met)) process.exitCode = 1;
}

if (scale) await scaleCurves(ctx, argv.includes('--million'));
else if (argv.includes('--calibrate')) await calibrate(ctx);
else if (argv.includes('--compare')) await compareVariants(ctx);
else await main();
