/**
 * vitest configuration of the conformance suites (suites/**). Run them through `calcert certify`,
 * which preflights the target and provides the resolved config; bare vitest has no target.
 * The tag vocabulary is closed (strictTags): a check with an unknown tag does not load.
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { TAG_DEFINITIONS } from './lib/tags.ts';

// Compiled into dist/ by `npm run build` (the packed tool), this file runs the compiled suites.
const EXT = import.meta.url.endsWith('.js') ? 'js' : 'ts';

/**
 * Where the workers' transformed modules are kept between runs (issue 15: start-up; vitest's file
 * cache, keyed by each file's content, vitest's version and this config), or null when the
 * directory cannot be written (the run then transforms every module, as without the cache).
 */
function moduleCache(): string | null {
  const dir = join(tmpdir(), `calcert-vitest-cache-${process.getuid?.() ?? 'user'}`);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return null;
  }
}
const cache = moduleCache();

export default defineConfig({
  test: {
    include: [`suites/**/*.test.${EXT}`],
    tags: TAG_DEFINITIONS.map((t) => ({ name: t.name, description: t.description })),
    strictTags: true,
    pool: 'threads',
    // Checks share nothing but the worker's connection pool; skipping isolation saves start-up.
    isolate: false,
    // Latency hiding (issue 15): the checks of a file run concurrently (each works on its own
    // run-tagged records); the runner sets maxConcurrency to the worker's share of the bound, and
    // the worker's Limiter keeps the requests in flight within --concurrency. A file whose checks
    // share state declares them inside `describe.sequential`.
    sequence: { concurrent: true },
    maxConcurrency: 4,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    watch: false,
    ...(cache ? { experimental: { fsModuleCache: true, fsModuleCachePath: cache } } : {}),
  },
});
