// Dockerfile (issue 14 point 8), checked without docker: every file a COPY takes from the build
// context exists and is not left out by .dockerignore; the build stage has what scripts/build.mjs
// compiles (tsconfig.build.json's extends and include); the run stage installs production
// dependencies only, carries its ENTRYPOINT script and the compiled tool but no sources (so
// bin/calcert.js runs dist/ and needs no TypeScript loader); CMD is a real command.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { COMMANDS } from '../../lib/commands/cli.ts';
import { copyOf, type Instruction, stages } from '../support/dockerfile.ts';
import { ROOT } from '../support/run-cli.ts';

/** Whether .dockerignore leaves `path` out of the build context (its patterns: names, globs, ! exceptions). */
function ignored(path: string, patterns: string[]): boolean {
  let out = false;
  for (const p of patterns) {
    const negate = p.startsWith('!');
    const glob = (negate ? p.slice(1) : p).replace(/^\/|\/$/g, '');
    const re = new RegExp(
      `^${glob
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*')}(/.*)?$`,
    );
    if (re.test(path)) out = !negate;
  }
  return out;
}

const DOCKERFILE = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const IGNORE = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

test('Dockerfile: COPY sources exist and reach the context; the build stage gets what the build compiles', () => {
  const all = stages(DOCKERFILE);
  expect(all.length).toBe(2);
  for (const stage of all) expect(stage[0]?.args).toMatch(/^node:20-slim\b/);
  const problems: string[] = [];
  for (const ins of all.flat().filter((i) => i.op === 'COPY')) {
    const c = copyOf(ins.args);
    if (c.from) continue;
    for (const s of c.sources) {
      if (!existsSync(join(ROOT, s))) problems.push(`line ${ins.line}: COPY ${s}: no such file`);
      if (ignored(s, IGNORE)) problems.push(`line ${ins.line}: COPY ${s}: left out by .dockerignore`);
    }
  }
  expect(problems).toEqual([]);
  // What scripts/build.mjs compiles (tsconfig.build.json: its extends and include) is copied.
  const build = all[0] as Instruction[];
  const copied = build.filter((i) => i.op === 'COPY').flatMap((i) => copyOf(i.args).sources);
  const tsconfig = JSON.parse(readFileSync(join(ROOT, 'tsconfig.build.json'), 'utf8'));
  for (const need of [
    'package-lock.json',
    'scripts/build.mjs',
    'tsconfig.build.json',
    String(tsconfig.extends).replace(/^\.\//, ''),
    ...(tsconfig.include as string[]),
  ])
    expect(copied, need).toContain(need);
  expect(build.some((i) => i.op === 'RUN' && /\bnode scripts\/build\.mjs\b/.test(i.args))).toBe(true);
  // The context never carries secrets, reports or local builds.
  for (const p of ['.env', 'node_modules', 'reports', 'dist', 'calcert-0.1.0.tgz'])
    expect(ignored(p, IGNORE), p).toBe(true);
  expect(ignored('.env.example', IGNORE)).toBe(false);
});

test('Dockerfile: the run stage is the packed tool (production dependencies, bin, dist; no sources), ENTRYPOINT and CMD are real', () => {
  const run = stages(DOCKERFILE)[1] as Instruction[];
  expect(run.some((i) => i.op === 'RUN' && /\bnpm ci\b.*--omit=dev/.test(i.args))).toBe(true);
  const workdir = run.filter((i) => i.op === 'WORKDIR').at(-1)?.args;
  expect(workdir).toBe('/calcert');
  const copies = run.filter((i) => i.op === 'COPY').map((i) => copyOf(i.args));
  // The destinations of the run stage, relative to its WORKDIR.
  const dests = copies.map((c) => c.dest.replace(/^\.\/?/, '').replace(/\/$/, ''));
  const entry = JSON.parse(run.find((i) => i.op === 'ENTRYPOINT')?.args ?? '[]') as string[];
  expect(entry).toEqual(['node', 'bin/calcert.js']);
  expect(dests).toContain(entry[1]);
  expect(existsSync(join(ROOT, entry[1] as string))).toBe(true);
  // The compiled tool from the build stage; no TypeScript source in the image.
  expect(copies.find((c) => c.from === 'build')?.dest).toBe('dist');
  expect(copies.flatMap((c) => c.sources).filter((s) => /^(lib|suites|fixtures|scripts)\b|\.ts$/.test(s))).toEqual([]);
  // Not root (issue 23 point 8): reports written into a mounted folder belong to a user, and the
  // reports folder is that user's before the switch.
  const users = run.filter((i) => i.op === 'USER');
  expect(users.length).toBe(1);
  expect(users[0]?.args).not.toMatch(/^(root|0)(:|$)/);
  const user = (users[0]?.args ?? '').split(':')[0];
  const owns = run.find((i) => i.op === 'RUN' && new RegExp(`chown ${user}(:\\S+)? reports\\b`).test(i.args));
  expect(owns && owns.line < (users[0]?.line ?? 0)).toBe(true);
  expect(run.indexOf(users[0] as Instruction)).toBeLessThan(run.findIndex((i) => i.op === 'ENTRYPOINT'));
  const cmd = JSON.parse(run.find((i) => i.op === 'CMD')?.args ?? '[]') as string[];
  expect(cmd).toEqual(['certify']);
  expect(cmd[0] && cmd[0] in COMMANDS).toBe(true);
});
