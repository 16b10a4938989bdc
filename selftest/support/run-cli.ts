// Runs `calcert` (bin/calcert.js) as a child process for the CLI self-tests: no CAL_* key of the
// calling environment leaks in (only `env` given here), a working directory without `.env` by
// default, and a bound after which the child is killed (a hang is a bug, never a timing assertion).
import { execFile } from 'node:child_process';
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { commandFor } from '../../lib/run/config/replay.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'bin/calcert.js');

interface Child {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The least environment a child of a self-test gets: PATH, and where temporary files go (the
 * self-tests' own TMPDIR, removed when they end: selftest/support/global.ts) and where the module
 * cache lives (CALCERT_CACHE_ROOT). A child without them would write to the system's temp folder.
 */
export function bareEnv(): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '' };
  for (const k of ['TMPDIR', 'CALCERT_CACHE_ROOT']) if (process.env[k]) env[k] = process.env[k] as string;
  return env;
}

/**
 * The environment without any CAL_* key, plus `extra`; without INIT_CWD either (where `npm test`
 * was typed: a child would take it for where its user stands, lib/run/config/replay.ts).
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('CAL_') && k !== 'INIT_CWD') env[k] = v;
  return { ...env, NO_COLOR: '1', ...extra };
}

/**
 * How a `calcert` of this clone started in `cwd` names itself in the lines it prints (commandFor,
 * lib/run/config/replay.ts): `npx calcert` inside the clone, else `node /path/to/bin/calcert.js`.
 */
export function printedCalcert(cwd: string): string {
  return commandFor({ root: realpathSync(ROOT), cwd: realpathSync(cwd), onPath: false });
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `calcert-${prefix}-`));
}

/** Run a program (default: node) with `args`; resolves with its exit code and output. */
export function run(
  file: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; boundMs?: number },
): Promise<Child> {
  return new Promise((done) => {
    const child = execFile(
      file,
      args,
      {
        cwd: options.cwd,
        env: options.env ?? cleanEnv(),
        timeout: options.boundMs ?? 120_000,
        killSignal: 'SIGKILL',
        maxBuffer: 32 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        done({ code: child.exitCode ?? (error ? -1 : 0), stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

/** `calcert ARGS` from the repository's bin, in `cwd`. */
export function calcert(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; boundMs?: number },
): Promise<Child> {
  return run(process.execPath, [BIN, ...args], options);
}
