// The README's fault example as a new user runs it (issue 23 point 6): `calcert reference` started
// as the README shows holds data (a seeded calendar), writes the fixtures to a file instead of
// printing JSON among its lines, and prints a certify line that runs as printed from the clone and
// learns the server's events.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { loadFixtures } from '../../lib/run/config/load.ts';
import { BIN, CLONE_CALCERT, cleanEnv, ROOT, run, tempDir } from '../support/run-cli.ts';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
let server: ChildProcess | undefined;
let fixturesFile = '';

afterAll(() => {
  server?.kill('SIGTERM');
  if (fixturesFile && existsSync(fixturesFile)) rmSync(fixturesFile);
});

/** Start the reference line of the README's fault example; resolves with its stdout lines up to "certify it:". */
function startExample(args: string[]): Promise<string[]> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, 'reference', ...args], { cwd: ROOT, env: cleanEnv() });
    server = child;
    let text = '';
    const bound = setTimeout(() => fail(new Error(`no "certify it:" line within 60 s:\n${text}`)), 60_000);
    child.stdout.on('data', (b: Buffer) => {
      text += String(b);
      if (/^certify it: .*\n/m.test(text)) {
        clearTimeout(bound);
        done(text.trimEnd().split('\n'));
      }
    });
    child.on('exit', (code) => fail(new Error(`reference exited ${code}:\n${text}`)));
  });
}

test("the README's fault example: data, a fixtures file, and a certify line that runs as printed", async () => {
  const block = /A fault to see what a failure looks like[^`]*```sh\n([\s\S]*?)```/.exec(README)?.[1] ?? '';
  const line = block.split('\n').find((l) => l.startsWith('npm run reference -- '));
  expect(line, 'the README shows the fault example').toBeTruthy();
  // The README's port 8080 may be taken here: port 0 (any free one), everything else as written.
  const args = (line as string)
    .slice('npm run reference -- '.length)
    .split(/\s+/)
    .map((w) => (w === '8080' ? '0' : w));
  const lines = await startExample(args);
  // Every line is for a human: no JSON among them.
  for (const l of lines) expect(l.trim().startsWith('{'), l).toBe(false);
  const file = /^fixtures: (\S+)$/m.exec(lines.join('\n'))?.[1];
  expect(file, lines.join('\n')).toBeTruthy();
  // An absolute path: the certify line runs from any folder (issue 31 point 13).
  expect(isAbsolute(file as string), file).toBe(true);
  fixturesFile = file as string;
  expect(loadFixtures(fixturesFile)).toMatchObject({ format: 1 });
  const certifyLine = /^certify it: (.*?)\s+# export CAL_PASSWORD.* first$/m.exec(lines.join('\n'))?.[1];
  expect(certifyLine?.startsWith(`${CLONE_CALCERT} certify `), lines.join('\n')).toBe(true);
  expect(certifyLine, lines.join('\n')).toMatch(/ certify --base-url http:\/\/127\.0\.0\.1:\d+\/wp-json /);
  // The printed line, limited to the observation checks (they read the records already there).
  const reportDir = tempDir('reference-example');
  const r = await run('sh', ['-c', `${certifyLine} --grep '^observe\\.'`], {
    cwd: ROOT,
    env: cleanEnv({ CAL_PASSWORD: 'secret', CAL_REPORT_DIR: reportDir }),
    boundMs: 180_000,
  });
  expect([0, 1], r.stdout + r.stderr).toContain(r.code);
  const learned = /learned (\d+) events/.exec(r.stdout)?.[1];
  expect(Number(learned), r.stdout).toBeGreaterThanOrEqual(20);
});
