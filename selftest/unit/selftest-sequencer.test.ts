// The self-tests' own file order (selftest/support/sequencer.ts): the longest files first.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../lib/run/paths.ts';
import { LONGEST, longestFirst } from '../support/sequencer.ts';

test('every file of the longest-first list exists (a renamed file would silently go last)', () => {
  expect(LONGEST.filter((f) => !existsSync(join(PROJECT_ROOT, f)))).toEqual([]);
});

test.each([
  [
    ['/r/selftest/unit/a.test.ts', '/r/selftest/soak-base.test.ts', '/r/selftest/tolerance.test.ts'],
    ['/r/selftest/tolerance.test.ts', '/r/selftest/soak-base.test.ts', '/r/selftest/unit/a.test.ts'],
  ],
  [
    ['/r/selftest/b.test.ts', '/r/selftest/a.test.ts'],
    ['/r/selftest/b.test.ts', '/r/selftest/a.test.ts'],
  ],
  [
    ['/r/selftest/x/tolerance.test.ts', '/r/selftest/fault-matrix-0.test.ts'],
    ['/r/selftest/fault-matrix-0.test.ts', '/r/selftest/x/tolerance.test.ts'],
  ],
  [[], []],
])('longestFirst(%j) = %j', (given, expected) => {
  expect(longestFirst(given.map((moduleId) => ({ moduleId }))).map((f) => f.moduleId)).toEqual(expected);
});
