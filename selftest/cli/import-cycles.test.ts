// No import cycle across lib/, suites/ and fixtures/ (issue 11 point 6): every runtime import,
// static or dynamic, followed from every module. Type-only imports vanish at run time and are skipped.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.ts$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Relative runtime imports of a module (`import x from`, `export ... from`, `import('...')`). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  const re =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  for (const m of text.matchAll(re)) {
    if (m[2]) continue; // import type / export type
    const spec = m[3] ?? m[4];
    if (spec) out.push(resolve(dirname(file), spec));
  }
  return out;
}

function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 1);
    stack.push(f);
    for (const t of graph.get(f) ?? []) {
      if (state.get(t) === 1) cycles.push([...stack.slice(stack.indexOf(t)), t].map((p) => relative(ROOT, p)));
      else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 2);
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return cycles;
}

const all = ['lib', 'suites', 'fixtures'].flatMap((d) => files(join(ROOT, d)));
const known = new Set(all);
const graph = new Map(all.map((f) => [f, importsOf(f).filter((t) => known.has(t))]));

test('no import cycle across lib/, suites/ and fixtures/', () => {
  expect(all.length).toBeGreaterThan(20);
  expect(findCycles(graph).map((c) => c.join(' -> '))).toEqual([]);
});

test('the cycle finder sees commands loaded by the CLI and finds a planted cycle (positive control)', () => {
  const cli = join(ROOT, 'lib/cli.ts');
  const certify = join(ROOT, 'lib/commands/certify.ts');
  expect(graph.get(cli)).toContain(certify);
  const planted = new Map(graph);
  planted.set(certify, [...(graph.get(certify) ?? []), cli]);
  expect(findCycles(planted).map((c) => c.join(' -> '))).toContain(
    'lib/cli.ts -> lib/commands/certify.ts -> lib/cli.ts',
  );
});
