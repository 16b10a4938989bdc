// Issue 31 point 1: a report folder that cannot be written is found before the first request (exit
// 2, one line), not after the whole run (an internal error and a stack trace, or under /proc a
// recursive mkdir that never returned and ignored SIGTERM).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { fallbackReportDirs, reportDirProblem } from '../../lib/report/write.ts';
import { BIN, calcert, run, tempDir } from '../support/run-cli.ts';

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

// Issue 39 point 2: where the reports go when none was given and reports/ here cannot be written.
test.each([
  ['XDG_STATE_HOME first', { XDG_STATE_HOME: '/s' }, '/h', ['/s/calcert/reports', '/t/calcert-reports-7']],
  ['else ~/.local/state', {}, '/h', ['/h/.local/state/calcert/reports', '/t/calcert-reports-7']],
  [
    'an empty XDG_STATE_HOME is none',
    { XDG_STATE_HOME: '' },
    '/h',
    ['/h/.local/state/calcert/reports', '/t/calcert-reports-7'],
  ],
  ['no home: the temp folder alone', {}, '', ['/t/calcert-reports-7']],
] as const)('fallback report folders: %s', (_name, env, home, expected) => {
  expect(fallbackReportDirs(env, home, '/t', 7)).toEqual(expected);
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

/** `setpriv` to the unprivileged user `nobody` (65534), when this process is root and it exists; else null. */
function asNobody(): string[] | null {
  if (process.getuid?.() !== 0) return null;
  const setpriv = spawnSync('setpriv', ['--version'], { encoding: 'utf8' });
  return setpriv.status === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : null;
}

// An EACCES cannot be made by chmod as root (root writes anyway): the CLI runs as `nobody` in a
// folder it may not write (root's, 0700). Skips, saying why, where it cannot switch users or where
// `nobody` cannot read the project (a clone in a private home).
test('a folder the user may not write to is refused before anything starts (EACCES, as nobody)', async (ctx) => {
  const prefix = asNobody();
  if (!prefix) {
    ctx.skip('needs root and setpriv to run the CLI as another user (root writes to any folder)');
    return;
  }
  const bare = { PATH: process.env['PATH'] ?? '', NO_COLOR: '1' };
  const probe = spawnSync(prefix[0] as string, [...prefix.slice(1), process.execPath, BIN, '--version'], {
    cwd: '/',
    env: bare,
    encoding: 'utf8',
  });
  if (probe.status !== 0) {
    ctx.skip(
      `the user nobody cannot run the CLI from this folder: ${(probe.stderr || probe.stdout).trim().split('\n')[0]}`,
    );
    return;
  }
  const dir = join(tempDir('reportdir'), 'reports');
  const r = await run(
    prefix[0] as string,
    [...prefix.slice(1), process.execPath, BIN, 'certify', '--report-dir', dir],
    {
      cwd: '/',
      env: bare,
      boundMs: 60_000,
    },
  );
  expect(r.code, r.stdout + r.stderr).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    new RegExp(
      `^calcert: --report-dir ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be (made: creating \\S+ failed|written) \\(EACCES\\); fix: give a folder you can write to \\(--report-dir or CAL_REPORT_DIR\\)$`,
    ),
  );
  expect(r.stdout).not.toMatch(/reference server|target /);
});
