/**
 * One-off rewriting of check citations (issue 14, point 7): every mention of a document outside
 * the repository in the check metadata of suites/** (or the directories given) becomes a citation of
 * docs/requirements.md#<anchor>. The mapping: `LEVELS.md <behaviour>` -> that behaviour's anchor
 * (the behaviour's name dropped, the rest of the text kept); `reference-behavior.md <section>` and
 * `reference/*.md` -> the measured-behaviour section the text is about.
 *   npx tsx scripts/rewrite-spec-citations.ts [--dry-run] [DIR ...]   (default: suites)
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BEHAVIOURS } from './requirements-doc/text.ts';

const DOC = 'docs/requirements.md';

const PHRASES: [string, string][] = (
  [
    ...BEHAVIOURS.flatMap((b) =>
      [b.name, ...(b.aliases ?? [])].map((p): [string, string] => [p.toLowerCase(), b.anchor]),
    ),
    ['minimal response contract', 'contract'],
    ['minimal contract', 'contract'],
    ['contract', 'contract'],
  ] as [string, string][]
).sort((a, b) => b[0].length - a[0].length);

function levelsAnchor(after: string): { anchor: string; eat: number } {
  const sep = /^:?\s*/.exec(after)![0];
  const rest = after.slice(sep.length).toLowerCase();
  for (const [phrase, anchor] of PHRASES)
    if (rest.startsWith(phrase) && !/[a-z0-9_]/i.test(rest.charAt(phrase.length)))
      return { anchor, eat: sep.length + phrase.length };
  if (/^(shapes are should|should: shapes)/.test(rest)) return { anchor: 'contract', eat: 0 };
  return { anchor: 'levels', eat: 0 };
}

function measuredAnchor(after: string): string {
  const t = after.slice(0, 90);
  if (/date filters/i.test(t)) return 'measured-date-filters';
  if (/known deviations/i.test(t)) return 'known-deviations';
  if (/^[:\s]*(lists|per_page|term lists|no match)/i.test(t)) return 'measured-lists';
  if (/^[:\s]*(records|author|start_date\/end_date are wall)/i.test(t)) return 'record-shapes';
  return 'measured-cross-cutting';
}

function referenceAnchor(file: string, after: string): string {
  const t = after.slice(0, 120);
  if (file === 'responses') return 'record-shapes';
  if (/all-day/i.test(t)) return 'record-shapes';
  if (/truthy|address fields|event must be/i.test(t)) return 'venue-organizer-lists';
  if (/taxonom|term/i.test(t)) return 'term-lists';
  return 'measured-cross-cutting';
}

/** Rewrites the citations of one source file; comment lines (developer notes, not check metadata) are left alone. */
export function rewrite(source: string): string {
  return source
    .split('\n')
    .map((line) => (/^\s*(\*|\/\*|\/\/)/.test(line) ? line : rewriteLine(line)))
    .join('\n');
}

function rewriteLine(line: string): string {
  let out = line;
  out = out.replace(/LEVELS\.md([^\n]*)/g, (_m, after: string) => {
    const { anchor, eat } = levelsAnchor(after);
    return `${DOC}#${anchor}${after.slice(eat)}`;
  });
  out = out.replace(/(?:\/work\/shared\/|\.\.\/shared\/)?reference-behavior\.md([^\n]*)/g, (_m, after: string) => {
    return `${DOC}#${measuredAnchor(after)}${after}`;
  });
  out = out.replace(
    /(?:\/work\/shared\/|\.\.\/shared\/)?reference\/(behavior|responses|verified|versions)\.md(?: §[\d.]+)?([^\n]*)/g,
    (_m, file: string, after: string) => `${DOC}#${referenceAnchor(file, after)}${after}`,
  );
  out = out.replace(/(?:\/work\/shared\/|\.\.\/shared\/)?CONTRACT\.md/g, `${DOC}#levels`);
  // A citation now naming the document twice in a row reads badly: keep the first.
  return out.replace(new RegExp(`(${DOC}#[a-z-]+)([;,]? *\\(?)${DOC}#[a-z-]+`, 'g'), '$1$2');
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
  });
}

if (process.argv[1]?.endsWith('rewrite-spec-citations.ts')) {
  const args = process.argv.slice(2);
  const dry = args.includes('--dry-run');
  const dirs = args.filter((a) => !a.startsWith('--'));
  let changed = 0;
  for (const file of (dirs.length ? dirs : ['suites']).flatMap(walk)) {
    const before = readFileSync(file, 'utf8');
    const after = rewrite(before);
    if (after === before) continue;
    changed++;
    if (dry) {
      const a = before.split('\n');
      const b = after.split('\n');
      for (let i = 0; i < a.length; i++)
        if (a[i] !== b[i]) console.log(`${file}:${i + 1}\n  - ${a[i]!.trim()}\n  + ${b[i]!.trim()}`);
    } else writeFileSync(file, after);
  }
  console.log(`${changed} files ${dry ? 'would change' : 'changed'}`);
}
