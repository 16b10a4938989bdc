// The help is true of its command (issue 39 point 7): `cleanup --help` and `diff --help` said
// --base-url defaulted to the embedded reference server and cleanup's --run-tag to a random tag,
// and both commands exit 2 without them; diff's --num-runs read "runs of each property check".
// Each command that refuses to run without a flag ("needs --x") shows that flag as required,
// with no default (or required with another, as said), found by running it without, one missing
// flag after another.
import { expect, test } from 'vitest';
import { calcert, cleanEnv, tempDir } from '../support/run-cli.ts';

/** What a flag is given once the command has asked for it (unreachable targets: no request lands). */
const VALUES: Record<string, string> = {
  'base-url': 'http://127.0.0.1:1',
  'candidate-url': 'http://127.0.0.1:1',
  'run-tag': 'cchelp1',
  user: 'editor',
  password: 'secret',
};

/** The help entry of a flag, its lines joined: `--x <arg> text (env ...; default: ...)`. */
function helpOf(help: string, flag: string): string {
  const entries: string[] = [];
  for (const line of help.split('\n'))
    if (/^ {2}-/.test(line)) entries.push(line.trim());
    else if (/^ {4,}\S/.test(line) && entries.length) entries[entries.length - 1] += ` ${line.trim()}`;
  return entries.find((e) => e.startsWith(`--${flag} `) || e === `--${flag}`) ?? '';
}

test.each(['cleanup', 'diff'])(
  '%s: every flag it refuses to run without is required in its help, with no default',
  async (command) => {
    const cwd = tempDir('help');
    const env = cleanEnv();
    const help = (await calcert([command, '--help'], { cwd, env })).stdout;
    const given: string[] = [];
    const asked: string[] = [];
    for (let round = 0; round < 5; round++) {
      const r = await calcert([command, ...given], { cwd, env, boundMs: 60_000 });
      const needs = /needs (.*)/.exec(r.stderr)?.[1];
      if (!needs) break;
      expect(r.code).toBe(2);
      const flags = [...needs.matchAll(/--([a-z-]+)/g)].map((m) => m[1] as string).filter((f) => !asked.includes(f));
      expect(flags.length, r.stderr).toBeGreaterThan(0);
      for (const flag of flags) {
        asked.push(flag);
        const line = helpOf(help, flag);
        expect(line, `${command} --help on --${flag}`).toMatch(/\brequired\b[^()]*\)$/);
        expect(line).not.toMatch(/default:/);
        given.push(`--${flag}`, VALUES[flag] ?? 'x');
      }
    }
    expect(asked.length).toBeGreaterThan(0);
  },
);

test('diff --num-runs says what diff does with it', async () => {
  const help = (await calcert(['diff', '--help'], { cwd: tempDir('help'), env: cleanEnv() })).stdout;
  expect(helpOf(help, 'num-runs')).toMatch(/list queries/);
  expect(helpOf(help, 'num-runs')).not.toMatch(/property/);
});
