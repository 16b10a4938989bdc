/**
 * vitest configuration of the conformance suites (suites/**). Run them through `calcert certify`,
 * which preflights the target and provides the resolved config; bare vitest has no target.
 * The tag vocabulary is closed (strictTags): a check with an unknown tag does not load.
 */
import { defineConfig } from 'vitest/config';
import { TAG_DEFINITIONS } from './lib/tags.ts';

export default defineConfig({
  test: {
    include: ['suites/**/*.test.ts'],
    tags: TAG_DEFINITIONS.map((t) => ({ name: t.name, description: t.description })),
    strictTags: true,
    pool: 'threads',
    // Checks share nothing but the worker's connection pool; skipping isolation saves start-up.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    watch: false,
  },
});
