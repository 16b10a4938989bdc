/**
 * Read-only mode (issue 6): a run with --read-only (or CAL_READ_ONLY=1) sends no POST, PUT,
 * PATCH or DELETE at all (the preflight reads with credentials, no sweep), marks writing checks
 * n/a, and the verdict is certified-read-only.
 */
import { expect, test } from 'vitest';
import { startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { certify } from '../../lib/certify/certify.ts';
import { loadConfig } from '../../lib/run/config/load.ts';

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

test.each([
  ['--read-only', { 'read-only': true }, {}],
  ['CAL_READ_ONLY=1', {}, { CAL_READ_ONLY: '1' }],
] as const)(
  'a read-only run (%s) against the reference sends no write (verdict partial: --grep)',
  async (_label, flags, env) => {
    const server = await startReferenceServer({
      variant: 'extended',
      port: 0,
      user: 'admin',
      password: 'ro-pass-123',
      seedFixtures: true,
    });
    try {
      const before = server.store.snapshot();
      const config = loadConfig({
        env: { ...env },
        dotenv: false,
        flags: {
          ...flags,
          'base-url': server.url,
          user: 'admin',
          password: 'ro-pass-123',
          seed: 4,
          'num-runs': 3,
          grep: '^(root|events|observe)\\.',
        },
      });
      expect(config.readOnly).toBe(true);
      const result = await certify(config, { fixtures: server.fixtures, writeReports: false });
      const writes = Object.fromEntries(WRITES.map((m) => [m, server.stats.byMethod[m] ?? 0]));
      expect(writes).toEqual({ POST: 0, PUT: 0, PATCH: 0, DELETE: 0 });
      expect(server.stats.byMethod['GET']).toBeGreaterThan(0);
      expect(server.store.snapshot()).toBe(before);
      const report = result.report!;
      expect(report.header.readOnly).toBe(true);
      expect(report.header.cleanup).toBeUndefined();
      expect(report.footer.verdict).toBe('partial'); // read-only, limited by --grep: header.readOnly says read-only
      expect(result.exitCode).toBe(0);
      const writing = report.checks.filter((c) => c.tags.includes('writes'));
      expect(writing.length).toBeGreaterThan(0);
      for (const c of writing) expect(`${c.id} ${c.status}`).toBe(`${c.id} n/a`);
      expect(writing.filter((c) => c.message === 'makes writes (read-only run)').length).toBeGreaterThan(0);
      // Issue 13: the observation checks learn the seeded calendar and check it, without writing.
      const applicable = report.checks.filter((c) => c.status !== 'n/a');
      expect(applicable.length).toBeGreaterThanOrEqual(100);
      // A pass needs evidence, read-only too: no check passed without an assertion.
      expect(report.checks.filter((c) => c.status === 'pass' && !((c.assertions ?? 0) >= 1)).map((c) => c.id)).toEqual(
        [],
      );
      expect(report.checks.filter((c) => c.id.startsWith('observe.') && c.status === 'pass').length).toBeGreaterThan(
        60,
      );
      expect(report.header.observed?.complete).toBe(true);
      expect(report.header.observed?.events).toBeGreaterThanOrEqual(30);
      expect(report.header.requests).toBeLessThanOrEqual(config.maxRequests);
    } finally {
      await server.close();
    }
  },
);
