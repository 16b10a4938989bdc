// A child event on a site without its fixtures file (issue 29): the original refuses an event that
// has a parent by its slug alone and serves it by `<parent-slug>%2F<slug>` (quirk
// child-by-parent-path, measured on 6.8.0 and 4.6.8). A read-only run of a reference holding
// only the fixture events (the child among five, so each seed draws it) passes
// observe.events-read.by-slug-agrees with and without credentials; the same run against a server
// that serves no slug alone, or any `<x>/<slug>`, fails it (the fault matrix runs those faults too).
import { expect, test } from 'vitest';
import { startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { certify } from '../../lib/certify/certify.ts';
import { loadConfig } from '../../lib/run/config/load.ts';
import { keptSession } from '../support/session.ts';

const USER = 'admin';
const PASSWORD = 'child-event-1';
const CHECK = 'observe.events-read.by-slug-agrees';
/** Ten one-check runs: on kept worker threads (selftest/support/session.ts). */
const session = keptSession();

async function statusOf(opts: { quirks?: string[]; fault?: string }, seed: number, withCredentials: boolean) {
  const ref = await startReferenceServer({
    variant: 'extended',
    port: 0,
    user: USER,
    password: PASSWORD,
    seedFixtures: true,
    seedEvents: 0,
    ...(opts.quirks ? { quirks: opts.quirks } : {}),
    ...(opts.fault ? { fault: opts.fault } : {}),
  });
  try {
    const config = loadConfig({
      env: {},
      cwd: '/nonexistent-calcert-dir',
      flags: {
        'base-url': ref.url,
        ...(withCredentials ? { user: USER, password: PASSWORD } : {}),
        seed: String(seed),
        'read-only': true,
        grep: `^${CHECK.replaceAll('.', '\\.')}$`,
      },
    });
    // No fixtures file: the check must tell the child event by the server's own answers.
    const result = await certify(config, { writeReports: false, session });
    const c = result.report!.checks.find((x) => x.id === CHECK)!;
    return { status: c.status, requests: c.requests, message: c.message ?? '' };
  } finally {
    await ref.close();
  }
}

test.each([true, false])(
  'the original child event (credentials: %s): judged through its parent, a pass',
  async (creds) => {
    for (const seed of [1, 2, 3]) {
      const r = await statusOf({ quirks: ['child-by-parent-path', 'missing-record-400'] }, seed, creds);
      expect(`${r.status} ${r.message}`, `seed ${seed}`).toBe('pass ');
    }
  },
);

test.each(['by-slug-any-parent-path', 'by-slug-read-missing'])('fault %s: no excuse, a failure', async (fault) => {
  for (const creds of [true, false]) {
    const r = await statusOf({ fault }, 1, creds);
    expect(r.status, r.message).toBe('fail');
  }
});
