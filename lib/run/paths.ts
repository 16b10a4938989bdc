/**
 * Where the project lives: its root (the repository, or dist/ in the packed tool) and the vitest
 * config of the suites (the source one, or the compiled one in the packed tool).
 */
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
export const VITEST_CONFIG = resolve(
  PROJECT_ROOT,
  import.meta.url.endsWith('.js') ? 'vitest.config.js' : 'vitest.config.ts',
);

/** The package's root: the repository, or in the packed tool the folder holding dist/ (and docs/, README.md). */
export const PACKAGE_ROOT = import.meta.url.endsWith('.js') ? resolve(PROJECT_ROOT, '..') : PROJECT_ROOT;

/** A path relative to PROJECT_ROOT (a check's file or source) as it is found in the package: `dist/...` when packed. */
export function packagePath(rel: string): string {
  return relative(PACKAGE_ROOT, join(PROJECT_ROOT, rel)).split('\\').join('/');
}
