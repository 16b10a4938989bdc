// A password on an npm script's command line is echoed by npm before calcert runs (issue 39
// point 10): calcert says so, naming the environment key to use instead.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { secretsEchoedByNpm } from '../../lib/run/config/load.ts';

const npm = { npm_lifecycle_event: 'certify' };
test.each([
  [['certify', '--password', 'x'], npm, ['password']],
  [['certify', '--password=x'], npm, ['password']],
  [
    ['diff', '--password', 'x', '--candidate-password', 'y'],
    { npm_lifecycle_event: 'diff' },
    ['password', 'candidate-password'],
  ],
  [['certify', '--password', 'x'], {}, []], // not through npm: nothing echoed it
  [['certify', '--password', 'x'], { npm_lifecycle_event: 'test' }, []], // another script's line
  [['certify', '--user', 'password'], npm, []],
  [['certify', '--passwords'], npm, []],
])('secretsEchoedByNpm(%j, %j)', (argv, env, names) => {
  expect(secretsEchoedByNpm(argv, env)).toEqual(names);
});

test('the warning, as calcert prints it under npm', () => {
  const r = spawnSync(
    process.execPath,
    [join(import.meta.dirname, '../../bin/calcert.js'), 'cleanup', '--password', 'pw-1'],
    {
      env: { PATH: process.env['PATH'], npm_lifecycle_event: 'cleanup' },
      encoding: 'utf8',
    },
  );
  expect(r.stderr).toMatch(
    /^calcert: warning: npm printed --password above \(it echoes a script's command line, into this terminal and any CI log\): give it as CAL_PASSWORD in the environment or \.env instead$/m,
  );
});
