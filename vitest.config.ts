/**
 * vitest configuration of the conformance suites (suites/**). Run them through `calcert certify`,
 * which preflights the target and provides the resolved config; bare vitest has no target.
 * The tag vocabulary is closed (strictTags): a check with an unknown tag does not load.
 */
import { defineConfig } from 'vitest/config';
import { ObservationsFirst } from './lib/certify/sequencer.ts';
import { TAG_DEFINITIONS } from './lib/check/tags.ts';
import { moduleCacheDir } from './lib/run/paths.ts';

// Compiled into dist/ by `npm run build` (the packed tool), this file runs the compiled suites.
const EXT = import.meta.url.endsWith('.js') ? 'js' : 'ts';

const cache = moduleCacheDir();

export default defineConfig({
  test: {
    include: [`suites/**/*.test.${EXT}`],
    tags: TAG_DEFINITIONS.map((t) => ({ name: t.name, description: t.description })),
    strictTags: true,
    pool: 'threads',
    // vitest's runner without expect() and snapshots, which no check uses (lib/check/runner.ts).
    runner: `./lib/check/runner.${EXT}`,
    // Checks share nothing but the worker's connection pool; skipping isolation saves start-up.
    isolate: false,
    // Latency hiding (issue 15): the checks of a file run concurrently (each works on its own
    // run-tagged records); the runner sets maxConcurrency to the worker's share of the bound, and
    // the worker's Limiter keeps the requests in flight within --concurrency. A file whose checks
    // share state declares them inside `describe.sequential`.
    // Observation files are dispatched first: the other checks wait until they end (lib/check/gate.ts).
    sequence: { concurrent: true, sequencer: ObservationsFirst },
    maxConcurrency: 4,
    // The runner (lib/certify/runner.ts) sets both past the run's --deadline-s: a check has no clock of its own.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    watch: false,
    ...(cache ? { experimental: { fsModuleCache: true, fsModuleCachePath: cache } } : {}),
  },
});
