import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['core/test/setup-fast-check.ts'],
    testTimeout: 20_000,
  },
});
