// Issue 39 point 5: the README's "run it from anywhere", `npx -y ./calcert-VERSION.tgz`, in a
// script (no terminal to answer npx's question: -y), and the lines the tool prints run as printed
// there: they name the tarball again, never `npx calcert` (the npm registry has no calcert: a 404).
// The tarball is the self-test run's one pack (selftest/support/packed.ts).
import { copyFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { packedTool, plainEnv, UNREACHABLE } from '../support/packed.ts';
import { run, tempDir } from '../support/run-cli.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

test('npx -y ./calcert-VERSION.tgz runs in a folder of its own, and its printed replay line runs as printed there', async (ctx) => {
  const { tarball } = await packedTool();
  const dir = tempDir('npx-tarball');
  made.push(dir);
  const name = basename(tarball);
  copyFileSync(tarball, join(dir, name));
  // From npm's cache first (the tarball's dependencies are there since npm ci).
  const env = { ...plainEnv(), npm_config_prefer_offline: 'true' };
  const explain = await run('sh', ['-c', `npx -y ./${name} explain events.fields.all-day-snaps </dev/null`], {
    cwd: dir,
    env,
    boundMs: 240_000,
  });
  if (explain.code !== 0 && UNREACHABLE.test(explain.stderr)) return ctx.skip('npx could not install the dependencies');
  expect(explain.code, explain.stderr).toBe(0);
  const line = /^ {2}(npx .*) {2}# against the embedded reference server$/m.exec(explain.stdout)?.[1];
  expect(line, explain.stdout).toBe(`npx -y ./${name} certify --grep '^events\\.fields\\.all-day-snaps$'`);
  const replay = await run('sh', ['-c', `${line} </dev/null`], { cwd: dir, env, boundMs: 240_000 });
  expect(replay.code, replay.stdout + replay.stderr).toBe(0);
  expect(replay.stdout).toMatch(/^PARTIAL: 1 check, 1 pass, 0 fail/m);
}, 600_000);
