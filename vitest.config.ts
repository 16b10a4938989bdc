/**
 * vitest configuration of the conformance suites (suites/**). Run them through `calcert certify`,
 * which preflights the target and provides the resolved config; bare vitest has no target.
 * The tag vocabulary is closed (strictTags): a check with an unknown tag does not load.
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { ObservationsFirst } from './lib/certify/sequencer.ts';
import { TAG_DEFINITIONS } from './lib/check/tags.ts';

// Compiled into dist/ by `npm run build` (the packed tool), this file runs the compiled suites.
const EXT = import.meta.url.endsWith('.js') ? 'js' : 'ts';

/**
 * What makes this installation's cache its own: the folder it runs from and its installed lockfile.
 * vitest deletes the whole cache folder when it finds a different lockfile hash there; with one
 * folder per installation, two installations certifying at the same time (CI jobs, the packaging
 * self-test beside the suite) never delete each other's files mid-run.
 */
function installationKey(): string {
  const root = dirname(fileURLToPath(import.meta.url));
  const digest = createHash('sha1').update(root);
  for (const lockfile of ['node_modules/.package-lock.json', 'package-lock.json']) {
    try {
      digest.update(readFileSync(join(root, lockfile)));
      break;
    } catch {
      // not installed by npm from this folder: the folder alone keys the cache
    }
  }
  return digest.digest('hex').slice(0, 12);
}

/**
 * Where the workers' transformed modules are kept between runs (issue 15: start-up; vitest's file
 * cache, keyed by each file's content, vitest's version and this config), or null when the
 * directory cannot be written (the run then transforms every module, as without the cache).
 */
function moduleCache(): string | null {
  // CALCERT_CACHE_ROOT: the project's self-tests run with a temporary TMPDIR of their own (removed
  // when they end) and keep the cache where it lives between runs.
  const root = process.env['CALCERT_CACHE_ROOT'] || tmpdir();
  const dir = join(root, `calcert-vitest-cache-${process.getuid?.() ?? 'user'}-${installationKey()}`);
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
