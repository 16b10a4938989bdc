// The rooms of lib/ and the arrows between them (issue 24; README "Architecture"): every import,
// type-only ones too, static or dynamic, of every module of lib/, suites/, fixtures/, scripts/ and
// selftest/. A room imports only from the rooms below it; lib/types.ts imports nothing and every
// room may import it; no import cycle inside lib/ (type imports included); the reference server
// imports nothing from lib/; no file of lib/ is over 450 lines.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { findCycles, importsOf, ROOT, sourceFiles } from '../support/imports.ts';

/** The rooms, lowest first, and what each may import besides itself and lib/types.ts. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  coverage: [],
  spec: [],
  run: ['spec'],
  check: ['spec', 'run', 'coverage'],
  report: ['spec', 'run', 'coverage'],
  tools: ['spec', 'run', 'check', 'report', 'coverage'],
  certify: ['spec', 'run', 'check', 'report', 'tools', 'coverage'],
  commands: ['spec', 'run', 'check', 'report', 'tools', 'certify', 'coverage'],
};
/** The rooms that may start or name the embedded reference server. */
const MAY_IMPORT_REFERENCE_SERVER = ['certify', 'commands'];
/** The rooms the conformance suites may import. */
const SUITES_MAY_IMPORT = ['spec', 'run', 'check'];
const MAX_LINES = 450;

/** The room of a repo-relative path: `lib/<room>/...`, `types` for lib/types.ts, else null. */
function roomOf(path: string): string | null {
  if (path === 'lib/types.ts') return 'types';
  const m = /^lib\/([^/]+)\//.exec(path);
  return m ? (m[1] as string) : null;
}

type Graph = Map<string, string[]>;

/** Every import that breaks a rule, as `from -> to (why)`. */
function violations(graph: Graph): string[] {
  const out: string[] = [];
  for (const [from, tos] of graph) {
    const room = roomOf(from);
    for (const to of tos) {
      const target = roomOf(to);
      const toServer = to.startsWith('fixtures/reference-server/');
      if (from.startsWith('fixtures/reference-server/') && to.startsWith('lib/'))
        out.push(`${from} -> ${to} (the reference server imports nothing from lib/)`);
      if (from.startsWith('suites/') && target && target !== 'types' && !SUITES_MAY_IMPORT.includes(target))
        out.push(`${from} -> ${to} (suites import only from ${SUITES_MAY_IMPORT.join(', ')})`);
      if (!room) continue;
      if (room === 'types') out.push(`${from} -> ${to} (lib/types.ts imports nothing)`);
      else if (toServer && !MAY_IMPORT_REFERENCE_SERVER.includes(room))
        out.push(
          `${from} -> ${to} (only ${MAY_IMPORT_REFERENCE_SERVER.join(' and ')} may import the reference server)`,
        );
      else if (target && target !== room && target !== 'types' && !MAY_IMPORT[room]?.includes(target))
        out.push(`${from} -> ${to} (${room} may import ${MAY_IMPORT[room]?.join(', ') || 'nothing'} only)`);
    }
  }
  return out;
}

const all = ['lib', 'suites', 'fixtures', 'scripts', 'selftest'].flatMap((d) => sourceFiles(join(ROOT, d)));
/** Every module and its imports, type-only ones included, as repo-relative paths. */
const graph: Graph = new Map(all.map((f) => [relative(ROOT, f), importsOf(f, true).map((t) => relative(ROOT, t))]));
/** The same graph of lib/ alone, as absolute paths (for the cycle finder). */
const absolute = (g: Graph): Graph =>
  new Map([...g].filter(([f]) => f.startsWith('lib/')).map(([f, ts]) => [join(ROOT, f), ts.map((t) => join(ROOT, t))]));
const lib = [...graph.keys()].filter((f) => f.startsWith('lib/'));

test('every file of lib/ is in a room, or is lib/types.ts', () => {
  expect(lib.length).toBeGreaterThan(50);
  expect(lib.filter((f) => !(roomOf(f) === 'types' || (roomOf(f) as string) in MAY_IMPORT))).toEqual([]);
  expect(Object.keys(MAY_IMPORT).filter((room) => !lib.some((f) => roomOf(f) === room))).toEqual([]);
});

test('arrows run one way: each room imports only from the rooms below it', () => {
  expect(violations(graph)).toEqual([]);
});

test('no import cycle inside lib/, type-only imports included', () => {
  expect(findCycles(absolute(graph)).map((c) => c.join(' -> '))).toEqual([]);
});

test(`no file of lib/ is over ${MAX_LINES} lines`, () => {
  const long = lib
    .map((f) => [f, readFileSync(join(ROOT, f), 'utf8').split('\n').length - 1] as const)
    .filter(([, n]) => n > MAX_LINES);
  expect(long.map(([f, n]) => `${f}: ${n} lines`)).toEqual([]);
});

test('the rules see a planted arrow the wrong way, a planted cycle and a server import (positive controls)', () => {
  const contract = 'lib/spec/contract.ts';
  const client = 'lib/run/client.ts';
  expect(graph.get(contract)).toBeDefined();
  expect(graph.get(client)).toBeDefined();
  const planted: Graph = new Map(graph);
  planted.set(contract, [...(graph.get(contract) ?? []), client]);
  planted.set('fixtures/reference-server/index.ts', ['lib/types.ts']);
  planted.set('lib/types.ts', ['lib/spec/contract.ts']);
  const found = violations(planted);
  expect(found).toContain(`${contract} -> ${client} (spec may import nothing only)`);
  expect(found).toContain(
    'fixtures/reference-server/index.ts -> lib/types.ts (the reference server imports nothing from lib/)',
  );
  expect(found).toContain('lib/types.ts -> lib/spec/contract.ts (lib/types.ts imports nothing)');
  const run = 'lib/run/config/load.ts';
  planted.set(client, [...(graph.get(client) ?? []), run]);
  planted.set(run, [...(graph.get(run) ?? []), client]);
  const cycles = findCycles(absolute(planted));
  expect(
    cycles.some((c) => c.includes(client) && c.includes(run)),
    cycles.join('; '),
  ).toBe(true);
});
