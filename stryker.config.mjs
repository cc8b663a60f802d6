// StrykerJS's settings shared by every group of `npm run mutation` (scripts/mutation.mjs adds each group's files,
// report and incremental file). Not part of `npm test`.
export default {
  testRunner: 'vitest',
  // Each mutant runs only the tests that import its file (vitest's related mode) and, of those, the ones that reached
  // the mutated code in the dry run (perTest coverage, which the vitest runner always uses).
  vitest: { configFile: 'vitest.config.ts', related: true },
  coverageAnalysis: 'perTest',
  // A mutant that does not type-check is not run.
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  // Two cores: one test worker each (the type checker shares them).
  concurrency: 2,
  // A mutant that makes a loop run away is stopped after its tests' own time × 2 + 10 s (the machine is shared).
  timeoutMS: 10_000,
  timeoutFactor: 2,
  incremental: true,
  // Mutants in code that runs only as a module loads (constants, tables) would need every related test run afresh for
  // each: about half the time of a group for a third of its mutants. The defaults that matter are pinned by tests.
  ignoreStatic: true,
  thresholds: { high: 90, low: 80, break: 80 },
  reporters: ['progress-append-only', 'clear-text', 'html', 'json'],
  clearTextReporter: { allowColor: false, logTests: false, skipFull: true },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  // Not copied into the sandbox: nothing a unit test reads.
  ignorePatterns: [
    '/dist',
    '/docs',
    '/bench/.dist',
    '/bench/.results',
    '/bench/.scratch',
    '/test-results',
    '/playwright-report',
    '/reports',
  ],
};
