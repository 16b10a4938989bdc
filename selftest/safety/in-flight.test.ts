/**
 * One concurrency bound (issue 11 point 5): with `--concurrency c`, at most c requests are in
 * flight at the target across all workers, counted by a proxy in front of the reference server.
 * A run of a few dozen checks (property checks among them) at c = 1, 4 and 16, and under
 * `--concurrency auto` (adaptive, lib/run/limiter.ts) with the default ceiling 32 and a ceiling of 6;
 * above 1 the run must actually use concurrency (more than one request at a time).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type MeasuringProxy, startProxy } from '../../fixtures/proxy.ts';
import { startReferenceServer, type ReferenceServer } from '../../fixtures/reference-server/index.ts';
import { certify } from '../../lib/certify/certify.ts';
import { loadConfig } from '../../lib/run/config/load.ts';

const GREP = '^(root\\.|events\\.read\\.|events\\.list\\.|events\\.payload\\.round-trip)';

let ref: ReferenceServer;
let proxy: MeasuringProxy;

beforeAll(async () => {
  ref = await startReferenceServer({
    variant: 'extended',
    port: 0,
    user: 'admin',
    password: 'inflight-pass-1',
    seedFixtures: true,
  });
  proxy = await startProxy(new URL(ref.url));
});

afterAll(async () => {
  await proxy?.close();
  await ref?.close();
});

test.each([
  [1, '1', undefined],
  [4, '4', undefined],
  [16, '16', undefined],
  [32, 'auto', undefined],
  [6, 'auto', '6'],
] as const)(
  'at a bound of %i (--concurrency %s, ceiling %s) no more requests are in flight than that',
  async (c, given, max) => {
    proxy.reset();
    const config = loadConfig({
      env: {},
      cwd: '/nonexistent-calcert-dir',
      flags: {
        'base-url': proxy.url,
        user: 'admin',
        password: 'inflight-pass-1',
        seed: '11',
        'num-runs': '5',
        concurrency: given,
        ...(max ? { 'concurrency-max': max } : {}),
        grep: GREP,
      },
    });
    const result = await certify(config, { fixtures: ref.fixtures, writeReports: false });
    const report = result.report!;
    expect(report.checks.length).toBeGreaterThan(30);
    expect(report.checks.some((ch) => ch.tags.includes('property') && ch.status === 'pass')).toBe(true);
    expect(result.exitCode, JSON.stringify(report.footer.counts.byStatus)).toBe(0);
    expect(proxy.total).toBeGreaterThan(100);
    expect(proxy.max, `max in flight at --concurrency ${c}`).toBeLessThanOrEqual(c);
    if (c > 1) expect(proxy.max, 'the run uses concurrency').toBeGreaterThan(1);
    // The report records the bound used over the run, within the configured one.
    const used = report.header.concurrency!;
    expect(used.mode).toBe(given === 'auto' ? 'auto' : 'fixed');
    expect(used.max).toBeLessThanOrEqual(c);
    expect(used.min).toBeGreaterThanOrEqual(1);
  },
);
