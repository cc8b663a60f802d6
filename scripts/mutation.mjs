// Mutation testing (StrykerJS) of the modules that guard data and access, one group at a time:
//   npm run mutation                 every group
//   npm run mutation -- gateway      one group (or several: -- core-geo auth)
//   npm run mutation -- --force      every mutant again, not only those a change touched
// Each group keeps its own incremental file, so a run re-tests only the mutants of what changed since its last run.
// Reports: reports/mutation/<group>.html. Fails when a group scores under 80 %.
import { existsSync, readdirSync } from 'node:fs';
import { Stryker } from '@stryker-mutator/core';

const NOT_SOURCE = ['!**/*.test.ts', '!**/test/**', '!**/fixtures/**'];

/** Each group: the files it mutates (globs, as Stryker's `mutate` reads them). */
const GROUPS = {
  'core-wire': ['core/wire/**/*.ts'],
  'core-geo': ['core/geo/**/*.ts'],
  'core-area': ['core/area/**/*.ts'],
  gateway: ['server/gateway/**/*.ts'],
  layers: ['server/layers/**/*.ts'],
  auth: ['server/auth/**/*.ts'],
  routes: ['server/routes/**/*.ts'],
  'viewer-auth': ['src/auth/**/*.ts'],
  'portfolio-io': [
    'src/features/portfolio/import-locations.ts',
    'src/features/portfolio/location-table.ts',
    'src/features/portfolio/table-locations.ts',
    'src/features/portfolio/feature-locations.ts',
    'src/features/portfolio/import-problems.ts',
    'src/features/portfolio/export-lines.ts',
    'src/features/portfolio/portfolio-export.ts',
  ],
  'read-zip': ['src/area/read-zip.ts'],
  'geotiff-run': ['src/features/geotiff-export/export-plan.ts', 'src/features/geotiff-export/export-run.ts'],
  // The change engine: mutated once its folder holds code.
  change: ['src/features/change/**/*.ts', '!src/features/change/**/*.worker.ts'],
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

const summary = [];
for (const group of names.length > 0 ? names : Object.keys(GROUPS)) {
  const patterns = GROUPS[group];
  if (!hasSources(patterns)) {
    summary.push({ group, note: 'no source files yet: skipped' });
    continue;
  }
  const started = Date.now();
  try {
    const results = await new Stryker({
      configFile: 'stryker.config.mjs',
      mutate: [...patterns, ...NOT_SOURCE],
      force,
      incrementalFile: `reports/mutation/${group}.incremental.json`,
      htmlReporter: { fileName: `reports/mutation/${group}.html` },
      jsonReporter: { fileName: `reports/mutation/${group}.json` },
    }).runMutationTest();
    const minutes = (Date.now() - started) / 60_000;
    summary.push({ group, ...scoreOf(results), mutants: results.length, minutes });
  } catch (error) {
    // A group that cannot run (a test failing without mutants, say) is reported; the others still run.
    summary.push({ group, note: `did not run: ${error instanceof Error ? error.message : error}`, failed: true });
  }
}

console.log('\ngroup          score   detected  survived  mutants  minutes');
for (const row of summary) {
  if (row.note) console.log(`${row.group.padEnd(14)} ${row.note}`);
  else {
    const cells = [row.score.toFixed(1).padStart(5), row.detected, row.survived, row.mutants, row.minutes.toFixed(1)];
    console.log(
      `${row.group.padEnd(14)} ${cells[0]} % ${[...cells.slice(1)].map((c) => String(c).padStart(9)).join('')}`,
    );
  }
}
const low = summary.filter((row) => row.failed || (row.score !== undefined && row.score < MIN_SCORE));
if (low.length > 0) {
  console.error(`\nUnder ${MIN_SCORE} % or not run: ${low.map((row) => row.group).join(', ')}`);
  process.exit(1);
}
