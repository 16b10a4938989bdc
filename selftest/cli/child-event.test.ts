// A child event on a site without its fixtures file (issue 29): the original refuses an event that
// has a parent by its slug alone and serves it by `<parent-slug>%2F<slug>` (quirk
// child-by-parent-path, measured on 6.8.0 and 4.6.8). A read-only run of a reference holding
// only the fixture events (the child among five, so each seed draws it) passes
// observe.events-read.by-slug-agrees with and without credentials; the same run against a server
// that serves no slug alone, or any `<x>/<slug>`, fails it (the fault matrix runs those faults too).
// The site's password-protected fixture event is named by a fixtures file holding it alone, as
// the original's operator names it (CONTRACT.md: records the interface cannot create): nothing the
// suite reads tells it from a refusal otherwise (the original's records show no password, to the
// administrator either), so without it that event is unjudged, never a pass nor a fail (rule
// `refusal`, lib/spec/judge/refusal.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { certify } from '../../lib/certify/certify.ts';
import { loadConfig } from '../../lib/run/config/load.ts';
import { keptSession } from '../support/session.ts';

const USER = 'admin';
const PASSWORD = 'child-event-1';
const CHECK = 'observe.events-read.by-slug-agrees';
/** Twelve one-check runs: on kept worker threads (selftest/support/session.ts). */
const session = keptSession();

async function statusOf(
  opts: { quirks?: string[]; fault?: string; passwordFixture?: boolean },
  seed: number,
  withCredentials: boolean,
) {
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
    let fixtures: string | undefined;
    if (opts.passwordFixture !== false && ref.fixtures?.passwordEvent) {
      fixtures = join(mkdtempSync(join(tmpdir(), 'calcert-child-')), 'fixtures.json');
      writeFileSync(fixtures, JSON.stringify({ format: 1, passwordEvent: ref.fixtures.passwordEvent }));
    }
    const config = loadConfig({
      env: {},
      cwd: '/nonexistent-calcert-dir',
      flags: {
        'base-url': ref.url,
        ...(withCredentials ? { user: USER, password: PASSWORD } : {}),
        ...(fixtures ? { fixtures } : {}),
        seed: String(seed),
        'read-only': true,
        grep: `^${CHECK.replaceAll('.', '\\.')}$`,
      },
    });
    // No child in the fixtures file: the check must tell the child event by the server's own answers.
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

// Seed 2 draws the password-protected fixture event: with no fixture naming it, unjudged.
test.each([true, false])(
  'a refused event no fixture names (credentials: %s): unjudged, never a pass nor a fail',
  async (creds) => {
    const r = await statusOf(
      { quirks: ['child-by-parent-path', 'missing-record-400'], passwordFixture: false },
      2,
      creds,
    );
    expect(r.status, r.message).toBe('error');
    expect(r.message).toMatch(
      /could not judge: GET \/events\/by-slug\/calcert-fixture-password-event answered 403.*passwordEvent/,
    );
  },
);
