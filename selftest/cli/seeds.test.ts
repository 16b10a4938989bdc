// Seeds and replay (issue 14 point 4): seeds are unsigned up to 2^53-1 (github.run_id fits); every
// bit of the run seed reaches the per-check seeds; the printed replay line runs as printed and selects exactly its check, without any secret.
// Issue 23: a seed that is not a whole number in range exits 2 (point 4); the replay line is
// `npx calcert` in a clone, where `calcert` is on no PATH (point 3).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { checkSeed } from '../../lib/check/index.ts';
import { CLONE_CALCERT, calcert, cleanEnv, run, tempDir } from '../support/run-cli.ts';
import { calcertCommand, replayCommand } from '../../lib/run/config/replay.ts';
import { loadConfig } from '../../lib/run/config/load.ts';
import { MAX_SEED, parseSeed } from '../../lib/run/config/validate.ts';
import type { ResolvedConfig } from '../../lib/run/config/model.ts';

const ROOT = resolve(import.meta.dirname, '../..');

test('seeds: whole numbers from 0 to 2^53-1 as given; anything else is refused, never turned into another seed', () => {
  expect(parseSeed('0')).toBe(0);
  expect(parseSeed('4294967296')).toBe(2 ** 32);
  expect(parseSeed('12345678901')).toBe(12345678901); // a GitHub run ID
  expect(parseSeed(String(MAX_SEED))).toBe(MAX_SEED);
  for (const raw of ['123x', 'abc', '-5', '1.5', '9007199254740992', '1e3', 'nightly', ''])
    expect(() => parseSeed(raw), raw).toThrow(/is not a seed: give a whole number from 0 to 9007199254740991/);
  expect(loadConfig({ env: { CAL_SEED: '12345678901' }, dotenv: false }).seed).toBe(12345678901);
});

test('a mistyped --seed or CAL_SEED exits 2 with one line, before anything runs', async () => {
  for (const [args, env] of [
    [['--seed', '123x'], {}],
    [['--seed', '-5'], {}],
    [['--seed=1.5'], {}],
    [[], { CAL_SEED: 'abc' }],
    [['--seed', ''], {}], // an unset variable in a script: never a silently random run
  ] as [string[], Record<string, string>][]) {
    // The clone's compiled CLI: the subject is the refusal, not the TypeScript loader.
    const r = await calcert(['certify', ...args], {
      cwd: tempDir('seed'),
      env: cleanEnv(env),
    });
    expect(r.code, `${args.join(' ')} ${JSON.stringify(env)}: ${r.stdout}${r.stderr}`).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /is not a seed: give a whole number from 0 to 9007199254740991|--seed is empty: give a whole number/,
    );
    expect(r.stdout).not.toMatch(/seed \d/); // nothing ran
  }
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
    `${CLONE_CALCERT} certify --base-url 'https://ex.org/o'\\''brien/wp-json' --variant extended --user ed --seed 7 --num-runs 20 --grep '^events\\.list\\.date-filters-property$'  # export CAL_PASSWORD first`,
  );
  expect(line).not.toContain('hunter2');
});

test('replay lines name the command that runs where the user stands (the table: selftest/unit/invocation.test.ts)', () => {
  // These self-tests run in the clone, with no calcert of it on the PATH.
  expect(calcertCommand()).toBe(CLONE_CALCERT);
});

test('the printed replay line runs as printed in a clone (no calcert on the PATH) and selects exactly its check', async () => {
  // The line as a failing run prints it (its reports' "Reproduce"), run by a shell from the root
  // of this clone with a PATH that has node and npm but no calcert: `calcert ...` would exit 127.
  // Its --grep ends at the ID ('...order-by-name$'), which a pattern over "ID title" never met.
  const id = 'tags.list.order-by-name';
  const line = replayCommand(resolved({ seed: 2 ** 53 - 1, 'num-runs': 2 }, true), id);
  expect(line.startsWith(`${CLONE_CALCERT} certify `), line).toBe(true);
  const reportDir = tempDir('replay');
  const r = await run('sh', ['-c', line], {
    cwd: ROOT,
    env: cleanEnv({ CAL_REPORT_DIR: reportDir }),
    boundMs: 180_000,
  });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toMatch(/seed 9007199254740991/);
  expect(r.stdout).toMatch(/^PARTIAL: 1 check, 1 pass/m);
  const written = JSON.parse(readFileSync(join(reportDir, 'latest/results.json'), 'utf8'));
  expect(written.checks.map((c: { id: string }) => c.id)).toEqual([id]);
});

test('a replay line pasted after `export CAL_PASSWORD=...` alone is a valid configuration (issue 31 point 5)', () => {
  const line = replayCommand(
    resolved({ 'base-url': 'https://ex.org/wp-json', user: 'ed', password: 'hunter2-secret', seed: 7 }, false),
    'events.create.requires-title',
  );
  // The words as a shell splits them (the line quotes only the --grep pattern here).
  const words = line.split('  # ')[0]!.split(' ').slice(3);
  const flags: Record<string, string> = {};
  for (let i = 0; i < words.length; i += 2) flags[words[i]!.slice(2)] = words[i + 1]!.replace(/^'|'$/g, '');
  const c = loadConfig({ env: { CAL_PASSWORD: 'hunter2-secret' }, dotenv: false, flags });
  expect(c.auth).toEqual({ kind: 'basic', user: 'ed', password: 'hunter2-secret' });
  expect(line).toMatch(/# export CAL_PASSWORD first$/);
});
