/**
 * Two certifications of one server at once (two release pipelines against one staging site): each
 * run's writes are the other's "another client writing", far busier than the neighbour of
 * neighbours.test.ts (hundreds of records made, renamed and deleted while the other crawls and
 * observes). Neither run may report a must-failure for it: a difference that the other run explains
 * is read again or left unjudged (`error`), never failed. It guards isolation as a whole (a check
 * reading unscoped records fails it at once). The races found on the original (6.8.0, an
 * interrupted run left running beside a new one: include and parent naming a deleted category, a
 * page past a shrunken end, a renamed venue) and on the reference (a per-page count between two
 * equal counts: 1 of 16 twin runs) are too rare to show at two fixed seeds: this test passed on
 * the code before their fixes too, so it is no proof of them.
 */
import { expect, test } from 'vitest';
import { startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { certify } from '../../lib/certify/certify.ts';
import { loadConfig } from '../../lib/run/config/load.ts';

// In process, not as two `calcert` children: what the server sees is the same (two clients over
// HTTP, each with its own run tag, session and worker threads), and the two runs share this
// process's warm code instead of paying a cold start each (about 20 CPU-s each as children, issue
// 39's budget). The CLI path of a full run is selftest/certify.test.ts's.
test('two certifications of one server at once: no must-check fails or blocks because of the other', async () => {
  const ref = await startReferenceServer({ variant: 'extended', port: 0, password: 'twin-pw-1' });
  try {
    const runs = await Promise.all(
      [31, 32].map(async (seed) => {
        const config = loadConfig({
          env: {},
          cwd: '/nonexistent-calcert-dir',
          flags: { 'base-url': ref.url, user: 'admin', password: 'twin-pw-1', seed: String(seed) },
        });
        const run = await certify(config, { writeReports: false });
        return { seed, run };
      }),
    );
    for (const { seed, run } of runs) {
      expect(run.problem, `the run of seed ${seed} did not start`).toBeUndefined();
      const checks = run.report?.checks ?? [];
      const broken = checks
        .filter((c) => c.level === 'must' && (c.status === 'fail' || c.status === 'blocked'))
        .map((c) => `${c.id} ${c.status}: ${(c.message ?? '').slice(0, 300)}`);
      expect(broken, `must-checks failed beside another run (seed ${seed}; exit ${run.exitCode})`).toEqual([]);
      // Positive control: the run judged the interface (most checks passed).
      expect(checks.filter((c) => c.status === 'pass').length).toBeGreaterThan(500);
    }
  } finally {
    await ref.close();
  }
}, 400_000);
