// Mutation testing (StrykerJS) of the modules that guard data and access, one group at a time:
//   npm run mutation                 every group
//   npm run mutation -- gateway      one group (or several: -- core-geo auth)
//   npm run mutation -- --force      every mutant again, not only those a change touched
// Each group keeps its own incremental file, so a run re-tests only the mutants of what changed since its last run.
// Reports: reports/mutation/<group>.html. Fails when a group scores under 80 %.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Stryker } from '@stryker-mutator/core';

const NOT_SOURCE = ['!**/*.test.ts', '!**/test/**', '!**/fixtures/**'];

/**
 * Each group: the files it mutates (`mutate`, globs as Stryker reads them) and the tests meant to guard them (`tests`):
 * its own folder's, and the contract or integration tests that check what it answers. Only these run — not every
 * test that happens to import the code — and of them, for each mutant, only the tests that reached it in the first run.
 */
const GROUPS = {
  'core-wire': {
    mutate: ['core/wire/**/*.ts'],
    tests: [
      'core/wire/**/*.test.ts',
      // The fetch layer reads every answer through normalise.ts; the token keeper schedules by token-refresh.ts.
      'src/api/*.test.ts',
      'src/auth/token-keeper.test.ts',
      'src/features/layer-urls/qlr.test.ts',
    ],
  },
  'core-geo': {
    mutate: ['core/geo/**/*.ts'],
    tests: [
      'core/geo/**/*.test.ts',
      // The service's coverage and tile answers, and the viewer's tile lists, are the tile maths a user sees.
      'server/coverage-attacks.test.ts',
      'server/routes/coverage.test.ts',
      'server/routes/tile-metadata.test.ts',
      'src/area/export-tiles.test.ts',
      'src/area/checked-area.test.ts',
      'src/features/geotiff-export/export-zoom.test.ts',
    ],
  },
  'core-area': {
    mutate: ['core/area/**/*.ts'],
    // The viewer's and the service's wording of each structure problem.
    tests: ['core/area/**/*.test.ts', 'src/area/checked-area.test.ts', 'server/geo/*.test.ts'],
  },
  gateway: { mutate: ['server/gateway/**/*.ts'], tests: ['server/gateway/**/*.test.ts', 'server/config.test.ts'] },
  layers: {
    mutate: ['server/layers/**/*.ts'],
    // The gateway's tile-key tests open layers through it.
    tests: [
      'server/layers/**/*.test.ts',
      'server/gateway/tile-key-attacks.test.ts',
      'server/gateway/extended-ids.test.ts',
    ],
  },
  auth: {
    mutate: ['server/auth/**/*.ts'],
    tests: ['server/auth/**/*.test.ts', 'server/routes/contract.test.ts', 'server/hardening.test.ts'],
  },
  routes: { mutate: ['server/routes/**/*.ts'], tests: ['server/routes/**/*.test.ts', 'server/service.test.ts'] },
  'viewer-auth': { mutate: ['src/auth/**/*.ts'], tests: ['src/auth/**/*.test.ts', 'src/app/use-sign-out.test.ts'] },
  'portfolio-io': {
    mutate: [
      'src/features/portfolio/import-locations.ts',
      'src/features/portfolio/location-table.ts',
      'src/features/portfolio/table-locations.ts',
      'src/features/portfolio/feature-locations.ts',
      'src/features/portfolio/import-problems.ts',
      'src/features/portfolio/export-lines.ts',
      'src/features/portfolio/portfolio-export.ts',
    ],
    tests: ['src/features/portfolio/**/*.test.ts'],
  },
  'read-zip': {
    mutate: ['src/area/read-zip.ts'],
    // Archives reach it as area files and as portfolio files.
    tests: [
      'src/area/read-zip.test.ts',
      'src/area/import-area-file.test.ts',
      'src/area/sniff-file.test.ts',
      'src/features/portfolio/import-locations.test.ts',
    ],
  },
  'geotiff-run': {
    mutate: ['src/features/geotiff-export/export-plan.ts', 'src/features/geotiff-export/export-run.ts'],
    tests: ['src/features/geotiff-export/**/*.test.ts'],
  },
  // The change engine: mutated once its folder holds code.
  change: {
    mutate: ['src/features/change/**/*.ts', '!src/features/change/**/*.worker.ts'],
    tests: ['src/features/change/**/*.test.ts'],
  },
};

const MIN_SCORE = 80;

const args = process.argv.slice(2);
const force = args.includes('--force');
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !(n in GROUPS));
if (unknown.length > 0) {
  console.error(`No mutation group ${unknown.join(', ')}. Groups: ${Object.keys(GROUPS).join(', ')}`);
  process.exit(2);
}

/** A group's folder or files exist (the change engine's may not yet). */
function hasSources(patterns) {
  return patterns
    .filter((p) => !p.startsWith('!'))
    .some((p) => {
      const fixed = p.split('*')[0].replace(/\/$/, '');
      if (!existsSync(fixed)) return false;
      if (!p.includes('*')) return true;
      return readdirSync(fixed, { recursive: true }).some((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    });
}

/** Stryker's mutation score: detected (killed or timed out) of the mutants that ran or had no test. */
function scoreOf(results) {
  const counted = results.filter((r) => !['CompileError', 'RuntimeError', 'Ignored'].includes(r.status));
  const detected = counted.filter((r) => r.status === 'Killed' || r.status === 'Timeout').length;
  const survived = counted.filter((r) => r.status === 'Survived' || r.status === 'NoCoverage').length;
  return { score: counted.length === 0 ? 100 : (100 * detected) / counted.length, detected, survived };
}

/**
 * Processor seconds of this process and its ended children (Stryker's workers): on a shared machine a fairer measure
 * of a run's cost than its minutes. Linux only (/proc); null elsewhere.
 */
function processorSeconds() {
  if (!existsSync('/proc/self/stat')) return null;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // utime, stime, cutime, cstime: fields 14–17 of stat(5), in clock ticks (100 a second).
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

/** The machine's load average, sampled every half minute while a group runs. */
function loadSampler() {
  const samples = [loadavg()[0]];
  const timer = setInterval(() => samples.push(loadavg()[0]), 30_000).unref();
  return () => {
    clearInterval(timer);
    return samples.reduce((a, b) => a + b, 0) / samples.length;
  };
}

const summary = [];
for (const group of names.length > 0 ? names : Object.keys(GROUPS)) {
  const { mutate, tests } = GROUPS[group];
  if (!hasSources(mutate)) {
    summary.push({ group, note: 'no source files yet: skipped' });
    continue;
  }
  const started = Date.now();
  const cpuBefore = processorSeconds();
  const meanLoad = loadSampler();
  try {
    const results = await new Stryker({
      configFile: 'stryker.config.mjs',
      mutate: [...mutate, ...NOT_SOURCE],
      testFiles: tests,
      force,
      incrementalFile: `reports/mutation/${group}.incremental.json`,
      htmlReporter: { fileName: `reports/mutation/${group}.html` },
      jsonReporter: { fileName: `reports/mutation/${group}.json` },
    }).runMutationTest();
    const minutes = (Date.now() - started) / 60_000;
    const cpu = cpuBefore === null ? null : (processorSeconds() - cpuBefore) / 60;
    summary.push({ group, ...scoreOf(results), mutants: results.length, minutes, cpu, load: meanLoad() });
  } catch (error) {
    // A group that cannot run (a test failing without mutants, say) is reported; the others still run.
    summary.push({ group, note: `did not run: ${error instanceof Error ? error.message : error}`, failed: true });
  }
}

// detected and survived count the mutants that ran (or had no test); the rest did not compile, were static or marked.
const HEADER = ['score', 'detected', 'survived', 'mutants', 'minutes', 'cpu min', 'load'];
console.log(`\n${'group'.padEnd(14)}${HEADER.map((h) => h.padStart(9)).join('')}`);
for (const row of summary) {
  if (row.note) console.log(`${row.group.padEnd(14)} ${row.note}`);
  else {
    const cells = [
      `${row.score.toFixed(1)} %`,
      row.detected,
      row.survived,
      row.mutants,
      row.minutes.toFixed(1),
      row.cpu === null ? '' : row.cpu.toFixed(1),
      row.load.toFixed(1),
    ];
    console.log(`${row.group.padEnd(14)}${cells.map((c) => String(c).padStart(9)).join('')}`);
  }
}
const low = summary.filter((row) => row.failed || (row.score !== undefined && row.score < MIN_SCORE));
if (low.length > 0) {
  console.error(`\nUnder ${MIN_SCORE} % or not run: ${low.map((row) => row.group).join(', ')}`);
  process.exit(1);
}
