// The command calcert prints for itself runs as printed where it was invoked (issue 39 point 5:
// run as `npx ./calcert-0.1.0.tgz`, the replay, "Replay it" and "certify it" lines said `npx
// calcert`, which asks the npm registry there and gets a 404). lib/run/config/replay.ts
// `commandFor` decides from the invocation; `invocationOf` gathers it (checked on made-up folders).
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { commandFor, type Invocation, invocationOf } from '../../lib/run/config/replay.ts';
import { tempDir } from '../support/run-cli.ts';

describe('commandFor', () => {
  const rows: Array<[string, Invocation, string]> = [
    ['a clone, the user inside it', { root: '/src/calcert', cwd: '/src/calcert', onPath: false }, 'npx calcert'],
    [
      'a clone, the user in a subfolder',
      { root: '/src/calcert', cwd: '/src/calcert/docs', onPath: false },
      'npx calcert',
    ],
    [
      'a clone someone else owns, the user inside it: npx would chmod its bin (EPERM), node runs',
      { root: '/src/calcert', cwd: '/src/calcert', onPath: false, foreignClone: true },
      'node /src/calcert/bin/calcert.js',
    ],
    [
      'a clone run from elsewhere (node /src/calcert/bin/calcert.js)',
      { root: '/src/calcert', cwd: '/tmp/work', onPath: false },
      'node /src/calcert/bin/calcert.js',
    ],
    [
      'a folder named like the clone is not inside it',
      { root: '/src/calcert', cwd: '/src/calcert2', onPath: false },
      'node /src/calcert/bin/calcert.js',
    ],
    [
      'installed in a project, the user in it',
      { root: '/p/app/node_modules/calcert', cwd: '/p/app', onPath: false },
      'npx calcert',
    ],
    [
      'installed in a project, run from elsewhere',
      { root: '/p/app/node_modules/calcert', cwd: '/tmp', onPath: false },
      'node /p/app/node_modules/calcert/bin/calcert.js',
    ],
    [
      'a global install, the Docker image',
      { root: '/usr/lib/node_modules/calcert', cwd: '/tmp', onPath: true },
      'calcert',
    ],
    [
      'npx of a tarball: the spec as typed, with -y (a script cannot answer npx)',
      { root: '/h/.npm/_npx/ab12/node_modules/calcert', cwd: '/tmp/w', npx: ['./calcert-0.1.0.tgz'], onPath: false },
      'npx -y ./calcert-0.1.0.tgz',
    ],
    [
      'npx of a tarball with a space in its path',
      {
        root: '/h/.npm/_npx/ab12/node_modules/calcert',
        cwd: '/tmp/w',
        npx: ['../my tools/calcert-0.1.0.tgz'],
        onPath: false,
      },
      "npx -y '../my tools/calcert-0.1.0.tgz'",
    ],
    [
      'npx of a registry name',
      { root: '/h/.npm/_npx/ab12/node_modules/calcert', cwd: '/tmp/w', npx: ['calcert@0.1.0'], onPath: false },
      'npx -y calcert@0.1.0',
    ],
  ];
  test.each(rows)('%s', (_name, inv, want) => {
    expect(commandFor(inv)).toBe(want);
  });
});

describe('invocationOf', () => {
  test('npx cache: the root under _npx/<hash>/node_modules, the specs from its package.json', () => {
    const home = tempDir('invocation');
    const cache = join(home, '_npx', 'ab12');
    const root = join(cache, 'node_modules', 'calcert');
    mkdirSync(join(root, 'bin'), { recursive: true });
    mkdirSync(join(root, 'dist', 'lib'), { recursive: true });
    writeFileSync(join(root, 'bin', 'calcert.js'), '');
    writeFileSync(
      join(cache, 'package.json'),
      JSON.stringify({ dependencies: { calcert: 'file:../x.tgz' }, _npx: { packages: ['./calcert-0.1.0.tgz'] } }),
    );
    const inv = invocationOf({ PATH: '/nonexistent', INIT_CWD: home }, join(root, 'dist', 'lib', 'replay.js'), '/');
    expect(inv).toEqual({ root, cwd: home, npx: ['./calcert-0.1.0.tgz'], onPath: false });
    expect(commandFor(inv)).toBe('npx -y ./calcert-0.1.0.tgz');
  });

  test('on the PATH when a calcert there is this installation; INIT_CWD before the working directory', () => {
    const home = tempDir('invocation');
    const root = join(home, 'lib', 'node_modules', 'calcert');
    mkdirSync(join(root, 'bin'), { recursive: true });
    writeFileSync(join(root, 'bin', 'calcert.js'), '');
    const binDir = join(home, 'bin');
    mkdirSync(binDir);
    symlinkSync(join(root, 'bin', 'calcert.js'), join(binDir, 'calcert'));
    const module = join(root, 'dist', 'replay.js');
    expect(invocationOf({ PATH: `/nonexistent:${binDir}` }, module, home)).toEqual({ root, cwd: home, onPath: true });
    // npm and npx put a project's node_modules/.bin first on the PATH of what they run: the
    // user's shell has no such entry, so `calcert` would not run there as printed.
    const dotBin = join(home, 'node_modules', '.bin');
    mkdirSync(dotBin, { recursive: true });
    symlinkSync(join(root, 'bin', 'calcert.js'), join(dotBin, 'calcert'));
    expect(invocationOf({ PATH: dotBin }, module, home).onPath).toBe(false);
    const other = invocationOf({ PATH: '/nonexistent', INIT_CWD: root }, module, home);
    expect(other).toEqual({ root, cwd: root, onPath: false });
  });
});
