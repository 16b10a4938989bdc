/**
 * Tolerance self-test: the original's quirks must be accepted. With every quirk of a variant on
 * (`quirks: ['original']`, all checks, every feature) and with each quirk alone (over the checks it
 * can affect), the embedded reference server is certified — no must-check fails, is blocked or
 * errors — and only the should-checks the quirks name in `mayWarn` warn. A must-check that fails
 * here is a wrong check: fix the check (LEVELS.md), never the quirk. A run that produced no row, or
 * a check of a run without its result row, fails the test (an absent row proves nothing). Writes
 * reports/selftest/tolerance.{json,md}. CALCERT_TOLERANCE_SCOPES=evidence: each single run covers
 * the checks whose requests asked its quirk in a tracked run with no quirk, which must itself be
 * certified with nothing warning (singleRun; a measurement on demand, not npm test's: README).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { QUIRKS, type QuirkDef } from '../fixtures/reference-server/quirks.ts';
import { QuirkTracker } from '../fixtures/reference-server/tracking.ts';
import { listChecks, type ListedCheck } from '../lib/check/list.ts';
import {
  closeToleranceSessions,
  EVIDENCE_MODE,
  type Evidence,
  evidenceIds,
  evidenceOf,
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

/**
 * Evidence mode (EVIDENCE_MODE): one tracked run with no quirk per variant, the same seed, runs,
 * features and checks as the single runs; it must be certified with nothing warning (a check
 * left out of a quirk's run is proven by it: the quirk cannot change its answers).
 */
const evidence = new Map<Variant, Promise<{ run: Awaited<ReturnType<typeof runTolerance>>; evidence: Evidence }>>();
function evidenceFor(variant: Variant) {
  let got = evidence.get(variant);
  if (!got) {
    const tracker = new QuirkTracker();
    got = runTolerance('none', variant, undefined, { expected: checks.map((c) => c.id), tracker }).then((run) => ({
      run,
      evidence: evidenceOf(tracker, variant, checks, undefined),
    }));
    evidence.set(variant, got);
  }
  return got;
}

/** A single run's checks: by evidence (the mode's), else the hand scope. */
async function singleRun(q: QuirkDef, variant: Variant): Promise<ToleranceRun> {
  const hand = scopeIds(q, checks);
  if (!EVIDENCE_MODE) {
    expect(hand.length, `quirk ${q.name}: no check in its scope`).toBeGreaterThan(0);
    const files = [...new Set(checks.filter((c) => hand.includes(c.id)).map((c) => c.file))];
    return runTolerance(q.name, variant, hand, { files });
  }
  const { run: base, evidence: ev } = await evidenceFor(variant);
  const ids = evidenceIds(q, ev);
  const scopes = { hand: hand.length, evidence: ids.length, wider: ids.filter((id) => !hand.includes(id)).length };
  if (!ids.length) return { ...base, quirks: q.name, checks: 0, scopes };
  const files = [...new Set(checks.filter((c) => ids.includes(c.id)).map((c) => c.file))];
  const run = await runTolerance(q.name, variant, ids, { files });
  // The preflight asked the quirk and resolved another configuration under it: every check may see it.
  if (ev.preflight.has(q.name) && run.config !== base.config) {
    const all = await runTolerance(q.name, variant, undefined, { expected: checks.map((c) => c.id) });
    return { ...all, scopes: { ...scopes, fallback: true } };
  }
  return { ...run, scopes };
}

describe.concurrent('quirks', () => {
  for (const variant of ['base', 'extended'] as Variant[]) {
    test(`every quirk of the ${variant} variant at once: certified, only mayWarn checks warn`, async () => {
      const run = await runTolerance('original', variant, undefined, { expected: checks.map((c) => c.id) });
      rows.push(run);
      expectTolerated(run);
    });
    if (EVIDENCE_MODE)
      test(`no quirk (${variant}), tracked: certified, nothing warns (the evidence of the single runs)`, async () => {
        const { run } = await evidenceFor(variant);
        rows.push(run);
        expectTolerated(run);
        expect(run.warned).toEqual([]);
      });
  }
  for (const { q, variant } of singles) {
    test(`quirk ${q.name} alone (${variant}): certified, only its mayWarn checks warn`, async () => {
      const run = await singleRun(q, variant);
      rows.push(run);
      // Evidence mode: a quirk no check asked is proven by the run with no quirk (it changes nothing).
      if (run.checks === 0 && run.scopes) return;
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
    rows.filter((r) => r.checks === 0 && !r.scopes).map((r) => `${r.quirks} (${r.variant})`),
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
