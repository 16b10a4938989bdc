// The README's examples (issue 14 point 9): every `calcert ...` and `npm run ... -- ...` command line
// it shows names a real command (or npm script) and only flags that command takes (FLAGS / COMMANDS);
// the safe ones (help, list, faults) run and exit 0.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { COMMANDS } from '../../lib/commands/cli.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\\\n\s*/g, ' ');
const SCRIPTS = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;

/** `npx -c 'exec calcert ...'` (calcert without a shell in between) read as the `npx calcert ...` it runs. */
const unwrapNpxC = (line: string): string => line.replace(/npx -c '(?:exec )?([^']*)'/g, 'npx $1');

/** Command lines of the README: inside code blocks, and inline `code` spans. */
function commandLines(): string[] {
  const out: string[] = [];
  const blocks = [...README.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].flatMap((m) => (m[1] as string).split('\n'));
  const spans = [...README.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string);
  for (const line of [...blocks, ...spans]) {
    const m = /(?:^|\s|\$ )((?:npx )?calcert [a-z].*|npm run [a-z:]+.*)$/.exec(unwrapNpxC(line.replace(/\s+#.*$/, '')));
    if (m) out.push((m[1] as string).trim());
  }
  return out;
}

test('every README command line names a real command and only its flags', () => {
  const lines = commandLines();
  expect(lines.length).toBeGreaterThan(10);
  const problems: string[] = [];
  for (const line of lines) {
    const words = line.split(/\s+/).filter(Boolean);
    let command: string;
    let flagWords: string[];
    if (words[0] === 'npm') {
      const script = words[2] as string;
      if (!(script in SCRIPTS)) {
        problems.push(`${line}: no npm script ${script}`);
        continue;
      }
      const cli = /bin\/calcert\.js ([a-z]+)/.exec(SCRIPTS[script] as string);
      const dash = words.indexOf('--');
      // `npm run certify --base-url ...` (no --) is the README's example of the mistake npm makes.
      if (!cli || dash < 0) continue;
      command = cli[1] as string;
      flagWords = words.slice(dash + 1);
    } else {
      const at = words[0] === 'npx' ? 2 : 1;
      command = words[at] as string;
      flagWords = words.slice(at + 1);
    }
    const spec = COMMANDS[command];
    if (!spec) {
      problems.push(`${line}: no command ${command}`);
      continue;
    }
    for (const w of flagWords) {
      const flag = /^[[(]?--([a-z][a-z0-9-]*)/.exec(w)?.[1];
      if (!flag || flag === 'help' || flag === 'version') continue;
      if (!(spec.flags as readonly string[]).includes(flag)) problems.push(`${line}: ${command} takes no --${flag}`);
    }
  }
  expect(problems).toEqual([]);
});

test('the safe README commands run: help, list, faults', () => {
  const bin = join(ROOT, 'bin/calcert.js');
  for (const args of [['--help'], ['certify', '--help'], ['list', '--json'], ['faults']]) {
    const text = execFileSync(process.execPath, [bin, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(text.length, args.join(' ')).toBeGreaterThan(20);
  }
});

test('README invocations run as written in a fresh clone: npx calcert, never a bare calcert (issue 23)', () => {
  // In a clone `calcert` is on no PATH (exit 127); `npx calcert` runs there and where the tool is
  // installed. A command name alone (`calcert compare`) is prose; the Docker lines name the image
  // (docker run ... calcert certify) and stay.
  const commands = Object.keys(COMMANDS).join('|');
  const bare = README.split('\n')
    .map(unwrapNpxC)
    .flatMap((line) =>
      [...line.matchAll(new RegExp(`(?<![\\w/-])calcert (?:${commands}) [^\\s\`]`, 'g'))]
        .filter((m) => !line.slice(0, m.index).endsWith('npx ') && !/docker run/.test(line.slice(0, m.index)))
        .map((m) => `${line.trim()} [at ${m[0]}]`),
    );
  expect(bare).toEqual([]);
});

// Issue 31 point 2: npm prints the command line it runs, so no `npm run` line of the README carries
// the password; the README says to give it through CAL_PASSWORD or .env, and why.
test('no README command line that npm echoes carries a password; the README says why', () => {
  const npmLines = commandLines().filter((l) => l.startsWith('npm run '));
  expect(npmLines.length).toBeGreaterThan(3);
  expect(npmLines.filter((l) => /--password\b|--candidate-password\b/.test(l))).toEqual([]);
  // Nor a calcert line with a password value written out.
  expect(commandLines().filter((l) => /--password\s+\S/.test(l))).toEqual([]);
  const text = README.replace(/\s+/g, ' ');
  expect(text).toMatch(
    /The password goes in `CAL_PASSWORD` \(exported, or in `\.env`\), never on a command line: `npm run` prints the whole command/,
  );
  expect(text).toMatch(/the same holds for `npm run reference` \(it reads `CAL_PASSWORD` too\)/);
});

// Issue 31 point 13: the README states the self-tests' budget against the CI limit.
test("the README states npm test's budget against the 15-minute CI limit", () => {
  const text = README.replace(/\s+/g, ' ');
  expect(text).toMatch(
    /Budget: a CI job gives `npm test` 15 minutes on 2 cores; its budget is 8 minutes there, .* measured [\d,]+ CPU-seconds/,
  );
});
