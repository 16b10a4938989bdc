// Issue 31 point 1: a report folder that cannot be written is found before the first request (exit
// 2, one line), not after the whole run (an internal error and a stack trace, or under /proc a
// recursive mkdir that never returned and ignored SIGTERM).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { reportDirProblem } from '../../lib/report/write.ts';
import { calcert, tempDir } from '../support/run-cli.ts';

test('a path through a regular file, or under /proc, is refused before anything starts', async () => {
  const cwd = tempDir('reportdir');
  writeFileSync(join(cwd, 'a-file'), 'x');
  for (const [dir, why] of [
    [join(cwd, 'a-file', 'reports'), `${join(cwd, 'a-file')} is a file, not a folder`],
    ['/proc/calcert-x/reports', 'creating /proc/calcert-x failed (ENOENT)'],
  ] as const) {
    // A generous bound: the /proc case used to loop until killed.
    const r = await calcert(['certify', '--report-dir', dir, '--grep', '^root\\.'], { cwd, boundMs: 60_000 });
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      `calcert: --report-dir ${dir} cannot be made: ${why}; fix: give a folder you can write to (--report-dir or CAL_REPORT_DIR)`,
    ]);
    // Before the first request: not even the embedded server was started.
    expect(r.stdout).not.toMatch(/reference server|target /);
  }
});

test('a folder that can be made is made, and written to', () => {
  const dir = join(tempDir('reportdir'), 'a', 'b');
  expect(reportDirProblem(dir)).toBeNull();
  expect(reportDirProblem(dir)).toBeNull();
});

test('a --har file whose folder cannot be made is refused the same way, before anything starts', async () => {
  const cwd = tempDir('reportdir');
  const r = await calcert(['certify', '--har', '/proc/calcert-x/run.har', '--grep', '^root\\.'], {
    cwd,
    boundMs: 60_000,
  });
  expect(r.code, r.stdout + r.stderr).toBe(2);
  expect(r.stderr.trim().split('\n')).toEqual([
    'calcert: --har /proc/calcert-x/run.har: its folder cannot be made: creating /proc/calcert-x failed (ENOENT); fix: give a folder you can write to (--har or CAL_HAR)',
  ]);
  expect(r.stdout).not.toMatch(/reference server|target /);
});
