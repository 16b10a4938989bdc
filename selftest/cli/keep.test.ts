// reports/ keeps the last N runs (issue 14 point 9): --keep N (CAL_KEEP, default 20). Issue 23
// point 5: only full runs count (--grep replays are counted apart, so they never push out the full
// run they replay), and a run folder that a `calcert report` page links to is never removed.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { footerOf, isPartial, prunedNote, pruneRuns, recordNamingPage } from '../../lib/commands/keep.ts';
import { loadConfig } from '../../lib/run/config/load.ts';

/** A run folder with a results.json as a full run or a --grep run writes it. */
function runFolder(dir: string, name: string, grep?: string): string {
  mkdirSync(join(dir, name));
  const footer = grep ? { verdict: 'partial', selection: { grep } } : { verdict: 'certified' };
  writeFileSync(join(dir, name, 'results.json'), JSON.stringify({ format: 1, footer }));
  return join(dir, name, 'results.json');
}

const at = (day: number, tag: string) => `202611${String(day).padStart(2, '0')}T000000Z-${tag}`;

test('the oldest run folders beyond --keep are removed; latest/ and other files stay', () => {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-keep-'));
  const runs = [at(1, 'ccaaaa0001'), at(2, 'ccaaaa0002'), at(3, 'ccaaaa0003')];
  for (const r of runs) runFolder(dir, r);
  mkdirSync(join(dir, 'latest'));
  writeFileSync(join(dir, 'notes.txt'), 'mine');
  expect(pruneRuns(dir, 2)).toEqual({ removed: [runs[0]], named: [] });
  expect(readdirSync(dir).sort()).toEqual([runs[1], runs[2], 'latest', 'notes.txt'].sort());
  expect(pruneRuns(dir, 2).removed).toEqual([]);
});

test('--grep replays never push out a full run: each kind keeps its last N', () => {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-keep-'));
  const full = [at(1, 'ccfull0001'), at(2, 'ccfull0002')];
  for (const r of full) runFolder(dir, r);
  const replays = Array.from({ length: 25 }, (_, i) => at(3 + i, `ccgrep${String(i).padStart(4, '0')}`));
  for (const r of replays) runFolder(dir, r, '^events\\.create\\.json-body$');
  const pruned = pruneRuns(dir, 20);
  expect(pruned.removed).toEqual(replays.slice(0, 5));
  expect(readdirSync(dir)).toEqual(expect.arrayContaining(full));
  expect(prunedNote(pruned, 20)).toBe(
    'removed 5 older run folders (--keep 20: the last 20 full runs and the last 20 --grep runs are kept)',
  );
});

test('a run folder that a report page links to is kept while the page exists', () => {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-keep-'));
  const a = runFolder(dir, at(1, 'ccaaaa0001'));
  runFolder(dir, at(2, 'ccaaaa0002'));
  runFolder(dir, at(3, 'ccaaaa0003'));
  const page = join(dir, 'runs.html');
  writeFileSync(page, '<html></html>');
  recordNamingPage([a], page);
  const pruned = pruneRuns(dir, 1);
  expect(pruned).toEqual({ removed: [at(2, 'ccaaaa0002')], named: [at(1, 'ccaaaa0001')] });
  expect(prunedNote(pruned, 1)).toContain('kept 1 older run folder that a calcert report page links to');
  rmSync(page);
  expect(pruneRuns(dir, 1).removed).toEqual([at(1, 'ccaaaa0001')]);
});

test('--keep defaults to 20 and reads CAL_KEEP', () => {
  expect(loadConfig({ env: {}, dotenv: false }).keep).toBe(20);
  expect(loadConfig({ env: { CAL_KEEP: '3' }, dotenv: false }).keep).toBe(3);
  expect(() => loadConfig({ env: {}, dotenv: false, flags: { keep: 0 } })).toThrow(/--keep=0 is out of range/);
});

test('a footer is read as the whole file says, whatever its layout (pruning cuts it out of the bytes)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-keep-'));
  const file = join(dir, 'results.json');
  const report = (footer: unknown) => ({
    format: 1,
    header: { note: 'a message quoting\n  "footer": {"selection": 1}\n  }' },
    checks: [{ id: 'x', message: '"footer": {"verdict": "partial"}' }],
    footer,
    coverage: { judged: 1 },
  });
  const rows: Array<[string, unknown, (r: unknown) => string]> = [
    ['full, as calcert writes it', { verdict: 'certified' }, (r) => `${JSON.stringify(r, null, 2)}\n`],
    [
      'partial, as calcert writes it',
      { verdict: 'partial', selection: { grep: '^a' } },
      (r) => JSON.stringify(r, null, 2),
    ],
    ['full, compact', { verdict: 'certified' }, (r) => JSON.stringify(r)],
    ['partial, indented by 4', { verdict: 'partial', selection: { grep: 'b' } }, (r) => JSON.stringify(r, null, 4)],
    ['an empty footer', {}, (r) => JSON.stringify(r, null, 2)],
    ['no footer', null, (r) => JSON.stringify(r, null, 2)],
  ];
  for (const [what, footer, write] of rows) {
    writeFileSync(file, write(report(footer)));
    expect(footerOf(file), what).toEqual(footer);
    expect(isPartial(dir), what).toBe(!footer || (footer as { selection?: unknown }).selection !== undefined);
  }
  writeFileSync(file, '{"format": 1, "footer": {');
  expect(isPartial(dir), 'a file cut short').toBe(true);
  rmSync(dir, { recursive: true, force: true });
});

test('a footer across the boundary of two reads of a large results.json is read whole', () => {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-keep-'));
  const file = join(dir, 'results.json');
  const footer = { verdict: 'partial', selection: { grep: '^events\\.' } };
  const text = (pad: number) =>
    JSON.stringify({ format: 1, checks: [{ id: 'x', message: 'm'.repeat(pad) }], footer, coverage: {} }, null, 2);
  // The footer's key wholly before the first read's end (256 KiB), across it, after it; its end across it.
  const key = text(0).indexOf('\n  "footer": ');
  const end = text(0).indexOf('\n  }', key);
  for (const pad of [-20, -6, 1].map((d) => (1 << 18) + d - key).concat((1 << 18) - 2 - end)) {
    writeFileSync(file, text(pad));
    expect(footerOf(file), `padding ${pad}`).toEqual(footer);
  }
  rmSync(dir, { recursive: true, force: true });
});
