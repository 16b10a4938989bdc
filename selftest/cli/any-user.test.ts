// Installs that run for anyone (issue 39 point 2): the tool writes nothing inside its own
// installation at run time. At 955aceb a root-owned installation run by another user failed with
// "internal error: EACCES ... dist/vitest.config.js.timestamp-....mjs" (Vite bundled the suites'
// config next to itself, or in node_modules/.vite-temp), and a run as root left vitest's results
// in dist/node_modules/.vite. Here: the packed tool installed globally by root into a root-owned
// prefix, the Docker image's layout (replicated from the Dockerfile, root-owned) run as its USER,
// and this clone (root's, in CI) run by another user with `npm run certify`. The other user is
// `nobody` through setpriv; each case skips, saying why, where that is not possible (not root, no
// setpriv, a folder nobody cannot reach). Cheap runs: `--grep '^root\.'` proves the tool runs.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { copyOf, stages } from '../support/dockerfile.ts';
import { type OtherUser, otherUser, type Scratch, scratchFor } from '../support/other-user.ts';
import { NPM, packedTool, plainEnv, UNREACHABLE } from '../support/packed.ts';
import { ROOT, run } from '../support/run-cli.ts';

const GREP = '^root\\.';
/** One worker thread: these runs prove the tool runs, and each worker is seconds of start-up CPU. */
const CHEAP = ['--grep', GREP, '--concurrency', '1'];

const made: Scratch[] = [];
afterAll(() => {
  for (const s of made) s.remove();
});

/** Every path under `dir` with its size and modification time, but `skip` (relative paths). */
function listing(dir: string, skip: (rel: string) => boolean = () => false): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (at: string): void => {
    for (const e of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, e.name);
      const rel = relative(dir, path);
      if (skip(rel)) continue;
      const st = statSync(path);
      out.set(rel, e.isDirectory() ? 'dir' : `${st.size} ${st.mtimeMs}`);
      if (e.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return out;
}

/** What changed between two listings: added, removed or modified paths. */
function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [p, v] of after) if (before.get(p) !== v) out.push(before.has(p) ? `modified ${p}` : `added ${p}`);
  for (const p of before.keys()) if (!after.has(p)) out.push(`removed ${p}`);
  return out;
}

/** `npm install`/`npm ci` from the local cache, else from the registry; the reason to skip when neither works. */
async function npmFromCache(args: string[], cwd: string): Promise<string | null> {
  let r = await run(NPM, [...args, '--offline', '--no-audit', '--no-fund'], { cwd, env: plainEnv(), boundMs: 180_000 });
  if (r.code !== 0)
    r = await run(NPM, [...args, '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd,
      env: plainEnv(),
      boundMs: 180_000,
    });
  if (r.code !== 0 && UNREACHABLE.test(r.stderr))
    return `npm could not install: not all in the local cache and the registry is unreachable (${r.stderr
      .split('\n')
      .find((l) => UNREACHABLE.test(l))
      ?.trim()})`;
  expect(r.code, `npm ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return null;
}

/** The case's other user and scratch folder, or the reason to skip. */
function setUp(prefix: string): { user: OtherUser; scratch: Scratch } | string {
  const user = otherUser();
  if (typeof user === 'string') return user;
  const scratch = scratchFor(user, prefix);
  if (typeof scratch === 'string') return scratch;
  made.push(scratch);
  return { user, scratch };
}

test('the packed tool, installed globally by root into a root-owned prefix, certifies as another user', async (ctx) => {
  const set = setUp('anyuser-global');
  if (typeof set === 'string') return ctx.skip(set);
  const { user, scratch } = set;
  const { tarball } = await packedTool();
  const prefix = join(scratch.base, 'prefix');
  const skip = await npmFromCache(['install', '--global', '--prefix', prefix, tarball], scratch.base);
  if (skip) return ctx.skip(skip);
  const bin = join(prefix, 'bin', 'calcert');
  const installed = join(prefix, 'lib', 'node_modules', 'calcert');
  expect(statSync(installed).uid).toBe(0);
  const before = listing(prefix);
  const [file, args] = user.as(bin, ['certify', ...CHEAP]);
  const r = await run(file, args, { cwd: scratch.work, env: scratch.env, boundMs: 180_000 });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toMatch(/^PARTIAL: \d+ checks, \d+ pass, 0 fail/m);
  expect(existsSync(join(scratch.work, 'reports', 'latest', 'results.json'))).toBe(true);
  // Root, the installer, runs it too: neither run writes inside the installation.
  const asRoot = await run(bin, ['certify', ...CHEAP, '--report-dir', join(scratch.base, 'root-reports')], {
    cwd: scratch.base,
    env: { ...plainEnv(), TMPDIR: scratch.tmp },
    boundMs: 180_000,
  });
  expect(asRoot.code, asRoot.stdout + asRoot.stderr).toBe(0);
  expect(changes(before, listing(prefix))).toEqual([]);
}, 400_000);

test("the Docker image's layout, root-owned, run as an unprivileged USER: the image's command runs", async (ctx) => {
  const set = setUp('anyuser-image');
  if (typeof set === 'string') return ctx.skip(set);
  const { user, scratch } = set;
  const runStage = stages(readFileSync(join(ROOT, 'Dockerfile'), 'utf8')).at(-1) ?? [];
  const { tarball } = await packedTool();
  // The run stage, instruction by instruction, in a root-owned folder standing for its WORKDIR.
  const workdir = join(scratch.base, 'image');
  mkdirSync(workdir);
  const env: NodeJS.ProcessEnv = {};
  let imageUser = '';
  let entry: string[] = [];
  let cmd: string[] = [];
  for (const ins of runStage) {
    if (ins.op === 'FROM' || ins.op === 'WORKDIR') continue;
    if (ins.op === 'ENV') {
      for (const m of ins.args.matchAll(/(\w+)=(\S+)/g)) env[m[1] as string] = m[2] as string;
    } else if (ins.op === 'COPY') {
      const c = copyOf(ins.args);
      if (c.from) {
        // The build stage's dist/ is what `npm pack` ships (the same scripts/build.mjs).
        expect(c.sources, `line ${ins.line}`).toEqual(['/calcert/dist']);
        const r = await run('tar', ['-xzf', tarball, '-C', workdir, '--strip-components=1', 'package/dist'], {
          cwd: workdir,
        });
        expect(r.code, r.stderr).toBe(0);
      } else
        for (const s of c.sources)
          cpSync(join(ROOT, s), c.dest.endsWith('/') ? join(workdir, c.dest, s) : join(workdir, c.dest));
    } else if (ins.op === 'RUN') {
      for (const step of ins.args.split('&&').map((s) => s.trim())) {
        const chown = /^chown (\S+?)(:\S+)? (\S+)$/.exec(step);
        if (/^npm ci\b/.test(step)) {
          const skip = await npmFromCache(step.split(/\s+/).slice(1), workdir);
          if (skip) return ctx.skip(skip);
        } else if (/^npm cache clean\b/.test(step)) {
          // The image's own npm cache; here it would be root's.
        } else if (/^mkdir -p \S+$/.test(step))
          mkdirSync(join(workdir, step.split(' ')[2] as string), { recursive: true });
        else if (chown) {
          // The image's user owns that folder; here the other user stands for it.
          await run('chown', [`${user.uid}:${user.uid}`, join(workdir, chown[3] as string)], { cwd: workdir });
          imageUser ||= chown[1] as string;
        } else expect.fail(`Dockerfile line ${ins.line}: this self-test does not know how to replicate \`${step}\``);
      }
    } else if (ins.op === 'USER') expect(ins.args.split(':')[0]).toBe(imageUser);
    else if (ins.op === 'ENTRYPOINT') entry = JSON.parse(ins.args) as string[];
    else if (ins.op === 'CMD') cmd = JSON.parse(ins.args) as string[];
    else expect.fail(`Dockerfile line ${ins.line}: this self-test does not know ${ins.op}`);
  }
  expect(statSync(workdir).uid).toBe(0);
  const before = listing(workdir, (rel) => rel === 'reports' || rel.startsWith('reports/'));
  // The image's command (ENTRYPOINT and CMD), limited to the root checks.
  const [program, ...rest] = entry;
  const [file, args] = user.as(program === 'node' ? process.execPath : (program as string), [
    ...rest,
    ...cmd,
    ...CHEAP,
  ]);
  const r = await run(file, args, { cwd: workdir, env: { ...scratch.env, ...env }, boundMs: 180_000 });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toMatch(/^PARTIAL: \d+ checks, \d+ pass, 0 fail/m);
  expect(existsSync(join(workdir, 'reports', 'latest', 'results.json'))).toBe(true);
  expect(
    changes(
      before,
      listing(workdir, (rel) => rel === 'reports' || rel.startsWith('reports/')),
    ),
  ).toEqual([]);
}, 400_000);

test('a root-owned clone, run by another user: npm run certify runs, its reports in the user state folder', async (ctx) => {
  if (statSync(ROOT).uid !== 0) return ctx.skip('this clone is not root-owned');
  const set = setUp('anyuser-clone');
  if (typeof set === 'string') return ctx.skip(set);
  const { user, scratch } = set;
  if (!user.reaches(ROOT)) return ctx.skip(`the user nobody cannot reach this clone (${ROOT})`);
  const [file, args] = user.as('npm', ['run', '--silent', 'certify', '--', ...CHEAP]);
  const r = await run(file, args, { cwd: ROOT, env: scratch.env, boundMs: 240_000 });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toMatch(/^PARTIAL: \d+ checks, \d+ pass, 0 fail/m);
  const reports = join(scratch.home, '.local', 'state', 'calcert', 'reports');
  expect(r.stderr).toContain(
    `calcert: --report-dir reports cannot be written (EACCES): the reports go to ${reports} (--report-dir to choose)`,
  );
  expect(existsSync(join(reports, 'latest', 'results.json'))).toBe(true);
  // The lines it prints for itself run as printed for that user. In a clone it does not own,
  // `npx calcert` failed with npm's EPERM: npx links the clone into its cache and sets its bin
  // executable, which only the owner may do (lib/run/config/replay.ts `foreignClone`).
  const [efile, eargs] = user.as(process.execPath, [join(ROOT, 'bin', 'calcert.js'), 'explain', 'root.doc.answers']);
  const explained = await run(efile, eargs, { cwd: ROOT, env: scratch.env, boundMs: 60_000 });
  const replay = /^ {2}(.+? certify --grep \S+) {2}# against the embedded reference server$/m.exec(
    explained.stdout,
  )?.[1];
  expect(replay, explained.stdout + explained.stderr).toBeDefined();
  const [rfile, rargs] = user.as('sh', ['-c', `${replay} --concurrency 1`]);
  const replayed = await run(rfile, rargs, { cwd: ROOT, env: scratch.env, boundMs: 120_000 });
  expect(replayed.code, `${replay}\n${replayed.stdout}${replayed.stderr}`).toBe(0);
  expect(replayed.stdout).toMatch(/^PARTIAL: 1 check, 1 pass, 0 fail/m);
}, 400_000);
