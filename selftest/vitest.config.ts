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
    // It makes the run's TMPDIR once (selftest/support/global.ts).
    globalSetup: ['selftest/support/global.ts'],
    // The in-process runs share kept run sessions, across files (selftest/support/shared-sessions.ts).
    // CALCERT_SELFTEST_CPU=FILE: one line of CPU-seconds per file (selftest/support/cpu.ts).
    setupFiles: [
      'selftest/support/shared-sessions.ts',
      ...(process.env['CALCERT_SELFTEST_CPU'] ? ['selftest/support/cpu.ts'] : []),
    ],
    pool: 'forks',
    maxWorkers: 2,
    /**
     * Every file runs in one of the two worker processes, after the files before it there (no
     * process of its own). A file of its own process paid Node's and vitest's start-up and the
     * import of lib/ again, most of a small file's CPU: measured on 17 small self-test files,
     * 44 -> 31 CPU-seconds (2026-11-29); the unit tests' 49 files 86 -> 54 (2026-11-28). No
     * self-test changes process-wide state that a later file would meet: none mocks a module,
     * stubs a global, fakes timers, changes process.env or the working directory, and the
     * in-process runs close their sessions, servers and signal handlers when they end (the shared
     * sessions of the setup file above stay idle for the next file: no run of theirs is under way
     * between files).
     */
    isolate: false,
    // The long files first (a fresh clone has no durations of earlier runs): selftest/support/sequencer.ts.
    sequence: { sequencer: LongestFirst },
    testTimeout: 300_000,
    hookTimeout: 120_000,
    watch: false,
  },
});
