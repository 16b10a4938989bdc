// The terminal's closing verdict line says when a run is incomplete (checks in status `error` were
// not judged, footer.incomplete), so a verdict is never read as covering them (issue 14).
import { expect, test } from 'vitest';
import { failedLine, verdictLine } from '../../lib/commands/certify.ts';
import { appliedLine } from '../../lib/run/crawl.ts';
import { countResults, incompleteOf, type CheckResult, type RunReport } from '../../lib/report/results.ts';

function report(statuses: CheckResult['status'][]): Pick<RunReport, 'checks' | 'footer' | 'header'> {
  const checks = statuses.map((status, i) => ({ id: `events.x${i}`, status, level: 'must' }) as CheckResult);
  return {
    checks,
    header: { requests: 12, duration: 3400 } as RunReport['header'],
    footer: {
      counts: countResults(checks),
      verdict: 'certified',
      errors: [],
      ...(incompleteOf(checks).length ? { incomplete: incompleteOf(checks) } : {}),
    } as RunReport['footer'],
  };
}

test('a run without errors: no mention of an incomplete run', () => {
  const line = verdictLine(report(['pass', 'pass', 'warn']));
  expect(line).toMatch(/^CERTIFIED: 3 checks, 2 pass, 0 fail, 1 warn, .* 0 error; 12 requests in 3\.4 s$/);
  expect(line).not.toMatch(/incomplete/i);
});

test('a run with a check in error: the verdict line says the run is incomplete', () => {
  const r = report(['pass', 'error', 'error']);
  expect(r.footer.incomplete?.length).toBeGreaterThan(0);
  const line = verdictLine(r);
  expect(line).toMatch(/1 pass, 0 fail, .* 2 error; 12 requests in 3\.4 s; INCOMPLETE run: 2 check\(s\) in error/);
  expect(line).toContain('footer.incomplete');
});

test('wording (issue 23 point 8): one check is "1 check"; the crawl budget says what --max-requests bounds', () => {
  expect(verdictLine(report(['pass']))).toMatch(/^CERTIFIED: 1 check, 1 pass,/);
  const line = appliedLine([{ status: 'pass' }], {
    events: 40,
    venues: 5,
    organizers: 5,
    categories: 3,
    tags: 3,
    unpublished: 4,
    requests: 60,
    budget: 1200,
    complete: true,
    problems: 0,
  });
  // A full run sends some 3,600 requests with --max-requests 3000: the budget is the crawl's only.
  expect(line).toContain(
    "in 60 requests (of the crawl's 1200: 40% of --max-requests, which bounds the observation crawl and checks only, not the run",
  );
  expect(line).toMatch(/; every list read to its end\)$/);
});

test('a list cut short by broken JSON is no budget matter (issue 31 point 11): the advice fits the cause', () => {
  const base = {
    events: 4,
    venues: 5,
    organizers: 5,
    categories: 3,
    tags: 3,
    unpublished: 0,
    requests: 30,
    budget: 1200,
  };
  const broken = appliedLine([{ status: 'pass' }], {
    ...base,
    complete: false,
    problems: 1,
    budgetStops: 0,
    capStops: 0,
  });
  expect(broken).toMatch(/NOT every list read to its end: 1 list read met an answer that is no list \(JSON cut short/);
  expect(broken).not.toMatch(/max-requests:|raise --max-requests/);
  const spent = appliedLine([{ status: 'pass' }], {
    ...base,
    complete: false,
    problems: 0,
    budgetStops: 2,
    capStops: 0,
  });
  expect(spent).toMatch(
    /NOT every list read to its end: 2 list\(s\) stopped by the request budget: raise --max-requests\)$/,
  );
});

// Issue 39 point 10: the closing lines said how many checks failed, never which.
test.each([
  [['pass', 'warn', 'n/a'], null],
  [
    ['pass', 'fail', 'fail'],
    /^not passed: 2 failed \(events\.x1, events\.x2\); read one with `.*calcert(\.js)? explain events\.x1`$/,
  ],
  [
    ['error', 'blocked', 'fail'],
    /^not passed: 1 failed \(events\.x2\); 1 blocked \(events\.x1\); 1 in error \(events\.x0\); read one with `.* explain events\.x2`$/,
  ],
  [Array(11).fill('fail'), /^not passed: 11 failed \(events\.x0, .*, events\.x7, and 3 more\);/],
] as const)('failedLine(%j)', (statuses, line) => {
  const checks = statuses.map((status, i) => ({ id: `events.x${i}`, status }) as CheckResult);
  const got = failedLine(checks);
  if (line === null) expect(got).toBeNull();
  else expect(got).toMatch(line);
});

test("failedLine: a stopped run's unjudged checks are said by the progress, not here", () => {
  expect(failedLine([{ id: 'events.a', status: 'error', unjudged: 'interrupted' }])).toBeNull();
});
