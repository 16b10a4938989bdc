/**
 * Applies the renames of fixtures/spec/aliases.json (old check ID -> new ID) to the repository:
 * every git-tracked text file (suites, fault registry, self-tests, docs). Idempotent: run it again
 * after rebasing onto work that still names old IDs.
 *
 *   npx tsx scripts/apply-aliases.ts          rewrite files, print what changed
 *   npx tsx scripts/apply-aliases.ts --check  exit 1 if any file still names an old ID
 *
 * Lines holding the marker `keep-old-ids` (e.g. in an HTML comment) are left alone.
 * Full IDs (`venues.read.missing-id`) are replaced wherever they stand. The families under
 * suites/_families/ build IDs from templates (`${P}.read.missing-id`, `meta(tx, { id:
 * 'read.unknown-id' })`): there the `<operation>.<behaviour>` suffix is replaced when it closes a
 * string and every alias with that suffix renames it the same way. An ID built with an
 * interpolation inside the suffix (`update.${method}-applies-fields`) is edited by hand: the
 * registry self-test fails while any check still has a retired ID.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const TABLE = 'fixtures/spec/aliases.json';
const SKIP = [TABLE, 'scripts/apply-aliases.ts', 'package-lock.json'];
/** Lines holding this marker are left as they are. */
const KEEP = 'keep-old-ids';
const TEXT = /\.(ts|js|mjs|json|md|txt|yml|yaml)$/;

const aliases = (JSON.parse(readFileSync(join(ROOT, TABLE), 'utf8')) as { aliases: Record<string, string> }).aliases;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const byLength = (a: [string, string], b: [string, string]) => b[0].length - a[0].length;

const full = Object.entries(aliases).sort(byLength);
// Suffix renames (`read.missing-id` -> `read.missing-4xx`) that every alias agrees on.
const suffixes = new Map<string, string | null>();
for (const [from, to] of full) {
  const s = from.slice(from.indexOf('.') + 1);
  const t = to.slice(to.indexOf('.') + 1);
  suffixes.set(s, suffixes.has(s) && suffixes.get(s) !== t ? null : t);
}
const suffixList = [...suffixes].filter((e): e is [string, string] => e[1] !== null).sort(byLength);

const check = process.argv.includes('--check');
const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && TEXT.test(f) && !SKIP.includes(f) && !f.startsWith('reports/'));

let changed = 0;
for (const f of files) {
  const path = join(ROOT, f);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    continue; // deleted in the worktree
  }
  const out = text
    .split('\n')
    .map((line) => {
      if (line.includes(KEEP)) return line; // names old IDs on purpose (e.g. the README's example)
      let l = line;
      for (const [from, to] of full) l = l.replace(new RegExp(`(?<![\\w.-])${escapeRegex(from)}(?![\\w-])`, 'g'), to);
      if (f.startsWith('suites/_families/'))
        for (const [from, to] of suffixList)
          l = l.replace(new RegExp(`(?<=\\}\\.|['\`])${escapeRegex(from)}(?=['\`])`, 'g'), to);
      return l;
    })
    .join('\n');
  if (out !== text) {
    changed++;
    console.log(`${check ? 'names old IDs' : 'rewrote'}: ${f}`);
    if (!check) writeFileSync(path, out);
  }
}
console.log(`${changed} file(s) ${check ? 'name old IDs' : 'rewritten'}`);
if (check && changed) process.exit(1);
