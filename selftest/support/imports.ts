// The import graph of the project's modules, for the self-tests of its shape
// (selftest/cli/import-cycles.test.ts, selftest/cli/rooms.test.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Every module below `dir` (TypeScript, no declaration files), as absolute paths. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.ts$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/**
 * The relative imports of a module (`import x from`, `export ... from`, `import('...')`) as
 * absolute paths; type-only ones (`import type`, `export type`) only when `types` is set.
 */
export function importsOf(file: string, types: boolean): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  const re =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  for (const m of text.matchAll(re)) {
    if (m[2] && !types) continue;
    const spec = m[3] ?? m[4];
    if (spec) out.push(resolve(dirname(file), spec));
  }
  return out;
}

/** The cycles of a graph (one per back edge), each as repo-relative paths, first file again at the end. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 1);
    stack.push(f);
    for (const t of graph.get(f) ?? []) {
      if (state.get(t) === 1) cycles.push([...stack.slice(stack.indexOf(t)), t].map((p) => relative(ROOT, p)));
      else if (!state.has(t) && graph.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 2);
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return cycles;
}
