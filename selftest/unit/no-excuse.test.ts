/**
 * No excuse in any check body (issue 38, point 2): suites/observe/ holds queries and expectations;
 * every set-aside is a verdict of the judge (lib/spec/judge/, its table rules.ts), carried out by
 * the judge's readers, suites/observe/readings.ts, reads.ts and fresh.ts. This test greps the other
 * files of suites/observe/ (the check bodies and what they share), comments left out, and fails
 * on a set-aside written there:
 *  - a set-aside: `setAside`, `setAsides`, "set aside" / "set-aside" in code (a reason string too);
 *  - the old oracle helpers (lib/spec/oracle/moved|child|stable|quiet) and the judge's decisions
 *    (`proveChange`, `classify`, `conclude`, `judgeCount`, `motionOf`, `childVerdict`,
 *    `refusalExcused`, `changed(`, `stableOf(`): a body may call the judge's verdicts through the
 *    readers only;
 *  - a retry loop (`while (`, or a `for (let attempt|round|retry|tries` loop) and a second reading
 *    of the check's own query (`.again`, `witness(`, `moved(`);
 *  - a refusal judged by its text: a regular expression about a password tested on anything, or a
 *    response's `code`/`message` read in a body;
 *  - an n/a whose reason is a sample the check emptied (`t.na(` naming set-asides, a second
 *    reading, records that left the list, or password protection).
 * The readers themselves set a record aside only with a rule of the table: each `setAside(` call
 * names a rule ID of RULES (a string literal) or a verdict's `.rule`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { RULES } from '../../lib/spec/judge/rules.ts';

const DIR = join(import.meta.dirname, '../../suites/observe');
/** The judge's readers: the one place of suites/observe/ that carries out a set-aside. */
const READERS = new Set(['readings.ts', 'reads.ts', 'fresh.ts']);

/** Code without comments (line and block), strings kept. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const FORBIDDEN: ReadonlyArray<{ what: string; re: RegExp }> = [
  { what: 'a set-aside', re: /setAsides?\b|set[ -]aside/i },
  { what: 'an old oracle helper', re: /lib\/spec\/oracle\/(moved|child|stable|quiet)/ },
  {
    what: "a judge's decision outside its readers",
    re: /\b(proveChange|classify|conclude|judgeCount|motionOf|childVerdict|refusalExcused|stableOf|changed)\s*\(/,
  },
  { what: 'a retry loop', re: /\bwhile\s*\(|\bfor\s*\(\s*let\s+(attempt|round|retry|tries)\b/ },
  { what: "a second reading of the check's own query", re: /\.again\b|\bwitness\s*\(|\bmoved\s*\(/ },
  {
    what: 'a refusal judged by its text',
    re: /\/[^/\n]*password[^/\n]*\/[a-z]*\.test\s*\(|\.json\b[^\n]*\b(code|message)\b/i,
  },
  {
    what: 'an n/a for a sample the check emptied',
    re: /t\.na\([^;]*(set aside|second reading|left the list|password-protected|every sampled)/i,
  },
];

/** The forbidden patterns a text holds, as `what: line`. */
function excuses(text: string): string[] {
  const out: string[] = [];
  for (const line of code(text).split('\n'))
    for (const f of FORBIDDEN) if (f.re.test(line)) out.push(`${f.what}: ${line.trim()}`);
  return out;
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.ts'));

test('suites/observe/ has check bodies and the readers of the judge', () => {
  expect(files.filter((f) => f.endsWith('.test.ts')).length).toBeGreaterThanOrEqual(5);
  for (const r of READERS) expect(files).toContain(r);
});

test.each(files.filter((f) => !READERS.has(f)))('%s writes no set-aside', (f) => {
  expect(excuses(readFileSync(join(DIR, f), 'utf8'))).toEqual([]);
});

test.each([...READERS])('%s sets a record aside only by a rule of the judge', (f) => {
  const text = code(readFileSync(join(DIR, f), 'utf8'));
  const calls = [...text.matchAll(/\bsetAside\(\s*t,\s*l,\s*plural,\s*[^,]+,\s*([^,]+),/g)].map((m) =>
    (m[1] as string).trim(),
  );
  // fresh.ts only reads (the crawl's list again, records by ID, motion): it sets nothing aside.
  if (f !== 'fresh.ts') expect(calls.length).toBeGreaterThan(0);
  const rules = new Set<string>(RULES.map((r) => r.rule));
  const bad = calls.filter((arg) => !(/^'[\w-]+'$/.test(arg) && rules.has(arg.slice(1, -1))) && !/\.rule$/.test(arg));
  expect(bad).toEqual([]);
  // No refusal is judged by its text, in the readers either.
  expect(excuses(text).filter((e) => e.startsWith('a refusal judged by its text'))).toEqual([]);
});

test('the patterns catch the excuses of 955aceb (positive controls)', () => {
  // Lines of suites/observe/ at 955aceb (records.test.ts, support.ts, paging.test.ts, list-filters.test.ts).
  const planted = [
    "import { changed, classify, conclude, type ItemRead, itemRead, MOVED_LIMIT } from '../../lib/spec/oracle/moved.ts';",
    '          setAside.push(r.id);',
    `  return /password/i.test(\`\${String(body?.code ?? '')} \${String(body?.message ?? '')}\`);`,
    '          const w = pw ? null : await witness(t, t.api, plural, r);',
    '  const second = got.again ? await got.again() : got;',
    '      for (let attempt = 1; attempt <= PARTITION_ATTEMPTS && verdict === null; attempt++) {',
    '      if (await moved(t, plural, rec))',
    `        t.na(\`every sampled \${plural} (\${show(setAside)}) is password-protected or left the list since the crawl (a second reading)\`);`,
    "            if (now.kind === 'record' && w && !w.listed && changed(now.rec, r)) {",
    '  const body = res.json as { code?: unknown }; if (body.code) return;',
    '    while (true) {',
  ];
  for (const line of planted) expect(excuses(line), line).not.toEqual([]);
  // And a clean body line is clean; comments are not code.
  expect(excuses('      const got = await all(t, t.api, plural, { search: word });\n// set aside: never here')).toEqual(
    [],
  );
});
