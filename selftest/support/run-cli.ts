// Runs `calcert` as a child process for the CLI self-tests: no CAL_* key of the calling
// environment leaks in (only `env` given here), a working directory without `.env` by default, and
// a bound after which the child is killed (a hang is a bug, never a timing assertion). `calcert()`
// runs the clone's compiled CLI (built once per self-test run), `calcertSource()` bin/calcert.js
// on the sources through the TypeScript loader (for the tests whose subject is that path).
import { execFile } from 'node:child_process';
import { accessSync, constants, cpSync, existsSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { commandFor, invocationOf } from '../../lib/run/config/replay.ts';
import { diagnoseHang } from './hang-report.ts';
import { once } from './once.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'bin/calcert.js');
/** The compiled CLI's launcher under a build root: bin/calcert.js's branch for the packed tool (no sources). */
const LAUNCHER = 'selftest/support/compiled-cli.mjs';

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
 * How a `calcert` of this clone (or of the build root `root`, compiledTool) started in `cwd` names
 * itself in the lines it prints (invocationOf and commandFor, lib/run/config/replay.ts): `npx
 * calcert` inside the clone, else `node /path/to/bin/calcert.js`.
 */
export function printedCalcert(cwd: string, root = ROOT): string {
  return commandFor(invocationOf({ PATH: '' }, join(root, 'lib/run/config/replay.ts'), realpathSync(cwd)));
}

/**
 * How calcert of this clone names itself in what it prints, the user inside the clone: `npx
 * calcert`, or `node <clone>/bin/calcert.js` in a clone another user owns (replay.ts foreignClone).
 */
export const CLONE_CALCERT = printedCalcert(ROOT);

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `calcert-${prefix}-`));
}

/** Run a program (default: node) with `args`; resolves with its exit code and output. */
export function run(
  file: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; boundMs?: number },
): Promise<Child> {
  const env = { ...(options.env ?? cleanEnv()) };
  // A child that outlives its bound leaves a Node diagnostic report per process (SIGUSR2): where
  // its main thread stood, its handles (selftest/support/hang-report.ts).
  const reports = env['NODE_OPTIONS'] ? undefined : mkdtempSync(join(tmpdir(), 'calcert-hang-'));
  if (reports) env['NODE_OPTIONS'] = `--report-on-signal --report-directory=${reports}`;
  return new Promise((done) => {
    let hang: Promise<string> | undefined;
    const child = execFile(
      file,
      args,
      { cwd: options.cwd, env, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        clearTimeout(timer);
        const code = child.exitCode ?? (error ? -1 : 0);
        void (hang ?? Promise.resolve('')).then((diagnosis) => {
          if (reports) rmSync(reports, { recursive: true, force: true });
          done({ code, stdout: String(stdout), stderr: diagnosis ? `${stderr}\n${diagnosis}` : String(stderr) });
        });
      },
    );
    const bound = options.boundMs ?? 120_000;
    const timer = setTimeout(() => {
      // A child that never started (no pid) has nothing to diagnose or kill.
      if (child.pid) hang = diagnoseHang(child.pid, bound, reports);
    }, bound);
    child.on('exit', () => clearTimeout(timer));
  });
}

/** Whether this user may write `path` (root may write anything). */
export function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** What a copy of the clone leaves out: what git ignores or holds, and what the build remakes. */
const NOT_COPIED = new Set(['node_modules', '.git', 'dist', 'reports', '.env']);

/**
 * Where the compiled CLI is built and packed: the clone, or, when this user cannot write it (a
 * root-owned clone whose `npm test` another user runs: issue 39), a copy of its files in `dir`
 * with the clone's node_modules linked, so the self-tests write nothing into the clone.
 */
function buildRoot(dir: string): string {
  const dist = join(ROOT, 'dist');
  if (writable(ROOT) && (!existsSync(dist) || writable(dist))) return ROOT;
  const copy = join(dir, 'clone');
  cpSync(ROOT, copy, { recursive: true, filter: (src) => !NOT_COPIED.has(relative(ROOT, src)) });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

interface Compiled {
  /** The build root (buildRoot), its dist/ and the compiled CLI's launcher there. */
  root: string;
  dist: string;
  bin: string;
}

let compiled: Compiled | undefined;

/**
 * The clone compiled to dist/ (scripts/build.mjs, what prepack runs, without a second type check:
 * `npm test` type-checked these sources a step before), once per self-test run, whichever file
 * asks first (selftest/support/once.ts); the packed tool packs this dist/ too.
 */
export async function compiledTool(): Promise<Compiled> {
  compiled = await once('compiled', async (dir) => {
    const root = buildRoot(dir);
    const r = await run(process.execPath, [join(root, 'scripts/build.mjs')], {
      cwd: root,
      env: cleanEnv({ CALCERT_BUILD_NO_CHECK: '1' }),
      boundMs: 300_000,
    });
    if (r.code !== 0) throw new Error(`scripts/build.mjs exited ${r.code}: ${r.stdout}${r.stderr}`);
    return { root, dist: join(root, 'dist'), bin: join(root, LAUNCHER) };
  });
  return compiled;
}

/** The compiled CLI's launcher (after compiledTool() resolved). */
export function compiledBin(): string {
  if (!compiled) throw new Error('compiledBin() before compiledTool() resolved');
  return compiled.bin;
}

/**
 * `calcert ARGS` in `cwd`, compiled (compiledTool): the same commands, options, output and exit
 * codes as bin/calcert.js in the clone, without the TypeScript loader's CPU-second per child.
 */
export async function calcert(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; boundMs?: number },
): Promise<Child> {
  const { bin } = await compiledTool();
  return run(process.execPath, [bin, ...args], options);
}

/** `calcert ARGS` from the repository's bin/calcert.js on the sources (the TypeScript loader), in `cwd`. */
export function calcertSource(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; boundMs?: number },
): Promise<Child> {
  return run(process.execPath, [BIN, ...args], options);
}
