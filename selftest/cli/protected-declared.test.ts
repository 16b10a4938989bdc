// The events a fixtures file declares password-protected (`protectedEvents`, rules
// `declared-bound` and `declared-opens`, lib/spec/judge/rules.ts): a vendor's declaration takes
// them out of every sample and excuses their refusal, so each counts toward the run's bound of
// set-asides, and each is read with its declared password. The fixtures case of `declared-bound`:
// a file declaring more events than the bound makes a read-only run inconclusive ("site changing
// too fast ... declares"), whatever they are; one genuinely protected event declared stays within
// it and is served with its password. (The fault matrix proves `declared-opens`: fault
// protected-declared-refused.)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { certify } from '../../lib/certify/certify.ts';
import { loadConfig } from '../../lib/run/config/load.ts';
import { keptSession } from '../support/session.ts';

const USER = 'admin';
const PASSWORD = 'protected-declared-1';
const CHECK = 'observe.events-read.protected-declared';
const session = keptSession();

/** A read-only run of CHECK alone, the seeded fixtures file with `protectedEvents` set by `declare`. */
async function run(declare: (fx: Record<string, unknown>, eventIds: number[]) => { id: number; password: string }[]) {
  const ref = await startReferenceServer({
    variant: 'extended',
    port: 0,
    user: USER,
    password: PASSWORD,
    seedFixtures: true,
  });
  try {
    const fx = { ...(ref.fixtures as unknown as Record<string, unknown>) };
    const listed = (await (await fetch(`${ref.url}/${ref.namespace}/events?per_page=50`)).json()) as {
      events: { id: number }[];
    };
    fx.protectedEvents = declare(
      fx,
      listed.events.map((e) => e.id),
    );
    const file = join(mkdtempSync(join(tmpdir(), 'calcert-declared-')), 'fixtures.json');
    writeFileSync(file, JSON.stringify(fx));
    const config = loadConfig({
      env: {},
      cwd: '/nonexistent-calcert-dir',
      flags: {
        'base-url': ref.url,
        user: USER,
        password: PASSWORD,
        fixtures: file,
        seed: '1',
        'read-only': true,
        grep: `^${CHECK.replaceAll('.', '\\.')}$`,
      },
    });
    const report = (await certify(config, { writeReports: false, session })).report!;
    return { report, check: report.checks.find((x) => x.id === CHECK)! };
  } finally {
    await ref.close();
  }
}

test('the genuinely protected password event declared again: served with its password, counted toward no bound', async () => {
  const { report, check } = await run((fx) => [fx.passwordEvent as { id: number; password: string }]);
  expect(`${check.status} ${check.message ?? ''}`).toBe('pass ');
  // passwordEvent is the contract's fixture, proven by events.read.password (declaredSetAsides).
  expect(report.header.snapshot?.declared ?? 0).toBe(0);
  expect(report.header.snapshot!.setAside).toBeLessThanOrEqual(report.header.snapshot!.bound);
});

test('eleven declared events: past the bound, the run inconclusive (never certified), whatever they are', async () => {
  // Published events a visitor is listed, the password event left out (its password is not "declared").
  const { report, check } = await run((fx, ids) =>
    ids
      .filter((id) => id !== (fx.passwordEvent as { id: number }).id)
      .slice(0, 11)
      .map((id) => ({ id, password: 'declared' })),
  );
  // The reference serves an event without a password whatever `password` says: the declaration
  // is not disproven, yet it is still eleven records out of every sample on the vendor's word.
  expect(check.status).toBe('pass');
  expect(report.header.snapshot?.declared).toBe(11);
  expect(report.header.snapshot!.setAside).toBeGreaterThan(report.header.snapshot!.bound);
  expect(report.footer.verdict).toBe('inconclusive');
  expect(report.footer.inconclusive).toMatch(/fixtures file declares \(protectedEvents\)|the fixtures file declares/);
});
