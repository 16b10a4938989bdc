/**
 * Benchmark (not a test): wall time and request count of a full certification of the embedded
 * reference server, per variant, over a few repetitions. Speed is reported, never asserted.
 *   npm run bench [-- --repeat 3]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../lib/config.ts';
import { certify } from '../lib/certify.ts';

const repeatAt = process.argv.indexOf('--repeat');
const repeat = repeatAt > 0 ? Number(process.argv[repeatAt + 1]) : 3;
const reportDir = mkdtempSync(join(tmpdir(), 'calcert-bench-'));

for (const variant of ['extended', 'base'] as const) {
  const times: number[] = [];
  let last = { checks: 0, requests: 0, verdict: '' };
  for (let i = 0; i < repeat; i++) {
    const config = loadConfig({
      env: {},
      cwd: reportDir,
      flags: { variant, features: 'premium,tickets', seed: 1, 'report-dir': reportDir },
    });
    const started = performance.now();
    const result = await certify(config);
    times.push(performance.now() - started);
    if (!result.report) throw new Error(`run did not start: ${result.problem}`);
    last = {
      checks: result.report.checks.length,
      requests: result.report.header.requests,
      verdict: result.report.footer.verdict,
    };
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `${variant.padEnd(8)} ${last.verdict}: ${last.checks} checks, ${last.requests} requests; wall time median ${(median / 1000).toFixed(2)} s (min ${(times[0]! / 1000).toFixed(2)}, max ${(times.at(-1)! / 1000).toFixed(2)}) over ${repeat} runs, ${(last.requests / (median / 1000)).toFixed(0)} requests/s`,
  );
}
