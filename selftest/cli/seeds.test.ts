// Seeds and replay (issue 14 point 4): seeds are unsigned up to 2^53-1 (github.run_id fits), larger
// values and words are hashed to one; every bit of the run seed reaches the per-check seeds; the
// printed replay line runs as printed and selects exactly its check, without any secret.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { checkSeed } from '../../lib/check.ts';
import { loadConfig, MAX_SEED, parseSeed, type ResolvedConfig, replayCommand } from '../../lib/config.ts';

const ROOT = resolve(import.meta.dirname, '../..');

test('seeds: unsigned integers up to 2^53-1 as given; anything else hashed to a seed in range', () => {
  expect(parseSeed('0')).toBe(0);
  expect(parseSeed('4294967296')).toBe(2 ** 32);
  expect(parseSeed('12345678901')).toBe(12345678901); // a GitHub run ID
  expect(parseSeed(String(MAX_SEED))).toBe(MAX_SEED);
  for (const raw of ['9007199254740992', '-323666174', 'nightly', '1e3']) {
    const s = parseSeed(raw);
    expect(Number.isSafeInteger(s) && s >= 0 && s <= MAX_SEED).toBe(true);
    expect(parseSeed(raw)).toBe(s); // stable
  }
  expect(parseSeed('nightly')).not.toBe(parseSeed('nightly2'));
  expect(loadConfig({ env: { CAL_SEED: '12345678901' }, dotenv: false }).seed).toBe(12345678901);
});

test('per-check seeds use every bit of the run seed; seeds below 2^32 derive as before', () => {
  const id = 'events.list.date-filters-property';
  expect(checkSeed(5, id)).not.toBe(checkSeed(5 + 2 ** 32, id));
  expect(checkSeed(5 + 2 ** 40, id)).not.toBe(checkSeed(5 + 2 ** 41, id));
  // The former derivation for a 32-bit seed, unchanged (old replay lines keep their meaning).
  let h = 401015959 | 0;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x9e3779b1) | 0;
  expect(checkSeed(401015959, id)).toBe(h);
});

function resolved(flags: Record<string, string | number>, embedded: boolean): ResolvedConfig {
  const c = loadConfig({ env: {}, dotenv: false, flags });
  return { ...c, resolvedVariant: 'extended', detectedVariant: 'extended', fixtures: null, embedded };
}

test('the replay line quotes what needs quoting and names how to supply the password, never the password', () => {
  const line = replayCommand(
    resolved({ 'base-url': "https://ex.org/o'brien/wp-json", user: 'ed', password: 'hunter2-secret', seed: 7 }, false),
    'events.list.date-filters-property',
  );
  expect(line).toBe(
    "calcert certify --base-url 'https://ex.org/o'\\''brien/wp-json' --variant extended --seed 7 --num-runs 20 --grep '^events\\.list\\.date-filters-property '  # export CAL_USER and CAL_PASSWORD first",
  );
  expect(line).not.toContain('hunter2');
});

test('the replay line runs as printed (calcert on PATH) and selects exactly its check', async () => {
  const bin = mkdtempSync(join(tmpdir(), 'calcert-path-'));
  mkdirSync(bin, { recursive: true });
  symlinkSync(join(ROOT, 'bin/calcert.js'), join(bin, 'calcert'));
  const id = 'tags.list.order-by-name';
  const line = replayCommand(resolved({ seed: 2 ** 53 - 1, 'num-runs': 2 }, true), id);
  const cwd = mkdtempSync(join(tmpdir(), 'calcert-replay-'));
  const r = await promisify(execFile)('sh', ['-c', line], {
    cwd,
    env: { PATH: `${bin}:${process.env['PATH'] ?? ''}` },
    encoding: 'utf8',
    timeout: 180_000,
  });
  expect(r.stdout).toMatch(/seed 9007199254740991/);
  expect(r.stdout).toMatch(/^PARTIAL: 1 checks, 1 pass/m);
});
