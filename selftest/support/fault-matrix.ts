/**
 * The fault matrix, sharded: each shard file runs every n-th fault of the registry against the
 * embedded reference server with only that fault on and only the checks it names, and asserts
 * that every named check caught it (fail or warn). A failing property is not shrunk (runFault's
 * `shrink: false`): the check failed at its first failing value either way, and shrinking sent a
 * fifth of the matrix's requests. Shards write their rows to
 * reports/selftest/; the global teardown merges them into fault-matrix.{json,md}.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { listChecks } from '../../lib/check/list.ts';
import { FAULTS } from '../../fixtures/reference-server/faults.ts';
import { appliesReadOnly, runFault, type FaultRun } from '../../lib/certify/faultrun.ts';
import { RunSession } from '../../lib/certify/runner.ts';

import { SELFTEST_DIR } from './selftest-dir.ts';

export { SELFTEST_DIR };
export const SHARDS = 2;

export function faultMatrixShard(shard: number): void {
  const rows: FaultRun[] = [];
  // One vitest instance for the whole shard: creating one per fault costs more than the checks;
  // one worker thread per run (lib/certify/runner.ts RunSession: a worker's start-up is most of a
  // short run's CPU).
  const session = new RunSession({ maxWorkers: 1, keepWorkers: true });
  // Run only the files holding a fault's checks, not their whole route groups.
  const fileOf = new Map<string, string>();
  const tagsOf = new Map<string, readonly string[]>();
  beforeAll(async () => {
    for (const c of await listChecks()) {
      fileOf.set(c.id, c.file);
      tagsOf.set(c.id, c.tags);
    }
  });
  const mine = FAULTS.filter((_, i) => i % SHARDS === shard);
  for (const fault of mine) {
    test(`fault ${fault.name} is caught by every check it names`, async () => {
      expect(
        fault.breaks.length,
        `fault ${fault.name} names no check in its breaks (faults/<area>.ts)`,
      ).toBeGreaterThan(0);
      // Checks that apply in a read-only run are proved there (selftest/fault-matrix-ro.test.ts).
      const ids = fault.breaks.filter((id) => !appliesReadOnly(tagsOf.get(id) ?? ['writes'], fault.variant));
      if (!ids.length) return;
      const files = [...new Set(ids.map((id) => fileOf.get(id)).filter((f): f is string => !!f))];
      // Caught or not is the question: a failing property ends at its first failing value, unshrunk.
      const run = await runFault(fault.name, ids, fault.variant, {
        seed: 1,
        numRuns: 5,
        session,
        files,
        shrink: false,
      });
      rows.push(run);
      expect(run.problem, `the run with fault ${fault.name} did not start`).toBeUndefined();
      const missed = run.missed.map((id) => `${id}: ${run.statuses[id]}`);
      expect(missed, `checks that did not catch fault ${fault.name} (${fault.variant})`).toEqual([]);
    });
  }
  afterAll(async () => {
    await session.close();
    mkdirSync(SELFTEST_DIR, { recursive: true });
    writeFileSync(join(SELFTEST_DIR, `fault-matrix.shard-${shard}.json`), JSON.stringify(rows, null, 1));
  });
}

/**
 * The read-only shard: every fault whose breaks hold checks that apply in a read-only run, with
 * only those checks, in a read-only run (what an operator runs on a production site). Every
 * named check must catch the fault there. One vitest session; only the files the checks live in.
 */
export function faultMatrixReadOnly(opts: { seedEvents?: number; only?: (id: string) => boolean } = {}): void {
  const rows: FaultRun[] = [];
  const size = opts.seedEvents === undefined ? '' : ` at ${opts.seedEvents} events`;
  const session = new RunSession({ maxWorkers: 1, keepWorkers: true });
  const listed = new Map<string, { file: string; tags: readonly string[] }>();
  beforeAll(async () => {
    for (const c of await listChecks()) listed.set(c.id, { file: c.file, tags: c.tags });
  });
  for (const fault of FAULTS) {
    test(`fault ${fault.name} is caught read-only${size} by every read-only check it names`, async () => {
      const ids = fault.breaks.filter((id) => {
        const c = listed.get(id);
        return !!c && appliesReadOnly(c.tags, fault.variant) && (!opts.only || opts.only(id));
      });
      if (!ids.length) return;
      const files = [...new Set(ids.map((id) => listed.get(id)!.file))];
      const run = await runFault(fault.name, ids, fault.variant, {
        seed: 1,
        numRuns: 5,
        session,
        files,
        shrink: false,
        readOnly: true,
        ...(opts.seedEvents !== undefined ? { seedEvents: opts.seedEvents } : {}),
      });
      rows.push(run);
      expect(run.problem, `the read-only run with fault ${fault.name} did not start`).toBeUndefined();
      const missed = run.missed.map((id) => `${id}: ${run.statuses[id]}`);
      expect(missed, `read-only checks that did not catch fault ${fault.name} (${fault.variant})`).toEqual([]);
    });
  }
  afterAll(async () => {
    await session.close();
    mkdirSync(SELFTEST_DIR, { recursive: true });
    writeFileSync(
      join(SELFTEST_DIR, `fault-matrix.shard-ro${opts.seedEvents === undefined ? '' : `-${opts.seedEvents}`}.json`),
      JSON.stringify(rows, null, 1),
    );
  });
}
