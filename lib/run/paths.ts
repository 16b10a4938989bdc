/**
 * Where the project lives: its root (the repository, or dist/ in the packed tool) and the vitest
 * config of the suites (the source one, or the compiled one in the packed tool).
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
export const VITEST_CONFIG = resolve(
  PROJECT_ROOT,
  import.meta.url.endsWith('.js') ? 'vitest.config.js' : 'vitest.config.ts',
);

/** The package's root: the repository, or in the packed tool the folder holding dist/ (and docs/, README.md). */
const PACKAGE_ROOT = import.meta.url.endsWith('.js') ? resolve(PROJECT_ROOT, '..') : PROJECT_ROOT;

/** A path relative to PROJECT_ROOT (a check's file or source) as it is found in the package: `dist/...` when packed. */
export function packagePath(rel: string): string {
  return relative(PACKAGE_ROOT, join(PROJECT_ROOT, rel)).split('\\').join('/');
}

/**
 * What makes this installation's cache its own: the folder it runs from and its installed lockfile.
 * vitest deletes the whole cache folder when it finds a different lockfile hash there; with one
 * folder per installation, two installations certifying at the same time (CI jobs, the packaging
 * self-test beside the suite) never delete each other's files mid-run.
 */
function installationKey(): string {
  const digest = createHash('sha1').update(PROJECT_ROOT);
  for (const lockfile of ['node_modules/.package-lock.json', 'package-lock.json']) {
    try {
      digest.update(readFileSync(join(PROJECT_ROOT, lockfile)));
      break;
    } catch {
      // not installed by npm from this folder: the folder alone keys the cache
    }
  }
  return digest.digest('hex').slice(0, 12);
}

/**
 * Where this installation keeps what it computes once and reuses between runs: vitest's
 * transformed modules (issue 15: start-up; keyed by each file's content, vitest's version and the
 * config) and the list of checks (lib/check/list.ts); null when the folder cannot be written (then
 * nothing is kept). CALCERT_CACHE_ROOT: the project's self-tests run with a temporary TMPDIR of
 * their own (removed when they end) and keep the cache where it lives between runs.
 */
export function moduleCacheDir(): string | null {
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

/**
 * The suites' vitest configuration, for createVitest: `options` (its second argument) and
 * `overrides` (its third, the Vite config). The tool writes nothing inside its own installation
 * at run time (issue 39 point 2: a root-owned install, run by another user, failed with EACCES):
 * - the config file is imported by node (through tsx in the repository), never bundled by Vite,
 *   which writes the bundle next to it (`vitest.config.js.timestamp-*.mjs`) or in
 *   `node_modules/.vite-temp`: `config: false` and the file's export as the Vite config;
 * - Vite's cache folder (vitest keeps the files' durations there: `vitest/<hash>/results.json`,
 *   which orders the next run's files) is the user's cache folder (moduleCacheDir), never
 *   `node_modules/.vite`; without one, vitest keeps no results (`cache: false`).
 */
export async function suiteVitestConfig(): Promise<{
  options: { root: string; config: false };
  overrides: Record<string, unknown>;
}> {
  const loaded = (await import(pathToFileURL(VITEST_CONFIG).href)) as {
    default: { test?: Record<string, unknown> } & Record<string, unknown>;
  };
  const cache = moduleCacheDir();
  const overrides: Record<string, unknown> = cache
    ? { ...loaded.default, cacheDir: join(cache, 'vite') }
    : { ...loaded.default, test: { ...loaded.default.test, cache: false } };
  return { options: { root: PROJECT_ROOT, config: false }, overrides };
}
