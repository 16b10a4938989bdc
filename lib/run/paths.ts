/**
 * Where the project lives: its root (the repository, or dist/ in the packed tool) and the vitest
 * config of the suites (the source one, or the compiled one in the packed tool).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
export const VITEST_CONFIG = resolve(
  PROJECT_ROOT,
  import.meta.url.endsWith('.js') ? 'vitest.config.js' : 'vitest.config.ts',
);
