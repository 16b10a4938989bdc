// No import cycle across lib/, suites/ and fixtures/ (issue 11 point 6): every runtime import,
// static or dynamic, followed from every module. Type-only imports vanish at run time and are skipped
// (selftest/cli/rooms.test.ts holds lib/ to no cycle with them too).
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { findCycles, importsOf, ROOT, sourceFiles } from '../support/imports.ts';

const all = ['lib', 'suites', 'fixtures'].flatMap((d) => sourceFiles(join(ROOT, d)));
const known = new Set(all);
const graph = new Map(all.map((f) => [f, importsOf(f, false).filter((t) => known.has(t))]));

test('no import cycle across lib/, suites/ and fixtures/', () => {
  expect(all.length).toBeGreaterThan(20);
  expect(findCycles(graph).map((c) => c.join(' -> '))).toEqual([]);
});

test('the cycle finder sees commands loaded by the CLI and finds a planted cycle (positive control)', () => {
  const cli = join(ROOT, 'lib/commands/cli.ts');
  const certify = join(ROOT, 'lib/commands/certify.ts');
  expect(graph.get(cli)).toContain(certify);
  const planted = new Map(graph);
  planted.set(certify, [...(graph.get(certify) ?? []), cli]);
  expect(findCycles(planted).map((c) => c.join(' -> '))).toContain(
    'lib/commands/certify.ts -> lib/commands/cli.ts -> lib/commands/certify.ts',
  );
});
