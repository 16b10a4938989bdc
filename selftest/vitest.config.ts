/**
 * vitest configuration of the project's own tests (npm test): unit tests of lib/, the reference
 * server's tests, and the self-tests that drive whole certification runs in-process.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['selftest/**/*.test.ts'],
    globalSetup: ['selftest/support/global.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 300_000,
    hookTimeout: 120_000,
    watch: false,
  },
});
