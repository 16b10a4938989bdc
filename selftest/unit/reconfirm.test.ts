// The re-confirmation's decisions (lib/certify/reconfirm.ts), table-driven: which checks run
// again, the mark a second run gives, the request budget of a second crawl, and that marking never
// changes a status, a count or the verdict.
import { describe, expect, test } from 'vitest';
import { applyReconfirmation, failedMust, markOf, observeBudgetProblem } from '../../lib/certify/reconfirm.ts';
import { reconfirmationLine } from '../../lib/report/common.ts';
import { countResults, verdictOf, type CheckResult } from '../../lib/report/results.ts';
import type { Status } from '../../lib/types.ts';

const check = (id: string, status: Status, over: Partial<CheckResult> = {}): CheckResult => ({
  id,
  title: id,
  file: 'suites/x.test.ts',
  level: 'must',
  tags: [],
  requirements: ['r'],
  spec: 's',
  status,
  duration: 1,
  requests: 2,
  ...over,
});

describe('failedMust: the checks that run again', () => {
  test.each([
    { what: 'a failed must-check', c: check('events.read.a', 'fail'), again: true },
    { what: 'a should-check that warned', c: check('events.read.b', 'warn', { level: 'should' }), again: false },
    {
      what: 'a blocked must-check (its setup failed: nothing judged)',
      c: check('events.read.c', 'blocked'),
      again: false,
    },
    { what: 'an unjudged must-check', c: check('events.read.d', 'error', { unjudged: 'transient' }), again: false },
    { what: 'a pass', c: check('events.read.e', 'pass'), again: false },
    { what: 'n/a', c: check('events.read.f', 'n/a'), again: false },
  ])('$what: $again', ({ c, again }) => {
    expect(failedMust([c])).toEqual(again ? [c.id] : []);
  });
});

describe('markOf: the mark from the second run', () => {
  test.each([
    { second: 'fail' as const, mark: 'reproduced' },
    { second: 'pass' as const, mark: 'intermittent' },
    { second: 'error' as const, mark: null },
    { second: 'blocked' as const, mark: null },
    { second: 'n/a' as const, mark: null },
  ])('second run $second: $mark', ({ second, mark }) => {
    expect(markOf({ status: second })).toBe(mark);
  });
  test('no second result: no mark', () => {
    expect(markOf(undefined)).toBeNull();
  });
});

describe('observeBudgetProblem: a second crawl within --max-requests', () => {
  const checks = [
    check('observe.events-filter.status', 'fail', { requests: 30 }),
    check('observe.events-list.per-page', 'pass', { requests: 20 }),
    check('events.read.a', 'fail', { requests: 500 }),
  ];
  test.each([
    { what: 'no observation check failed', failed: ['events.read.a'], crawl: 400, max: 100, problem: false },
    {
      what: 'room for a second crawl and the check',
      failed: ['observe.events-filter.status'],
      crawl: 100,
      max: 3000,
      problem: false,
    },
    {
      what: 'exactly the budget: 100 + 50 spent, 100 + 30 needed',
      failed: ['observe.events-filter.status'],
      crawl: 100,
      max: 280,
      problem: false,
    },
    {
      what: 'one request short',
      failed: ['observe.events-filter.status'],
      crawl: 100,
      max: 279,
      problem: true,
    },
  ])('$what: problem $problem', ({ failed, crawl, max, problem }) => {
    const got = observeBudgetProblem(checks, failed, { requests: crawl }, max);
    if (problem) expect(got).toMatch(/not run again: .*--max-requests/);
    else expect(got).toBeNull();
  });
});

describe('applyReconfirmation', () => {
  const first = [
    check('events.read.a', 'fail'),
    check('events.read.b', 'fail'),
    check('events.read.c', 'fail'),
    check('observe.events-filter.status', 'fail'),
    check('events.read.d', 'pass'),
    check('events.read.e', 'warn', { level: 'should' }),
  ];
  const failed = failedMust(first);
  const reruns = [
    check('events.read.a', 'fail'),
    check('events.read.b', 'pass'),
    check('events.read.c', 'error', { unjudged: 'transient', message: 'GET /events/1 answered 503' }),
  ];
  const notRun = new Map([['observe.events-filter.status', 'not run again: the budget']]);
  const { checks, summary } = applyReconfirmation(first, failed, reruns, notRun, 9);

  test('marks: reproduced, intermittent, none when the second run judged nothing or did not run', () => {
    expect(Object.fromEntries(checks.map((c) => [c.id, c.reconfirmed ?? null]))).toEqual({
      'events.read.a': 'reproduced',
      'events.read.b': 'intermittent',
      'events.read.c': null,
      'observe.events-filter.status': null,
      'events.read.d': null,
      'events.read.e': null,
    });
    expect(summary).toEqual({
      failed: 4,
      reproduced: 1,
      intermittent: 1,
      requests: 9,
      unsettled: [
        'events.read.c: its second run was error: GET /events/1 answered 503',
        'observe.events-filter.status: not run again: the budget',
      ],
    });
  });

  test('the statuses, counts and verdict stay the first pass’s (an intermittent failure is a failure)', () => {
    expect(checks.map((c) => c.status)).toEqual(first.map((c) => c.status));
    expect(countResults(checks)).toEqual(countResults(first));
    expect(verdictOf(checks, false)).toBe('not-certified');
    // Only the mark is added.
    expect(checks.map(({ reconfirmed: _r, ...c }) => c)).toEqual(first);
  });

  test('a second pass cut short (deadline, signal) says so', () => {
    const cut = applyReconfirmation(first, ['events.read.a'], [], new Map(), 0, 'the run was interrupted');
    expect(cut.summary.unsettled).toEqual(['events.read.a: its second run was cut short: the run was interrupted']);
    expect(cut.checks.find((c) => c.id === 'events.read.a')?.reconfirmed).toBeUndefined();
  });

  test('the terminal line names the intermittent failures', () => {
    expect(reconfirmationLine(summary, checks)).toBe(
      're-confirmed: 4 failed must-check(s) run once more on fresh records with the same seed: 1 reproduced, 1 intermittent, 2 not re-confirmed (intermittent, still failures: events.read.b); 9 requests',
    );
    expect(reconfirmationLine(undefined, checks)).toBeNull();
    expect(reconfirmationLine({ failed: 0, reproduced: 0, intermittent: 0, requests: 0 }, checks)).toBeNull();
  });
});
