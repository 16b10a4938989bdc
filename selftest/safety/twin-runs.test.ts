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
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { calcert, cleanEnv, tempDir } from '../support/run-cli.ts';

interface Result {
  footer: { verdict: string };
  checks: Array<{ id: string; level: string; status: string; message?: string }>;
}

function resultOf(dir: string): Result {
  const run = readdirSync(dir).find((d) => /^\d{8}T/.test(d));
  if (!run) throw new Error(`no report in ${dir}`);
  return JSON.parse(readFileSync(join(dir, run, 'results.json'), 'utf8')) as Result;
}

test('two certifications of one server at once: no must-check fails or blocks because of the other', async () => {
  const ref = await startReferenceServer({ variant: 'extended', port: 0, password: 'twin-pw-1' });
  try {
    const cwd = tempDir('twin');
    const runs = await Promise.all(
      [31, 32].map(async (seed) => {
        const reports = tempDir(`twin-${seed}`);
        const child = await calcert(
          ['certify', '--base-url', ref.url, '--user', 'admin', '--seed', String(seed), '--report-dir', reports],
          { cwd, env: cleanEnv({ CAL_PASSWORD: 'twin-pw-1' }), boundMs: 300_000 },
        );
        return { seed, child, result: resultOf(reports) };
      }),
    );
    for (const { seed, child, result } of runs) {
      const broken = result.checks
        .filter((c) => c.level === 'must' && (c.status === 'fail' || c.status === 'blocked'))
        .map((c) => `${c.id} ${c.status}: ${(c.message ?? '').slice(0, 300)}`);
      expect(broken, `must-checks failed beside another run (seed ${seed}; exit ${child.code})`).toEqual([]);
      // Positive control: the run judged the interface (most checks passed).
      expect(result.checks.filter((c) => c.status === 'pass').length).toBeGreaterThan(500);
    }
  } finally {
    await ref.close();
  }
}, 400_000);
