// Signals reach the run through any wrapper (issue 39 point 4). npm 11 runs a script or an npx bin
// under `sh -c` (dash on Debian, which runs the command as its child): a SIGTERM npm forwards kills
// the shell and never reaches calcert. At 955aceb `npm run certify` exited 143 at once and calcert
// certified to the end; through `timeout` the caller got its code at once, not after the sweep.
// Each wrapper here certifies the embedded reference (venues and organizers: a run long enough to
// be interrupted) and gets its signal once the first checks ended. The caller waits for calcert's
// 130 (npx: see below), the partial report exists when it returns, the records were swept, and no
// process of the run is left.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { installedTool, NPM, NPX, plainEnv } from '../support/packed.ts';
import { CLONE_CALCERT, ROOT, tempDir } from '../support/run-cli.ts';

const GREP = '^(venues|organizers)\\.';
/** One worker thread: each is seconds of start-up CPU, and a run stopped early needs no more. */
const RUN = ['--grep', GREP, '--concurrency', '1'];

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** The live (not zombie) processes of the process group `pgid`, from /proc (Linux). */
function groupMembers(pgid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its closing parenthesis.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') out.push(Number(name));
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

interface Interrupted {
  code: number | null;
  /** The signal that ended the caller (null: it exited). */
  signal: NodeJS.Signals | null;
  /** The run's process group. */
  pgid: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr as they are now (an orphaned run writes on after the caller returned). */
  later(): { stdout: string; stderr: string };
  /** Live processes of the run's group when the caller returned. */
  leftAtReturn: number[];
  /** The run's report when the caller returned (null: none yet). */
  reportAtReturn: { footer: { verdict: string; interrupted?: string }; header: { cleanup?: unknown } } | null;
}

/**
 * Starts `file args` in a process group of its own, and once the first checks ended (a progress
 * line) sends `signal` to the wrapper's process alone. Resolves when the caller exits.
 */
function interrupt(
  file: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; reportDir: string; signal: NodeJS.Signals },
): Promise<Interrupted> {
  return new Promise((done, fail) => {
    const child = spawn(file, args, { cwd: opts.cwd, env: opts.env, detached: true });
    const pgid = child.pid as number;
    let stdout = '';
    let stderr = '';
    let signalled = false;
    const bound = setTimeout(() => {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // gone
      }
      fail(new Error(`no exit within 240 s:\n${stdout}\n${stderr}`));
    }, 240_000);
    child.stdout.on('data', (b: Buffer) => {
      stdout += String(b);
      if (!signalled && /^\[\d+ done/m.test(stdout)) {
        signalled = true;
        child.kill(opts.signal);
      }
    });
    child.stderr.on('data', (b: Buffer) => {
      stderr += String(b);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(bound);
      const leftAtReturn = groupMembers(pgid);
      const results = join(opts.reportDir, 'latest', 'results.json');
      const reportAtReturn = existsSync(results) ? JSON.parse(readFileSync(results, 'utf8')) : null;
      done({ code, signal, pgid, stdout, stderr, later: () => ({ stdout, stderr }), leftAtReturn, reportAtReturn });
    });
  });
}

/** The caller waited for calcert: 130, the partial report written and swept, no process left. */
function expectWaited(r: Interrupted, signal: string): void {
  const all = `${r.stdout}\n${r.stderr}`;
  expect(r.code, all).toBe(130);
  expect(r.stderr).toContain(`calcert: ${signal}: stopping the run, cleaning up and writing a partial report...`);
  // One stop: the wrapper's forwarded copy of a group signal is not a second signal.
  expect(r.stderr).not.toMatch(/again, exiting without cleanup/);
  expect(r.reportAtReturn?.footer.verdict, all).toBe('not-certified');
  expect(r.reportAtReturn?.footer.interrupted, all).toBeTruthy();
  expect(r.reportAtReturn?.header.cleanup, all).toBeTruthy();
  expect(r.stderr).toMatch(/^calcert: interrupted; tagged records of run \w+ were swept/m);
  expect(r.leftAtReturn).toEqual([]);
}

/**
 * The environment of a run: no CAL_* or npm_* key of an enclosing `npm test`; the runs from this
 * clone keep the module cache where it lives between runs (CALCERT_CACHE_ROOT, cheaper start-up).
 */
const env = (): NodeJS.ProcessEnv => ({
  ...plainEnv(),
  ...(process.env['CALCERT_CACHE_ROOT'] ? { CALCERT_CACHE_ROOT: process.env['CALCERT_CACHE_ROOT'] } : {}),
  NO_UPDATE_NOTIFIER: '1',
  npm_config_update_notifier: 'false',
});

test('npm run certify: SIGTERM to npm reaches calcert; npm waits and exits 130', async () => {
  const reportDir = tempDir('wrap-npm');
  made.push(reportDir);
  const r = await interrupt(NPM, ['run', 'certify', '--', ...RUN, '--report-dir', reportDir], {
    cwd: ROOT,
    env: env(),
    reportDir,
    signal: 'SIGTERM',
  });
  expectWaited(r, 'SIGTERM');
}, 300_000);

// timeout, on expiry or on a signal of its own, signals its child (npm) and then its whole process
// group (npm, calcert), and npm forwards its copy: calcert gets two within milliseconds. timeout
// returns when npm does; it exits with the child's status (130) when it was signalled itself, and
// 124 on expiry unless --preserve-status (README, Interrupting a run).
test("timeout around npm run certify: the group signal and npm's copy are one stop; timeout waits for 130", async () => {
  const reportDir = tempDir('wrap-timeout');
  made.push(reportDir);
  const r = await interrupt('timeout', ['600', NPM, 'run', 'certify', '--', ...RUN, '--report-dir', reportDir], {
    cwd: ROOT,
    env: env(),
    reportDir,
    signal: 'SIGTERM',
  });
  expectWaited(r, 'SIGTERM');
}, 300_000);

test('the packed bin: SIGTERM stops the run, 130', async (ctx) => {
  // Installed once per self-test run (selftest/support/packed.ts), shared with the packaging self-test.
  const installed = await installedTool();
  if ('skip' in installed) return ctx.skip(installed.skip);
  const { project } = installed;
  const reportDir = tempDir('wrap-packed');
  made.push(reportDir);
  const r = await interrupt(
    join(project, 'node_modules', '.bin', 'calcert'),
    ['certify', ...RUN, '--report-dir', reportDir],
    {
      cwd: project,
      env: plainEnv(),
      reportDir,
      signal: 'SIGTERM',
    },
  );
  expectWaited(r, 'SIGTERM');
}, 400_000);

// npx runs the bin under `sh -c` and offers no `exec`: a SIGTERM to npx alone kills the shell, and
// npx exits 143 at once (npm's own code, measured with npm 11.19; README). calcert is orphaned: it
// notices its parent is gone and stops as on SIGTERM instead of certifying to the end.
test('npx calcert: SIGTERM to npx alone; calcert notices its parent is gone, stops, sweeps and reports', async (ctx) => {
  // npx sets the clone's bin executable, which npm refuses (EPERM) to a user who does not own it.
  if (CLONE_CALCERT !== 'npx calcert')
    return ctx.skip(`npx calcert does not run in a clone another user owns (${ROOT})`);
  const reportDir = tempDir('wrap-npx');
  made.push(reportDir);
  const r = await interrupt(NPX, ['--no-install', 'calcert', 'certify', ...RUN, '--report-dir', reportDir], {
    cwd: ROOT,
    env: env(),
    reportDir,
    signal: 'SIGTERM',
  });
  if (r.code === 130) {
    // A later npm that runs the bin without a shell in between: the caller waits.
    expectWaited(r, 'SIGTERM');
    return;
  }
  // npm re-raises the signal its child died of: it ends by SIGTERM (143 in a shell).
  expect({ code: r.code, signal: r.signal }, `${r.stdout}\n${r.stderr}`).toEqual({ code: null, signal: 'SIGTERM' });
  // The orphaned run ends on its own (the caller cannot wait for it): then its report is there.
  const t0 = Date.now();
  while (groupMembers(r.pgid).length && Date.now() - t0 < 120_000) await new Promise((res) => setTimeout(res, 250));
  expect(groupMembers(r.pgid)).toEqual([]);
  const { stdout, stderr } = r.later();
  expect(stderr).toMatch(
    /^calcert: its parent process \(pid \d+\) ended \(a wrapper such as npx got a signal\): stopping the run, cleaning up and writing a partial report\.\.\.$/m,
  );
  expect(stderr).toMatch(/^calcert: interrupted; tagged records of run \w+ were swept/m);
  expect(stdout).toMatch(/^NOT-CERTIFIED: /m);
  const report = JSON.parse(readFileSync(join(reportDir, 'latest', 'results.json'), 'utf8'));
  expect(report.footer.interrupted, 'the orphaned run certified to the end').toBeTruthy();
  expect(report.header.cleanup).toBeTruthy();
}, 300_000);
