/**
 * A RunSession with `keepWorkers` (lib/certify/kept-threads.ts, issue 31: npm test's time) hands
 * its worker thread from run to run with the check library loaded, and the runs judge exactly as
 * in fresh workers: a clean run after a faulty one passes, a fault after a clean run is caught,
 * observation checks read their own run's target (not the crawl of the run before), and a run
 * stopped midway leaves a session that still judges the next run.
 */
import { expect, test } from 'vitest';
import { FAULTS } from '../fixtures/reference-server/faults.ts';
import { certify } from '../lib/certify/certify.ts';
import { runFault } from '../lib/certify/faultrun.ts';
import { loadConfig } from '../lib/run/config/load.ts';
import { RunSession } from '../lib/certify/runner.ts';

function breaks(name: string): string[] {
  const fault = FAULTS.find((f) => f.name === name);
  if (!fault) throw new Error(`no fault ${name}`);
  return [...fault.breaks];
}

// Observation checks (one crawl per run) and write checks, in several files.
const STATUS = breaks('status-filter-ignored');
const DATES = breaks('start-date-not-rounded');
const RUNS: Array<[string | undefined, string[]]> = [
  ['status-filter-ignored', STATUS],
  [undefined, [...STATUS, ...DATES]],
  ['start-date-not-rounded', DATES],
  [undefined, STATUS],
];

test('four runs in a row on one kept thread judge as four runs on fresh threads', async () => {
  const kept = new RunSession({ maxWorkers: 1, keepWorkers: true });
  const fresh = new RunSession({ maxWorkers: 1 });
  try {
    for (const [fault, ids] of RUNS) {
      const opts = { seed: 1, numRuns: 5 } as const;
      const onKept = await runFault(fault, ids, 'extended', { ...opts, session: kept });
      const onFresh = await runFault(fault, ids, 'extended', { ...opts, session: fresh });
      const label = fault ?? 'no fault';
      expect(onKept.problem, label).toBeUndefined();
      expect(onKept.statuses, label).toEqual(onFresh.statuses);
      if (fault) expect(onKept.missed, `${label}: every named check catches it`).toEqual([]);
      else expect(Object.values(onKept.statuses), `${label}: every check passes`).toEqual(ids.map(() => 'pass'));
    }
    expect(kept.kept?.started, 'one thread served the four runs').toBe(1);
  } finally {
    await kept.close();
    await fresh.close();
  }
});

test('a run stopped midway leaves a kept session that judges the next run', async () => {
  const session = new RunSession({ maxWorkers: 1, keepWorkers: true });
  try {
    const stop = new AbortController();
    const config = loadConfig({
      env: {},
      dotenv: false,
      flags: { variant: 'extended', seed: 1, 'num-runs': 5, grep: '^events\\.' },
    });
    const stopping = setTimeout(() => stop.abort(), 1500);
    const stopped = await certify(config, {
      writeReports: false,
      sweep: false,
      session,
      signal: stop.signal,
    });
    clearTimeout(stopping);
    expect(stopped.report?.footer.interrupted, 'the first run was stopped').toBeTruthy();
    const next = await runFault('start-date-not-rounded', DATES, 'extended', { seed: 1, numRuns: 5, session });
    expect(next.problem).toBeUndefined();
    expect(next.missed).toEqual([]);
    const clean = await runFault(undefined, DATES, 'extended', { seed: 1, numRuns: 5, session });
    expect(Object.values(clean.statuses)).toEqual(DATES.map(() => 'pass'));
  } finally {
    await session.close();
  }
});
