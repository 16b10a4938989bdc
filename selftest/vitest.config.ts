/**
 * vitest configuration of the project's own tests (npm test): unit tests of lib/, the reference
 * server's tests, and the self-tests that drive whole certification runs in-process.
 */
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './support/sequencer.ts';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['selftest/**/*.test.ts'],
    globalSetup: ['selftest/support/global.ts'],
    // The in-process runs of a file share kept run sessions (selftest/support/shared-sessions.ts).
    // CALCERT_SELFTEST_CPU=FILE: one line of CPU-seconds per file (selftest/support/cpu.ts).
    setupFiles: [
      'selftest/support/shared-sessions.ts',
      ...(process.env['CALCERT_SELFTEST_CPU'] ? ['selftest/support/cpu.ts'] : []),
    ],
    pool: 'forks',
    maxWorkers: 2,
    // The long files first (a fresh clone has no durations of earlier runs): selftest/support/sequencer.ts.
    sequence: { sequencer: LongestFirst },
    testTimeout: 300_000,
    hookTimeout: 120_000,
    watch: false,
  },
});
