// Global setup/teardown of the self-tests (see teardown.ts). Every temporary folder of the
// self-tests and of the programs they start (packed tarballs, installed projects, report folders,
// HAR scratch folders) goes under one folder of this run, set as TMPDIR for the workers and their
// children, and removed when the run ends: `npm test` leaves nothing in the temp directory. The
// suites' module cache (CALCERT_CACHE_ROOT: lib/run/paths.ts) lives between runs in the project's
// node_modules/.cache, beside vitest's and vite's own, not in the temp directory. `.ci/run` runs
// `npm test` with a temp directory of its own and fails when anything is left in it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../lib/run/paths.ts';
import { writable } from './run-cli.ts';
import { teardown as mergeFaultMatrix } from './teardown.ts';

/** Set by the first setup: one folder and one teardown per run, should a config hold several projects. */
const MADE = Symbol.for('calcert.selftest.tmpdir');

export default function setup() {
  const made = globalThis as { [MADE]?: string };
  if (made[MADE]) return () => {}; // another project's copy
  const dir = mkdtempSync(join(tmpdir(), 'calcert-selftest-'));
  made[MADE] = dir;
  // A clone this user cannot write (root's, another user's `npm test`): the cache in this run's folder.
  process.env['CALCERT_CACHE_ROOT'] ||= writable(join(PROJECT_ROOT, 'node_modules'))
    ? join(PROJECT_ROOT, 'node_modules', '.cache')
    : dir;
  process.env['TMPDIR'] = dir;
  return () => {
    try {
      mergeFaultMatrix();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
