/**
 * Re-confirmation of failures (issue 39), end to end against the reference server: each failed
 * must-check runs once more at the end of the run, on fresh records with the same seed.
 *  - a fault that fails every time: `reproduced`;
 *  - the chaos fault missing-200-once (one wrong answer, then right ones): `intermittent`, and the
 *    run stays not-certified (exit 1);
 *  - a read-only run re-runs its failed observation check read-only (a second crawl, no write);
 *  - a signal during the re-confirmation: exit 130, the sweep, the partial report, no mark.
 * The marks reach results.json (valid against its schema), summary.md, report.html and junit.xml.
 * One kept-threads session serves the runs (the second pass must not reuse the first's worker state).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { startReferenceServer } from '../fixtures/reference-server/index.ts';
import { certify } from '../lib/certify/certify.ts';
import { RunSession } from '../lib/certify/runner.ts';
import { loadConfig } from '../lib/run/config/load.ts';
import { validateReport } from '../lib/spec/schemas.ts';

const ID = 'events.read.missing-4xx';
const session = new RunSession({ keepWorkers: true });
const dir = mkdtempSync(join(tmpdir(), 'calcert-reconfirm-'));
afterAll(async () => {
  await session.close();
  rmSync(dir, { recursive: true, force: true });
});

const config = (flags: Record<string, string | number | boolean> = {}) =>
  loadConfig({ env: {}, dotenv: false, flags: { seed: 3, 'num-runs': 3, 'report-dir': dir, ...flags } });

describe('a failed must-check is run once more and marked', () => {
  test('a fault that fails every time: reproduced, in every report', async () => {
    const result = await certify(config(), { ids: [ID], reference: { fault: 'missing-record-200' }, session });
    const report = result.report!;
    const c = report.checks.find((x) => x.id === ID)!;
    expect(c.status).toBe('fail');
    expect(c.reconfirmed).toBe('reproduced');
    expect(report.footer.reconfirmation).toMatchObject({ failed: 1, reproduced: 1, intermittent: 0 });
    expect(report.footer.reconfirmation!.requests).toBeGreaterThan(0);
    expect(report.footer.verdict).toBe('not-certified');
    expect(result.exitCode).toBe(1);
    expect(validateReport(report).ok).toBe(true);
    const written = JSON.parse(readFileSync(join(result.reportDir!, 'results.json'), 'utf8'));
    expect(validateReport(written)).toMatchObject({ ok: true });
    expect(written.checks.find((x: { id: string }) => x.id === ID).reconfirmed).toBe('reproduced');
    const md = readFileSync(join(result.reportDir!, 'summary.md'), 'utf8');
    expect(md).toContain(`### \`${ID}\` (must, fail, reproduced)`);
    expect(md).toMatch(/re-confirmed: 1 failed must-check\(s\) .*1 reproduced, 0 intermittent/);
    expect(readFileSync(join(result.reportDir!, 'report.html'), 'utf8')).toContain('<span class="rc rc-reproduced"');
    expect(readFileSync(join(result.reportDir!, 'junit.xml'), 'utf8')).toContain('message="fail (reproduced): ');
  });

  test('a failure that does not come back (chaos missing-200-once): intermittent, still not certified', async () => {
    const result = await certify(config(), { ids: [ID], reference: { chaos: 'missing-200-once' }, session });
    const report = result.report!;
    const c = report.checks.find((x) => x.id === ID)!;
    expect(c.status).toBe('fail');
    expect(c.message).toMatch(/got 200/);
    expect(c.reconfirmed).toBe('intermittent');
    expect(report.footer.reconfirmation).toMatchObject({ failed: 1, reproduced: 0, intermittent: 1 });
    expect(report.footer.counts.byStatus['fail']).toBe(1);
    expect(report.footer.verdict).toBe('not-certified');
    expect(result.exitCode).toBe(1);
    expect(validateReport(report).ok).toBe(true);
    expect(readFileSync(join(result.reportDir!, 'summary.md'), 'utf8')).toContain(
      'intermittent: it passed when run once more on fresh records with the same seed; it stays a failure',
    );
  });

  test('a read-only run re-runs its failed observation check read-only: a second crawl, no write', async () => {
    const server = await startReferenceServer({
      variant: 'extended',
      port: 0,
      user: 'admin',
      password: 'rc-pass-123',
      seedFixtures: true,
      fault: 'status-filter-ignored',
    });
    try {
      const id = 'observe.events-filter.status';
      const result = await certify(
        config({ 'base-url': server.url, user: 'admin', password: 'rc-pass-123', 'read-only': true }),
        { ids: [id], fixtures: server.fixtures, session, writeReports: false },
      );
      const report = result.report!;
      expect(report.header.readOnly).toBe(true);
      expect(report.checks.find((x) => x.id === id)).toMatchObject({ status: 'fail', reconfirmed: 'reproduced' });
      // The second run read the lists again (its own crawl) and counts in the run's requests.
      const again = report.footer.reconfirmation!;
      expect(again.requests).toBeGreaterThan(report.header.observed!.requests);
      expect(report.header.requests).toBeGreaterThan(again.requests);
      const writes = ['POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => server.stats.byMethod[m]);
      expect(writes).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

test('a signal during the re-confirmation: exit 130, the sweep, the partial report, the failure unmarked', async () => {
  const stop = new AbortController();
  const lines: string[] = [];
  const result = await certify(config(), {
    ids: [ID],
    reference: { fault: 'missing-record-200' },
    session,
    signal: stop.signal,
    log: (line) => {
      lines.push(line);
      if (line.startsWith('re-confirming')) stop.abort();
    },
  });
  expect(result.exitCode).toBe(130);
  const report = result.report!;
  expect(report.footer.interrupted).toBe('interrupted by a signal');
  expect(report.header.cleanup, 'the run tag was swept').toBeDefined();
  expect(lines.some((l) => l.startsWith('cleanup: sweeping run tag'))).toBe(true);
  const c = report.checks.find((x) => x.id === ID)!;
  expect(c.status).toBe('fail');
  expect(c.reconfirmed).toBeUndefined();
  expect(report.footer.reconfirmation?.unsettled).toEqual([
    `${ID}: its second run was cut short: the run was interrupted`,
  ]);
  expect(existsSync(join(result.reportDir!, 'results.json'))).toBe(true);
  expect(validateReport(report).ok).toBe(true);
});
