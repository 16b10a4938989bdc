// reports/ keeps the last N runs (issue 14 point 9): --keep N (CAL_KEEP, default 20).
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { pruneRuns } from '../../lib/commands/keep.ts';
import { loadConfig } from '../../lib/config.ts';

test('the oldest run folders beyond --keep are removed; latest/ and other files stay', () => {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-keep-'));
  const runs = ['20261101T000000Z-ccaaaa0001', '20261102T000000Z-ccaaaa0002', '20261103T000000Z-ccaaaa0003'];
  for (const r of [...runs, 'latest']) mkdirSync(join(dir, r));
  writeFileSync(join(dir, 'notes.txt'), 'mine');
  expect(pruneRuns(dir, 2)).toEqual([runs[0]]);
  expect(readdirSync(dir).sort()).toEqual([runs[1], runs[2], 'latest', 'notes.txt'].sort());
  expect(pruneRuns(dir, 2)).toEqual([]);
});

test('--keep defaults to 20 and reads CAL_KEEP', () => {
  expect(loadConfig({ env: {}, dotenv: false }).keep).toBe(20);
  expect(loadConfig({ env: { CAL_KEEP: '3' }, dotenv: false }).keep).toBe(3);
  expect(() => loadConfig({ env: {}, dotenv: false, flags: { keep: 0 } })).toThrow(/--keep=0 is out of range/);
});
