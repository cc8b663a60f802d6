import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'bench/**/*.test.ts'],
    // Stryker's sandboxes (npm run mutation) hold copies of the tests.
    exclude: [...configDefaults.exclude, '.stryker-tmp/**', 'reports/**'],
    environment: 'node',
    setupFiles: ['core/test/setup-fast-check.ts'],
    testTimeout: 20_000,
  },
});
