/**
 * Tolerance self-test: the original's quirks must be accepted. With every quirk of a variant on
 * (`quirks: ['original']`, all checks, every feature) and with each quirk alone (over the checks it
 * can affect), the embedded reference server is certified — no must-check fails, is blocked or
 * errors — and only the should-checks the quirks name in `mayWarn` warn. A must-check that fails
 * here is a wrong check: fix the check (LEVELS.md), never the quirk. A run that produced no row, or
 * a check of a run without its result row, fails the test (an absent row proves nothing). Writes
 * reports/selftest/tolerance.{json,md}.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { QUIRKS } from '../fixtures/reference-server/quirks.ts';
import { listChecks, type ListedCheck } from '../lib/check/list.ts';
import {
  closeToleranceSessions,
  runTolerance,
  scopeIds,
  writeToleranceReport,
  type ToleranceRun,
  type Variant,
} from './support/tolerance.ts';

const rows: ToleranceRun[] = [];
let checks: ListedCheck[] = [];
beforeAll(async () => {
  checks = await listChecks();
});

function expectTolerated(run: ToleranceRun): void {
  expect(run.problem, `the run with quirks ${run.quirks} (${run.variant}) did not start`).toBeUndefined();
  expect(run.checks, `the run with quirks ${run.quirks} (${run.variant}) ran no check`).toBeGreaterThan(0);
  expect(run.missing, `checks of the run with quirks ${run.quirks} (${run.variant}) that produced no row`).toEqual([]);
  expect(
    run.broken.map((b) => `${b.id} [${b.level}] ${b.status}: ${b.message}`),
    `checks broken by quirks ${run.quirks} (${run.variant}): a must-check that fails under a quirk is a wrong check`,
  ).toEqual([]);
  expect(
    run.unexpected,
    `should-checks that warn under quirks ${run.quirks} (${run.variant}) but are not in its mayWarn`,
  ).toEqual([]);
  expect(run.verdict).toBe('certified');
}

const singles = QUIRKS.flatMap((q) => q.variants.map((variant) => ({ q, variant })));

describe.concurrent('quirks', () => {
  for (const variant of ['base', 'extended'] as Variant[]) {
    test(`every quirk of the ${variant} variant at once: certified, only mayWarn checks warn`, async () => {
      const run = await runTolerance('original', variant, undefined, { expected: checks.map((c) => c.id) });
      rows.push(run);
      expectTolerated(run);
    });
  }
  for (const { q, variant } of singles) {
    test(`quirk ${q.name} alone (${variant}): certified, only its mayWarn checks warn`, async () => {
      const ids = scopeIds(q, checks);
      expect(ids.length, `quirk ${q.name}: no check in its scope`).toBeGreaterThan(0);
      const files = [...new Set(checks.filter((c) => ids.includes(c.id)).map((c) => c.file))];
      const run = await runTolerance(q.name, variant, ids, { files });
      rows.push(run);
      expectTolerated(run);
    });
  }
});

test('every mayWarn check warns under its quirk alone in some variant (mayWarn lists nothing the quirk does not break)', () => {
  const singleRows = rows.filter((r) => r.quirks !== 'original');
  // Every run must have produced its row (a run that produced none proves nothing): both
  // all-quirks runs and every single-quirk run.
  const missing = [
    ...(['base', 'extended'] as Variant[])
      .filter((variant) => !rows.some((r) => r.quirks === 'original' && r.variant === variant))
      .map((variant) => `original (${variant})`),
    ...singles
      .filter(({ q, variant }) => !singleRows.some((r) => r.quirks === q.name && r.variant === variant))
      .map(({ q, variant }) => `${q.name} (${variant})`),
  ];
  expect(missing, 'runs that produced no row').toEqual([]);
  expect(
    rows.filter((r) => r.missing.length).map((r) => `${r.quirks} (${r.variant}): ${r.missing.join(', ')}`),
    'runs with checks that produced no row',
  ).toEqual([]);
  expect(
    rows.filter((r) => r.checks === 0).map((r) => `${r.quirks} (${r.variant})`),
    'runs that ran no check',
  ).toEqual([]);
  const idle = QUIRKS.flatMap((q) =>
    q.mayWarn
      .filter((id) => !singleRows.some((r) => r.quirks === q.name && r.warned.includes(id)))
      .map((id) => `${q.name}: ${id}`),
  );
  expect(idle).toEqual([]);
});

afterAll(async () => {
  await closeToleranceSessions();
  if (rows.length) writeToleranceReport(rows);
});
