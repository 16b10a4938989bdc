/**
 * Reproduction (issue 14 point 4): a check that did not pass records every exchange it made
 * (capped, bodies cut, redacted) with status codes and headers; a property counterexample shows
 * the failing run's own request (its query) and records that run's exchanges, not shrinking's last.
 */
import { expect, test } from 'vitest';
import { certify } from '../../lib/certify/certify.ts';
import { EXCHANGE_BODY_CAP, EXCHANGE_CAP, recordExchanges } from '../../lib/check/meta.ts';
import { CheckFailure, classifyOutcome } from '../../lib/check/outcome.ts';
import type { Exchange } from '../../lib/types.ts';
import { loadConfig } from '../../lib/run/config/load.ts';

function exchange(i: number, body = ''): Exchange {
  return {
    method: 'GET',
    url: `http://target.test/wp-json/cal/events/v1/events?page=${i}`,
    requestHeaders: { accept: 'application/json', authorization: '(redacted)' },
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    responseExcerpt: body,
    ms: 1,
    retries: 0,
    curl: `curl -sS -i -X GET 'http://target.test/wp-json/cal/events/v1/events?page=${i}'`,
  };
}

test('recordExchanges keeps the last EXCHANGE_CAP exchanges, oldest first, bodies cut, and counts the rest', () => {
  const xs = Array.from({ length: EXCHANGE_CAP + 5 }, (_, i) => exchange(i, 'x'.repeat(EXCHANGE_BODY_CAP + 100)));
  const { exchanges, omitted } = recordExchanges(xs);
  expect(omitted).toBe(5);
  expect(exchanges).toHaveLength(EXCHANGE_CAP);
  expect(exchanges[0]!.url).toMatch(/page=5$/);
  expect(exchanges.at(-1)!.url).toMatch(new RegExp(`page=${EXCHANGE_CAP + 4}$`));
  for (const x of exchanges) {
    expect(x.responseExcerpt).toHaveLength(EXCHANGE_BODY_CAP);
    expect(x.status).toBe(200);
    expect(x.responseHeaders).toEqual({ 'content-type': 'application/json' });
  }
  expect(recordExchanges([exchange(1)]).omitted).toBe(0);
});

test('the classifier keeps the exchanges a failure names (a property: its failing run)', () => {
  const run = [exchange(1), exchange(2)];
  const outcome = classifyOutcome({ error: new CheckFailure('wrong', run[1], run) }, [...run, exchange(3)], 'must');
  expect(outcome.status).toBe('fail');
  expect(outcome.exchange).toBe(run[1]);
  expect(outcome.exchanges).toEqual(run);
  expect(classifyOutcome({ error: new CheckFailure('wrong') }, run, 'must').exchanges).toBeUndefined();
});

test('a failing run records every exchange of each failing check, with status and headers, and no secret', async () => {
  const config = loadConfig({
    env: {},
    dotenv: false,
    flags: { seed: '7', grep: '^events\\.list\\.(starts-before|date-filters-property)$' },
  });
  const result = await certify(config, { reference: { fault: 'starts-before-ignored' }, writeReports: false });
  const report = result.report!;
  expect(report, result.problem).toBeTruthy();
  const auth = result.config!.auth;
  expect(auth.kind).toBe('basic');
  const secrets =
    auth.kind === 'basic' ? [auth.password, Buffer.from(`${auth.user}:${auth.password}`).toString('base64')] : [];
  const text = JSON.stringify(report);
  for (const s of secrets) expect(text.includes(s), 'results hold a secret').toBe(false);

  const failing = report.checks.filter((c) => c.status === 'fail' || c.status === 'warn');
  expect(failing.map((c) => c.id)).toEqual(
    expect.arrayContaining(['events.list.starts-before', 'events.list.date-filters-property']),
  );
  for (const c of failing) {
    expect(c.exchanges?.length, `${c.id} records no exchange`).toBeGreaterThan(0);
    // The decisive exchange stays where older readers look for it.
    expect(c.request?.url).toBeTruthy();
    expect(c.exchanges!.map((x) => x.url)).toContain(c.request!.url);
    for (const x of c.exchanges!) {
      expect(x.status, `${c.id}: ${x.method} ${x.url} has no status`).toBeTypeOf('number');
      expect(x.responseHeaders?.['content-type'], `${c.id}: no response headers`).toBeTruthy();
      expect(x.requestHeaders.authorization).toBe('(redacted)');
      expect(x.curl).toContain('$CAL_PASSWORD');
    }
  }
  for (const c of report.checks.filter((c) => c.status === 'pass' || c.status === 'n/a'))
    expect(c.exchanges, `${c.id} passed but records exchanges`).toBeUndefined();

  // The property names its failing request (with the query of the counterexample), and its
  // exchanges are that run's.
  const prop = failing.find((c) => c.id === 'events.list.date-filters-property')!;
  const line = /^failing request: GET (\S+) -> \d+$/m.exec(prop.message ?? '');
  expect(line, prop.message).not.toBeNull();
  const url = new URL(line![1]!);
  expect(url.searchParams.has('starts_before'), `${url} does not send the broken filter`).toBe(true);
  expect(prop.request!.url).toBe(line![1]);
  // Its exchanges are those of the failing run: they hold the failing request, and fewer than
  // the check made in all (the runs before it and shrinking made the others).
  expect(prop.exchanges!.map((x) => x.url)).toContain(line![1]);
  expect(prop.exchanges!.length).toBeLessThan(prop.requests!);
}, 120_000);
