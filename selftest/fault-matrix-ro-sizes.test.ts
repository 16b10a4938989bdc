// Read-only certificates at the calendar sizes an operator meets (issue 21): an empty site judges
// too little and is `inconclusive` (exit 1), never certified; on about 900 events the observation
// checks judge bounded samples, so every observation check a fault names still catches it (a
// budget spent would make it `error`, never a catch). The 40-event matrix is
// fault-matrix-ro.test.ts; only the observation checks here: the other read-only checks do not
// read the calendar's own data.
import { expect, test } from 'vitest';
import { certify } from '../lib/certify/certify.ts';
import { loadConfig } from '../lib/run/config/load.ts';
import { faultMatrixReadOnly } from './support/fault-matrix.ts';

test('a read-only run of an empty reference server is inconclusive (exit 1), saying why and what to do', async () => {
  const config = loadConfig({
    env: {},
    dotenv: false,
    flags: { 'read-only': true, seed: 1, 'num-runs': 3 },
  });
  const result = await certify(config, { reference: { seedFixtures: false, seedEvents: 0 }, writeReports: false });
  const report = result.report!;
  expect(report.header.observed?.events).toBe(0);
  expect(report.footer.verdict).toBe('inconclusive');
  expect(result.exitCode).toBe(1);
  expect(report.footer.inconclusive).toMatch(/judged \d+ observation check.*seed it.*or run with writes/);
  // Nothing failed: the site is conformant as far as it goes, it just shows too little.
  expect(report.checks.filter((c) => c.status === 'fail' || c.status === 'error').map((c) => c.id)).toEqual([]);
});

faultMatrixReadOnly({ seedEvents: 900, only: (id) => id.startsWith('observe.') });
