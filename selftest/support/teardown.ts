/**
 * Global teardown of the self-tests: merges the fault-matrix shards into
 * reports/selftest/fault-matrix.{json,md} (checks by faults).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FaultRun } from '../../lib/certify/faultrun.ts';
import { SELFTEST_DIR, SHARDS } from './fault-matrix.ts';

export function teardown(): void {
  const rows: FaultRun[] = [];
  for (let s = 0; s < SHARDS; s++) {
    const file = join(SELFTEST_DIR, `fault-matrix.shard-${s}.json`);
    if (!existsSync(file)) return; // the matrix did not run (filtered run): keep the last one
    rows.push(...(JSON.parse(readFileSync(file, 'utf8')) as FaultRun[]));
    rmSync(file);
  }
  // The read-only shards (selftest/fault-matrix-ro*.test.ts: 40 events, and 900), when they ran
  // in the same session.
  for (const name of readdirSync(SELFTEST_DIR).filter((f) => /^fault-matrix\.shard-ro(-\d+)?\.json$/.test(f))) {
    const ro = join(SELFTEST_DIR, name);
    rows.push(...(JSON.parse(readFileSync(ro, 'utf8')) as FaultRun[]));
    rmSync(ro);
  }
  rows.sort((a, b) => a.fault.localeCompare(b.fault));
  const byCheck = new Map<string, string[]>();
  for (const r of rows) for (const id of r.caught) byCheck.set(id, [...(byCheck.get(id) ?? []), r.fault]);
  writeFileSync(
    join(SELFTEST_DIR, 'fault-matrix.json'),
    JSON.stringify({ format: 1, faults: rows, checks: Object.fromEntries([...byCheck].sort()) }, null, 1) + '\n',
  );
  const md = [
    '# Fault matrix',
    '',
    `${rows.length} faults; ${byCheck.size} checks killed by at least one.`,
    '',
    '| fault | variant | read-only | events | caught | missed | ms |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of rows)
    md.push(
      `| ${r.fault} | ${r.variant} | ${r.readOnly ? 'yes' : ''} | ${r.seedEvents ?? 40} | ${r.caught.join(', ')} | ${r.missed.map((id) => `${id} (${r.statuses[id]})`).join(', ')} | ${r.ms} |`,
    );
  md.push('', '## Checks by faults', '', '| check | killed by |', '|---|---|');
  for (const [id, faults] of [...byCheck].sort()) md.push(`| ${id} | ${faults.join(', ')} |`);
  writeFileSync(join(SELFTEST_DIR, 'fault-matrix.md'), md.join('\n') + '\n');
}
