import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'bench/**/*.test.ts'],
    // Stryker's sandboxes (npm run mutation) hold copies of the tests.
    exclude: [...configDefaults.exclude, '.stryker-tmp/**', 'reports/**'],
    environment: 'node',
    setupFiles: ['core/test/setup-fast-check.ts'],
    // In Stryker's workers (npm run mutation) the code is instrumented and runs several times slower.
    testTimeout: process.env.STRYKER_MUTATOR_WORKER === undefined ? 20_000 : 120_000,
  },
});
