// The command line as a new user meets it (issue 14 point 1, issue 16 point 7): help lists flags
// with environment keys and defaults and never contacts a target; --version; "did you mean";
// stray arguments, flags swallowed by npm, invalid or empty --grep selections: exit 2 with one
// line and nothing sent to the target; unknown CAL_* keys: a warning.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COMMANDS } from '../../lib/commands/cli.ts';
import { FLAGS, type FlagSpec } from '../../lib/run/config/flags.ts';
import { bareEnv, compiledBin, compiledTool, ROOT } from '../support/run-cli.ts';

const cwd = mkdtempSync(join(tmpdir(), 'calcert-cli-'));

/** The clone's compiled CLI (built once per self-test run): the subject is the command line, not the TypeScript loader. */
function calcert(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [compiledBin(), ...args], {
    cwd,
    env: { ...bareEnv(), ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let server: Server;
let hits = 0;
let target = '';
beforeAll(async () => {
  await compiledTool();
  server = createServer((_req, res) => {
    hits++;
    res.end('{}');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  target = `http://127.0.0.1:${(server.address() as { port: number }).port}/wp-json`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe('help', () => {
  test.each(Object.keys(COMMANDS))(
    '`calcert %s --help` lists every flag with its environment key and default',
    (name) => {
      const before = hits;
      const r = calcert([name, '--help', '--base-url', target]);
      expect(r.code).toBe(0);
      const text = r.stdout.replace(/\s+/g, ' ');
      for (const flag of COMMANDS[name]?.flags ?? []) {
        const spec = FLAGS[flag] as FlagSpec;
        expect(text).toContain(`--${flag}`);
        if (spec.env) expect(text).toContain(`env ${spec.env}`);
        // A flag the command cannot run without says so, and shows no default (issue 39 point 7).
        if (COMMANDS[name]?.notes?.[flag]?.required) expect(text).toMatch(new RegExp(`--${flag} .*?; required`));
        else if (spec.default) expect(text).toContain(`default: ${spec.default}`);
      }
      expect(hits).toBe(before); // help never contacts a target
    },
  );

  test('--version prints the package version', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = calcert(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
  });
});

describe('mistakes end with exit 2 and one line naming the fix', () => {
  test.each([
    [['certfy'], /unknown command 'certfy' \(did you mean certify\?\)/],
    [['certify', '--base-ur', 'x'], /unknown option '--base-ur' \(did you mean --base-url\?\)/],
    [
      ['certify', 'http://site/wp-json'],
      /certify takes no arguments: .*calcert(\.js)? certify --base-url http:\/\/site\/wp-json/,
    ],
    [['list', 'extra'], /list takes no arguments, got "extra"/],
    [['certify', '--base-url', '%TARGET%', '--grep', '('], /--grep '\(' is not a valid regular expression/],
    // The pattern as typed: a backslash stays one backslash (not JSON's doubled \\).
    [
      ['certify', '--base-url', '%TARGET%', '--grep', '^events\\.create('],
      /--grep '\^events\\\.create\(' is not a valid regular expression \(\/\^events\\\.create\(\/: Unterminated group\)/,
    ],
  ])('%j', (args, message) => {
    const before = hits;
    const r = calcert(args.map((a) => (a === '%TARGET%' ? target : a)));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(hits).toBe(before);
  });

  test('a --grep that selects no check exits 2 before anything is sent', () => {
    const before = hits;
    const r = calcert(['certify', '--base-url', target, '--grep', '^no-such-check$']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^calcert: --grep '\^no-such-check\$' matches no check ID \(of \d+\)/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(hits).toBe(before);
  });

  test('a pattern written as replay lines used to write them (ID and a space) says to end it with $', () => {
    const r = calcert(['certify', '--base-url', target, '--grep', '^events\\.create\\.json-body ']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the pattern is over the check ID alone: end it with $ instead of a space');
  });

  test('`npm run certify --base-url x` (flag swallowed by npm) names the fix', () => {
    const before = hits;
    const r = calcert(['certify'], { npm_lifecycle_event: 'certify', npm_config_base_url: target });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('npm run certify -- --base-url');
    expect(hits).toBe(before);
  });

  test('an unknown CAL_* key is warned about, with the key it resembles', () => {
    const r = calcert(['cleanup'], { CAL_BASEURL: target });
    expect(r.stderr).toMatch(
      /warning: unknown key CAL_BASEURL in the environment is ignored \(did you mean CAL_BASE_URL\?\)/,
    );
    expect(r.code).toBe(2); // cleanup without --run-tag
  });
});
