/**
 * Hostile targets (issue 6): each chaos fault of the reference server ends the run within its
 * registry bound with one of its registry exit codes, and never makes the suite crash (a
 * misbehaving server makes checks fail or blocked, not `error`). Also: a target that goes away
 * mid-run ends the run with exit 2 and a report, and the global deadline stops a run and says so.
 */
import { describe, expect, test } from 'vitest';
import { CHAOS } from '../../fixtures/reference-server/chaos.ts';
import { startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { certify } from '../../lib/certify/certify.ts';
import { loadConfig } from '../../lib/run/config/load.ts';
import type { RunReport } from '../../lib/report/results.ts';
import { keptSession } from '../support/session.ts';

/** The runs that end by themselves share kept worker threads (selftest/support/session.ts). */
const session = keptSession();

/** Few groups: the outcome, not the coverage, is under test. */
const SCOPE: Record<string, string> = {
  slow: '^root\\.',
  'rate-limit': '^root\\.',
};
const DEFAULT_SCOPE = '^(root\\.|events\\.(create|read|delete)\\.)';

/** Checks where the suite itself broke (an `error` the suite could judge nothing about is no crash: `unjudged`). */
function crashes(report: RunReport | null): string[] {
  return (report?.checks ?? [])
    .filter((c) => c.status === 'error' && !c.unjudged)
    .map((c) => `${c.id}: ${(c.message ?? '').split('\n')[0]}`);
}

describe('chaos faults end the run within their bound, with their outcome', () => {
  for (const chaos of CHAOS) {
    test(`${chaos.name}: exit ${chaos.outcome.exit.join(' or ')} within ${chaos.outcome.boundS} s`, async () => {
      const flags = {
        seed: 3,
        'num-runs': 3,
        grep: SCOPE[chaos.name] ?? DEFAULT_SCOPE,
        'timeout-ms': chaos.name === 'slow' ? 500 : 5000,
      };
      const config = loadConfig({ env: {}, dotenv: false, flags });
      const started = Date.now();
      const result = await certify(config, { reference: { chaos: chaos.name }, writeReports: false, session });
      const seconds = (Date.now() - started) / 1000;
      expect(seconds).toBeLessThan(chaos.outcome.boundS);
      expect(
        chaos.outcome.exit,
        `exit ${result.exitCode}: ${result.problem ?? JSON.stringify(result.report?.footer.counts.byStatus)}`,
      ).toContain(result.exitCode);
      expect(crashes(result.report)).toEqual([]);
      if (result.exitCode === 2) {
        // Unusable target: one line naming the problem and the fix.
        expect(result.problem).toMatch(/fix:/);
        expect(result.problem).not.toMatch(/\n/);
      } else {
        const report = result.report!;
        expect(report.checks.length).toBeGreaterThan(0);
        // Every failure says what happened.
        for (const c of report.checks.filter((c) => c.status === 'fail' || c.status === 'blocked'))
          expect(c.message, c.id).toMatch(/\S/);
        // Requests sent again (a 429 honoured, a GET after a reset) are reported per check.
        if (chaos.name === 'reset' || chaos.name === 'rate-limit')
          expect(report.checks.some((c) => (c.retries ?? 0) > 0)).toBe(true);
      }
    });
  }
});

describe('transient trouble is not non-conformance', () => {
  test('flaky-503 (one request in 97 answers 503): a full certification has no must fail', async () => {
    const config = loadConfig({ env: {}, cwd: '/nonexistent-calcert-dir', flags: { seed: '3', 'num-runs': '3' } });
    const result = await certify(config, { reference: { chaos: 'flaky-503' }, writeReports: false, session });
    const report = result.report!;
    expect(report.checks.length).toBeGreaterThan(300);
    const mustFails = report.checks.filter((c) => c.level === 'must' && c.status === 'fail');
    expect(mustFails.map((c) => `${c.id}: ${(c.message ?? '').split('\n')[0]}`)).toEqual([]);
    expect(crashes(report)).toEqual([]);
    // Whatever met a 503 it could not retry is `error` with the exchange, and the run says it is incomplete.
    const unjudged = report.checks.filter((c) => c.unjudged === 'transient');
    for (const c of unjudged) {
      expect(c.status).toBe('error');
      expect(c.message).toMatch(/could not judge: transient trouble, .* answered 503/);
      expect(c.request).toBeDefined();
    }
    if (unjudged.length) expect(report.footer.incomplete?.join('\n')).toMatch(/transient trouble/);
    expect([0, 1]).toContain(result.exitCode);
  });
});

describe('a target that goes away', () => {
  test('mid-run: exit 2, a report, one line naming the problem, no hang', async () => {
    const server = await startReferenceServer({
      variant: 'extended',
      port: 0,
      user: 'admin',
      password: 'down-pass-1',
      seedFixtures: true,
    });
    const config = loadConfig({
      env: {},
      dotenv: false,
      flags: {
        'base-url': server.url,
        user: 'admin',
        password: 'down-pass-1',
        seed: 3,
        'num-runs': 3,
        grep: '^events\\.',
        'timeout-ms': 3000,
      },
    });
    let closedAt = 0;
    const poll = setInterval(() => {
      // One POST is the preflight's; the next ones come from checks.
      if (!closedAt && (server.stats.byMethod['POST'] ?? 0) >= 3) {
        closedAt = Date.now();
        void server.close();
      }
    }, 5);
    try {
      const result = await certify(config, { writeReports: false });
      expect(closedAt, 'the run never reached its checks').toBeGreaterThan(0);
      expect(Date.now() - closedAt).toBeLessThan(60_000);
      expect(result.exitCode).toBe(2);
      expect(result.problem).toMatch(/stopped answering during the run.*fix:/);
      expect(result.report).not.toBeNull();
      expect(result.report!.footer.verdict).toBe('not-certified');
      expect(crashes(result.report)).toEqual([]);
    } finally {
      clearInterval(poll);
      await server.close();
    }
  });

  test('the global deadline stops the run and the report says so', async () => {
    const config = loadConfig({
      env: {},
      dotenv: false,
      flags: { seed: 3, 'num-runs': 3, grep: '^events\\.', 'deadline-s': 1 },
    });
    const started = Date.now();
    const result = await certify(config, { writeReports: false });
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(result.exitCode).toBe(1);
    expect(result.report!.footer.interrupted).toMatch(/global deadline of 1 s/);
    expect(result.report!.footer.verdict).toBe('not-certified');
  });
});
