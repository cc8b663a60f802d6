// StrykerJS's settings shared by every group of `npm run mutation` (scripts/mutation.mjs adds each group's files,
// report and incremental file). Not part of `npm test`.
export default {
  testRunner: 'vitest',
  // Each group names the test files meant to guard it (scripts/mutation.mjs, Stryker's `testFiles`): the first run
  // runs those, and each mutant only the ones of their tests that reached the mutated code (perTest coverage, which the
  // vitest runner always uses). Not vitest's related mode: it ran every test that imports the code, however remotely.
  vitest: { configFile: 'vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // Statements that only write a log line are not mutated (scripts/stryker-ignore-logs.mjs).
  plugins: [
    '@stryker-mutator/vitest-runner',
    '@stryker-mutator/typescript-checker',
    './scripts/stryker-ignore-logs.mjs',
  ],
  ignorers: ['logs'],
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
