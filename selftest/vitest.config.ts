/**
 * vitest configuration of the project's own tests (npm test): unit tests of lib/, the reference
 * server's tests, and the self-tests that drive whole certification runs in-process.
 */
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './support/sequencer.ts';

/**
 * The unit tests of lib/ and of the reference server: pure functions and in-process servers, none
 * of which changes process-wide state (no mocks, stubs or fake timers). They share worker processes
 * (`isolate: false`): a file of its own process paid Node's and vitest's start-up and the import of
 * lib/ again, most of a unit file's CPU (measured: 86 -> 54 CPU-seconds for their 49 files).
 */
const SHARED = ['selftest/unit/**/*.test.ts', 'selftest/reference-server/**/*.test.ts'];

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    // Both projects inherit it; it makes the run's TMPDIR once (selftest/support/global.ts).
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
    projects: [
      { extends: true, test: { name: 'unit', include: SHARED, isolate: false } },
      { extends: true, test: { name: 'runs', include: ['selftest/**/*.test.ts'], exclude: SHARED } },
    ],
  },
});
