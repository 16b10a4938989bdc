/**
 * The seed soak (issue 16), one shard per variant (selftest/soak-{base,extended}.test.ts, so the two
 * run on the two vitest workers): every must-level check that draws by seed (property and model
 * checks, and the observation checks, which sample the learned calendar), run against the embedded
 * reference server with the original's quirks on (`--quirks original`), in both variants, over a
 * fixed list of seeds, must pass. A generator that can send what the original answers differently
 * from the spec (two bounds on one side, an inverted window, an inline form the original refuses),
 * or a sample the original lists differently (an included past event, which 6.8.0 leaves out: a
 * false alarm found on a populated original at 2 of 5 seeds), shows up here as a must failure for
 * some seed. The seeds are committed so CI is deterministic; the two
 * seeds that found the false alarms of issue 16 are among them. Small numRuns and one vitest
 * session per shard keep it inside the `npm test` budget. Writes reports/selftest/soak-<variant>.{json,md}.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { certify } from '../../lib/certify/certify.ts';
import { throwawayConfig } from '../../lib/certify/faultrun.ts';
import { listChecks, type ListedCheck } from '../../lib/check/list.ts';
import { RunSession } from '../../lib/certify/runner.ts';
import { SELFTEST_DIR, type Variant } from './tolerance.ts';

/** 20 fixed seeds: the two of issue 16 (401015959 extended, 332708866 base) and 18 others. */
const SOAK_SEEDS = [
  401015959, 332708866, 1, 2, 7, 42, 1234, 99991, 271828, 314159, 577215, 1618033, 2718281, 4294967, 8675309, 12345678,
  87654321, 123456789, 987654321, 2147483647,
];
/**
 * The site zones the seeds rotate through: UTC, and one east and one west of it with DST (the
 * original reads an exact date bound as UTC on such a site: quirk strict-bounds-utc).
 */
const SOAK_ZONES = ['UTC', 'Europe/Paris', 'America/New_York'];

/** Property runs per check and seed: the soak's breadth comes from the seeds. */
const NUM_RUNS = 2;

interface SoakRow {
  variant: Variant;
  seed: number;
  checks: number;
  verdict: string;
  problem?: string;
  broken: Array<{ id: string; status: string; message: string }>;
  ms: number;
}

/** The must-level checks that draw by seed a variant runs (those tagged for the other variant are n/a there). */
function mustProperties(checks: ListedCheck[], variant: Variant): ListedCheck[] {
  const other = variant === 'base' ? 'extended' : 'base';
  const drawn = (c: ListedCheck) => (['property', 'model', 'observe'] as const).some((tag) => c.tags.includes(tag));
  return checks.filter((c) => c.level === 'must' && drawn(c) && !c.tags.includes(other));
}

async function soak(session: RunSession, checks: ListedCheck[], variant: Variant, seed: number): Promise<SoakRow> {
  const started = Date.now();
  const selected = mustProperties(checks, variant);
  const config = throwawayConfig(variant, { seed, numRuns: NUM_RUNS });
  const result = await certify(config, {
    ids: selected.map((c) => c.id),
    files: [...new Set(selected.map((c) => c.file))],
    // 120 events: more than a page of 50 matches, so the observation checks narrow with include.
    reference: { quirks: ['original'], seedEvents: 120, siteTimezone: zoneOf(seed) },
    writeReports: false,
    sweep: false,
    session,
  });
  const got = result.report?.checks ?? [];
  const short = (m?: string) => (m ?? '').split('\n').slice(0, 4).join(' | ').slice(0, 600);
  return {
    variant,
    seed,
    checks: got.length,
    verdict: result.report?.footer.verdict ?? 'none',
    ...(result.problem ? { problem: result.problem } : {}),
    broken: got
      .filter((c) => c.level === 'must' && c.status !== 'pass')
      .map((c) => ({ id: c.id, status: c.status, message: short(c.message) })),
    ms: Date.now() - started,
  };
}

function zoneOf(seed: number): string {
  return SOAK_ZONES[SOAK_SEEDS.indexOf(seed) % SOAK_ZONES.length] ?? 'UTC';
}

/** Declares the soak tests of one variant: every seed, then the report. */
export function soakShard(variant: Variant): void {
  const rows: SoakRow[] = [];
  let checks: ListedCheck[] = [];
  const session = new RunSession({ maxWorkers: 1, keepWorkers: true });
  beforeAll(async () => {
    checks = await listChecks();
  });
  describe(`seed soak (${variant}): must-level property, model and observation checks under --quirks original`, () => {
    test('the soak covers at least 20 seeds and at least one must property check', () => {
      expect(new Set(SOAK_SEEDS).size).toBeGreaterThanOrEqual(20);
      expect(mustProperties(checks, variant).length).toBeGreaterThan(0);
    });
    for (const seed of SOAK_SEEDS) {
      test(`${variant}, seed ${seed}, site zone ${zoneOf(seed)}: every must check drawn by seed passes`, async () => {
        const row = await soak(session, checks, variant, seed);
        rows.push(row);
        expect(row.problem, `the soak run (${variant}, seed ${seed}) did not start`).toBeUndefined();
        expect(row.checks, `the soak run (${variant}, seed ${seed}) ran`).toBe(mustProperties(checks, variant).length);
        expect(
          row.broken.map((b) => `${b.id} ${b.status}: ${b.message}`),
          `must checks drawn by seed that did not pass (${variant}, seed ${seed}; replay: calcert reference --variant ${variant} --quirks original --seed-events 120 --site-timezone ${zoneOf(seed)}, then certify it with --seed ${seed} --num-runs ${NUM_RUNS})`,
        ).toEqual([]);
      });
    }
  });
  afterAll(async () => {
    await session.close();
    if (!rows.length) return;
    mkdirSync(SELFTEST_DIR, { recursive: true });
    rows.sort((a, b) => a.seed - b.seed);
    writeFileSync(
      join(SELFTEST_DIR, `soak-${variant}.json`),
      JSON.stringify({ format: 1, variant, numRuns: NUM_RUNS, rows }, null, 1) + '\n',
    );
    const md = [
      `# Seed soak (${variant})`,
      '',
      'Every must-level property, model and observation check against the embedded reference server with `--quirks original`, per seed.',
      '',
      '| seed | checks | verdict | must not passing | ms |',
      '|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.seed} | ${r.checks} | ${r.verdict} | ${r.broken.map((b) => `${b.id} ${b.status}`).join(', ') || '—'} | ${r.ms} |`,
      ),
    ];
    writeFileSync(join(SELFTEST_DIR, `soak-${variant}.md`), md.join('\n') + '\n');
  });
}
