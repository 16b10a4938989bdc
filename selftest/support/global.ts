// Global setup/teardown of the self-tests (see teardown.ts). Every temporary folder of the
// self-tests and of the programs they start (packed tarballs, installed projects, report folders,
// HAR scratch folders) goes under one folder of this run, set as TMPDIR for the workers and their
// children, and removed when the run ends: `npm test` leaves nothing in the temp directory. The
// suites' module cache stays in the real temp folder between runs (CALCERT_CACHE_ROOT).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { teardown as mergeFaultMatrix } from './teardown.ts';

export default function setup() {
  const real = tmpdir();
  const dir = mkdtempSync(join(real, 'calcert-selftest-'));
  process.env['CALCERT_CACHE_ROOT'] ||= real;
  process.env['TMPDIR'] = dir;
  return () => {
    try {
      mergeFaultMatrix();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
