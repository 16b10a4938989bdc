// Progress and colour (issue 14 point 2): a live line on a TTY, a line per suite file in CI,
// colour only on a TTY without NO_COLOR, and one line (not one per check) for a target that went down.
import { expect, test } from 'vitest';
import { Progress } from '../../lib/commands/progress.ts';
import { colourWanted } from '../../lib/run/config/load.ts';
import type { CheckResult } from '../../lib/report/results.ts';

function result(id: string, status: CheckResult['status'], extra: Partial<CheckResult> = {}): CheckResult {
  return {
    id,
    title: id,
    file: `suites/${id.split('.')[0]}/x.test.ts`,
    level: 'must',
    tags: [],
    requirements: [],
    spec: '',
    status,
    duration: 1,
    requests: 2,
    ...extra,
  } as CheckResult;
}

function capture(tty: boolean, colour: boolean) {
  let text = '';
  const p = new Progress({ tty, colour, write: (t) => (text += t) });
  return { p, text: () => text };
}

test('not a TTY: one line per suite file when it ends, no escape codes; failures listed', () => {
  const { p, text } = capture(false, false);
  p.onProgress({ kind: 'planned', file: 'suites/root/x.test.ts', checks: 2 });
  p.onResult(result('root.a', 'pass'));
  p.onResult(result('root.b', 'fail', { message: 'wrong status' }));
  p.onProgress({ kind: 'file-end', file: 'suites/root/x.test.ts' });
  p.end();
  expect(text()).toBe(
    'FAIL root.b (must): wrong status\n[2/2] suites/root/x.test.ts: 1 pass, 1 fail; 4 requests so far\n',
  );
});

test('on a TTY: a live line with done/total, counts by status and requests; coloured', () => {
  const { p, text } = capture(true, true);
  p.onProgress({ kind: 'planned', file: 'suites/root/x.test.ts', checks: 3 });
  p.onResult(result('root.a', 'pass'));
  p.end();
  expect(text()).toContain('\r\x1b[2K[1/3] ');
  expect(text()).toMatch(/1 pass.*; 2 requests/);
  expect(text()).toContain('\x1b[32m'); // green
  expect(text().endsWith('\r\x1b[2K')).toBe(true); // the live line is removed before the closing output
});

test('a target that went down: one line, then no per-check noise', () => {
  const { p, text } = capture(false, false);
  for (let i = 0; i < 10; i++)
    p.onResult(
      result(`events.c${i}`, 'fail', { message: 'no answer', transport: 'refused' as CheckResult['transport'] }),
    );
  const lines = text().trim().split('\n');
  expect(lines.filter((l) => l.includes('the target stopped answering'))).toHaveLength(1);
  expect(lines.length).toBeLessThanOrEqual(3 + 1);
});

test('colour only on a TTY, never with NO_COLOR or TERM=dumb', () => {
  expect(colourWanted({ isTTY: true }, {})).toBe(true);
  expect(colourWanted({ isTTY: false }, {})).toBe(false);
  expect(colourWanted({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
  expect(colourWanted({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
});

// Issue 31 point 13: the total is shown once every suite file is collected, and never grows.
test('the progress total is shown only once known, and never grows', () => {
  const { p, text } = capture(false, false);
  p.onProgress({ kind: 'files', count: 2 });
  p.onProgress({ kind: 'planned', file: 'suites/root/x.test.ts', checks: 2 });
  p.onResult(result('root.a', 'pass'));
  p.onResult(result('root.b', 'pass'));
  p.onProgress({ kind: 'file-end', file: 'suites/root/x.test.ts' });
  p.onProgress({ kind: 'planned', file: 'suites/events/x.test.ts', checks: 3 });
  for (const id of ['events.a', 'events.b', 'events.c']) p.onResult(result(id, 'pass'));
  p.onProgress({ kind: 'file-end', file: 'suites/events/x.test.ts' });
  expect(text()).toBe(
    '[2 done, 1 of 2 files started] suites/root/x.test.ts: 2 pass; 4 requests so far\n[5/5] suites/events/x.test.ts: 3 pass; 10 requests so far\n',
  );
});

// Issue 31 point 13: every FAIL line has its replay line, once.
test("a failure prints its replay line once: from its message, else the run's", () => {
  const { p, text } = capture(false, false);
  p.replayOf = (id) => `npx calcert certify --seed 1 --grep '^${id}$'`;
  // An observation failure carries it in its first line.
  p.onResult(result('observe.a', 'fail', { message: 'listed 3 of 4; replay: npx calcert certify --seed 9 --grep x' }));
  // A property failure on a line of its own.
  p.onResult(
    result('events.p', 'fail', {
      message: 'property failed\ncounterexample: [1]\ncause: boom\nreplay: npx calcert certify --seed 9 --grep p',
    }),
  );
  // Any other failure: the run's replay line.
  p.onResult(result('events.b', 'fail', { message: 'expected 201, got 500' }));
  expect(text()).toBe(
    [
      'FAIL observe.a (must): listed 3 of 4',
      '       replay: npx calcert certify --seed 9 --grep x',
      'FAIL events.p (must): property failed',
      '       counterexample: [1]',
      '       cause: boom',
      '       replay: npx calcert certify --seed 9 --grep p',
      'FAIL events.b (must): expected 201, got 500',
      "       replay: npx calcert certify --seed 1 --grep '^events.b$'",
      '',
    ].join('\n'),
  );
});

test('a stopped run: its unjudged checks in one line at the end, not one line each (issue 39 point 6)', () => {
  const { p, text } = capture(false, false);
  p.onResult(result('root.a', 'fail', { message: 'wrong status' }));
  const cut = (id: string, notStarted: boolean) =>
    result(id, 'error', {
      message: `the suite could not judge: the run was stopped (deadline or interruption) before the check ${notStarted ? 'started' : 'ended'}`,
      unjudged: 'interrupted',
      ...(notStarted ? { notStarted: true as const } : {}),
      requests: 0,
    });
  p.onResult(cut('events.running', false));
  for (let i = 0; i < 676; i++) p.onResult(cut(`events.c${i}`, true));
  p.end();
  expect(text().trim().split('\n')).toEqual([
    'FAIL root.a (must): wrong status',
    'ERR  677 checks not judged: the run was stopped before they ended (676 never started; 1 in files already started, e.g. events.running); the report lists each',
  ]);
});

// Issue 39 point 10: under --expect the live lines said FAIL for a failure the run was told to expect.
test('under --expect: an expected failure shows as xfail with its reason, counted so; others as they are', () => {
  const { p, text } = capture(false, false);
  p.expected = (id) => (id === 'root.b' ? 'known: ticket 12' : undefined);
  p.onProgress({ kind: 'planned', file: 'suites/root/x.test.ts', checks: 3 });
  p.onResult(result('root.a', 'fail', { message: 'wrong status' }));
  p.onResult(result('root.b', 'fail', { message: 'wrong code' }));
  p.onResult(result('root.c', 'pass'));
  p.onProgress({ kind: 'file-end', file: 'suites/root/x.test.ts' });
  p.end();
  expect(text()).toBe(
    [
      'FAIL root.a (must): wrong status',
      'xfail root.b (must): (fail, expected: known: ticket 12) wrong code',
      '[3/3] suites/root/x.test.ts: 1 fail, 1 expected-fail, 1 pass; 6 requests so far',
      '',
    ].join('\n'),
  );
});
