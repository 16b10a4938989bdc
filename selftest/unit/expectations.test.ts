/**
 * Unit tests of the pure regression logic: expectations files (lib/tools/expectations.ts, and that
 * fixtures/schemas/expectations.schema.json agrees with the validator), baseline comparison
 * (lib/tools/compare.ts) and the differential run's generation and normalisation (lib/tools/diff/).
 * The end-to-end behaviour (exit codes, reports, two servers) is in selftest/regression.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Ajv } from 'ajv';
import {
  applyExpectations,
  expectationsExit,
  parseExpectations,
  unknownIds,
  type ExpectationsFile,
} from '../../lib/tools/expectations.ts';
import {
  classOf,
  compareReports,
  parseReport,
  renderComparisonMarkdown,
  renderComparisonText,
} from '../../lib/tools/compare.ts';
import { compareAnswers, jsonDifferences, normaliseBody, normaliseString } from '../../lib/tools/diff/normalise.ts';
import { generateQueries, writeSequence } from '../../lib/tools/diff/generate.ts';
import { countResults, verdictOf, type CheckResult, type RunReport } from '../../lib/report/results.ts';
import { replayCommand } from '../../lib/report/common.ts';
import type { Status } from '../../lib/types.ts';
import { CHECK_ID_PATTERN } from '../../lib/check/meta.ts';
import { BIN, ROOT } from '../support/run-cli.ts';

function check(id: string, status: Status, level: 'must' | 'should' = 'must', title = `title of ${id}`): CheckResult {
  return {
    id,
    title,
    file: 'suites/x.test.ts',
    level,
    tags: [],
    requirements: [],
    spec: 's',
    status,
    duration: 1,
    ...(status !== 'pass' ? { message: `${id} went ${status}\nsecond line` } : {}),
  };
}

function report(checks: CheckResult[], runTag = 'ccunit01'): RunReport {
  return {
    format: 1,
    header: {
      tool: 'calcert',
      version: '0.1.0',
      target: 'http://x/wp-json',
      namespace: 'cal/events/v1',
      embedded: false,
      variant: { declared: 'auto', detected: 'extended', resolved: 'extended', mismatch: false },
      features: [],
      seed: 1,
      runTag,
      readOnly: false,
      startedAt: '2026-01-01T00:00:00.000Z',
      duration: 1,
      requests: 1,
      config: {},
    },
    checks,
    footer: { counts: countResults(checks), verdict: verdictOf(checks, false), errors: [] },
  };
}

const schema = JSON.parse(
  readFileSync(new URL('../../fixtures/schemas/expectations.schema.json', import.meta.url), 'utf8'),
);
const validate = new Ajv({ strict: false }).compile(schema);

describe('expectations file', () => {
  const good = {
    format: 1,
    expectations: { 'events.list.tags-any-of': { reason: 'our server applies only the first tag (ticket #12)' } },
  };

  test('a valid file parses, and the JSON Schema accepts it', () => {
    expect(parseExpectations(good, 'x.json')).toEqual(good);
    expect(validate(good)).toBe(true);
    expect(
      parseExpectations({ $schema: 's', description: 'd', format: 1, expectations: {} }, 'x.json').expectations,
    ).toEqual({});
  });

  const bad: Array<[string, unknown, RegExp]> = [
    ['not an object', [], /not a JSON object/],
    ['wrong format', { format: 2, expectations: {} }, /"format" is 2/],
    ['no expectations', { format: 1 }, /"expectations" must be an object/],
    ['unknown top key', { format: 1, expectations: {}, expected: {} }, /unknown key "expected"/],
    ['not a check ID', { format: 1, expectations: { 'Events list': { reason: 'r' } } }, /is not a check ID/],
    [
      'entry not an object',
      { format: 1, expectations: { 'root.doc.answers': 'r' } },
      /must be an object with a "reason"/,
    ],
    ['no reason', { format: 1, expectations: { 'root.doc.answers': {} } }, /"reason" must be a non-empty string/],
    [
      'blank reason',
      { format: 1, expectations: { 'root.doc.answers': { reason: '  ' } } },
      /"reason" must be a non-empty string/,
    ],
    [
      'unknown entry key',
      { format: 1, expectations: { 'root.doc.answers': { reason: 'r', until: 'x' } } },
      /unknown key "until"/,
    ],
  ];
  test('every ID `calcert list --json` prints is accepted, by the validator and the schema (issue 39 point 3: observe.* was refused)', () => {
    const list = spawnSync(process.execPath, [BIN, 'list', '--json'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(list.status, list.stderr).toBe(0);
    const ids = (JSON.parse(list.stdout) as Array<{ id: string }>).map((c) => c.id);
    expect(ids.some((id) => id.startsWith('observe.'))).toBe(true);
    const file = { format: 1, expectations: Object.fromEntries(ids.map((id) => [id, { reason: 'known' }])) };
    expect(Object.keys(parseExpectations(file, 'all.json').expectations).sort()).toEqual([...ids].sort());
    expect(validate(file), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    // The schemas state the pattern the checks are declared with (lib/check/meta.ts), not a copy of their own.
    const results = JSON.parse(
      readFileSync(new URL('../../fixtures/schemas/results.schema.json', import.meta.url), 'utf8'),
    );
    const patterns = [
      schema.properties.expectations.propertyNames.pattern,
      ...JSON.stringify(results)
        .match(/"pattern":"\^\(root[^"]*"/g)!
        .map((p: string) => JSON.parse(`{${p}}`).pattern),
    ];
    expect(patterns.length).toBeGreaterThan(1);
    for (const p of patterns) expect(p).toBe(CHECK_ID_PATTERN.source);
  });

  test.each(bad)('rejects %s with one line naming the file, and so does the schema', (_name, data, message) => {
    let error: Error | undefined;
    try {
      parseExpectations(data, 'exp.json');
    } catch (e) {
      error = e as Error;
    }
    expect(error?.name).toBe('ConfigError');
    expect(error?.message).toMatch(message);
    expect(error?.message).toMatch(/^--expect exp\.json: /);
    expect(error?.message).not.toMatch(/\n/);
    expect(validate(data)).toBe(false);
  });

  test('failures of listed checks become expected-fail, listed passes become stale, n/a stays, missing IDs are returned', () => {
    const file: ExpectationsFile = {
      format: 1,
      expectations: {
        'events.a.fail': { reason: 'r1' },
        'events.a.warn': { reason: 'r2' },
        'events.a.blocked': { reason: 'r3' },
        'events.a.error': { reason: 'r4' },
        'events.a.pass': { reason: 'r5' },
        'events.a.na': { reason: 'r6' },
        'events.a.gone': { reason: 'r7' },
      },
    };
    const checks = [
      check('events.a.fail', 'fail'),
      check('events.a.warn', 'warn', 'should'),
      check('events.a.blocked', 'blocked'),
      check('events.a.error', 'error'),
      check('events.a.pass', 'pass'),
      check('events.a.na', 'n/a'),
      check('events.a.other', 'fail'),
    ];
    const o = applyExpectations(checks, file);
    const by = Object.fromEntries(o.checks.map((c) => [c.id, c]));
    expect(o.expected.sort()).toEqual(['events.a.blocked', 'events.a.error', 'events.a.fail', 'events.a.warn']);
    expect(by['events.a.fail']!.status).toBe('expected-fail');
    expect(by['events.a.fail']!.expectation).toBe('r1');
    expect(by['events.a.fail']!.message).toMatch(/^\(fail\) events\.a\.fail went fail/);
    expect(by['events.a.warn']!.message).toMatch(/^\(warn\)/);
    expect(o.stale).toEqual(['events.a.pass']);
    expect(by['events.a.pass']!.status).toBe('stale-expectation');
    expect(by['events.a.pass']!.message).toMatch(/remove it from the expectations/);
    expect(by['events.a.na']!.status).toBe('n/a');
    expect(o.notApplicable).toEqual(['events.a.na']);
    expect(by['events.a.other']!.status).toBe('fail');
    expect(o.missing).toEqual(['events.a.gone']);
    // The input is not mutated.
    expect(checks[0]!.status).toBe('fail');
  });

  test('unknown IDs: all missing ones in a full run; in a limited run the selected ones at once, the others only when the suite lacks them', async () => {
    let listed = 0;
    const list = async () => {
      listed++;
      return ['root.doc.answers', 'events.list.other'];
    };
    expect(await unknownIds(['events.x.y'], {}, list)).toEqual(['events.x.y']);
    expect(await unknownIds(['root.doc.typo'], { grep: '^root\\.doc\\.' }, list)).toEqual(['root.doc.typo']);
    expect(await unknownIds(['root.doc.typo'], { ids: ['root.doc.typo', 'root.doc.answers'] }, list)).toEqual([
      'root.doc.typo',
    ]);
    expect(listed).toBe(0);
    expect(
      await unknownIds(['events.list.other', 'events.list.typo', 'root.doc.typo'], { grep: '^root\\.doc\\.' }, list),
    ).toEqual(['events.list.typo', 'root.doc.typo']);
    expect(listed).toBe(1);
  });

  test('the verdict is unchanged by expectations; only the exit code changes', () => {
    const checks = [check('events.a.fail', 'fail'), check('events.a.pass', 'pass')];
    const o = applyExpectations(checks, { format: 1, expectations: { 'events.a.fail': { reason: 'known' } } });
    expect(verdictOf(checks, false)).toBe('not-certified');
    expect(verdictOf(o.checks, false)).toBe('not-certified');
    expect(expectationsExit(checks, [], [], false).exitCode).toBe(1);
    expect(expectationsExit(o.checks, [], [], false)).toEqual({ exitCode: 0, reasons: [] });
  });

  test('exit 1 for unexpected must failures, run errors, stale and unknown (the last two not with allowStale); should warnings never', () => {
    const ok = [
      check('events.a.x', 'pass'),
      check('events.a.w', 'warn', 'should'),
      check('events.a.e', 'expected-fail'),
    ];
    expect(expectationsExit(ok, [], [], false).exitCode).toBe(0);
    expect(expectationsExit([...ok, check('events.a.b', 'blocked')], [], [], true).exitCode).toBe(1);
    expect(expectationsExit(ok, [], ['suites/x.test.ts: failed to load'], true).exitCode).toBe(1);
    const stale = [...ok, check('events.a.s', 'stale-expectation')];
    expect(expectationsExit(stale, [], [], false).reasons.join()).toMatch(/stale expectation.*events\.a\.s/);
    expect(expectationsExit(stale, [], [], true).exitCode).toBe(0);
    expect(expectationsExit(ok, ['events.no.such'], [], false).reasons.join()).toMatch(
      /does not have.*events\.no\.such/,
    );
    expect(expectationsExit(ok, ['events.no.such'], [], true).exitCode).toBe(0);
  });
});

describe('baseline comparison', () => {
  test('status classes', () => {
    expect(classOf('pass', 'must')).toBe('ok');
    expect(classOf('stale-expectation', 'must')).toBe('ok');
    expect(classOf('n/a', 'must')).toBe('na');
    expect(classOf('expected-fail', 'must')).toBe('fail');
    expect(classOf('expected-fail', 'should')).toBe('warn');
    for (const s of ['fail', 'blocked', 'error'] as const) expect(classOf(s, 'must')).toBe('fail');
  });

  const old = report([
    check('events.a.one', 'pass'),
    check('events.a.two', 'n/a'),
    check('events.a.three', 'fail'),
    check('events.a.four', 'pass', 'should'),
    check('events.a.five', 'pass'),
    check('events.a.six', 'fail'),
    check('events.a.gone', 'pass'),
    check('events.a.same', 'pass'),
    check('events.a.blk', 'pass', 'should'),
  ]);
  const neu = report(
    [
      check('events.a.one', 'fail', 'must', 'a renamed title'),
      check('events.a.two', 'blocked'),
      check('events.a.three', 'pass'),
      check('events.a.four', 'warn', 'should'),
      check('events.a.five', 'n/a'),
      check('events.a.six', 'error'),
      check('events.a.new', 'fail'),
      check('events.a.same', 'pass'),
      check('events.a.blk', 'error', 'should'),
    ],
    'ccunit02',
  );

  test('sorts every change by check ID (titles play no part)', () => {
    const c = compareReports(old, neu);
    const ids = (l: { id: string }[]) => l.map((x) => x.id).sort();
    expect(ids(c.newlyFailing)).toEqual(['events.a.blk', 'events.a.one', 'events.a.two']);
    expect(ids(c.newlyPassing)).toEqual(['events.a.three']);
    expect(ids(c.newlyNa)).toEqual(['events.a.five']);
    expect(ids(c.added)).toEqual(['events.a.new']);
    expect(ids(c.removed)).toEqual(['events.a.gone']);
    expect(ids(c.changed)).toEqual(['events.a.four', 'events.a.six']);
    expect(c.unchanged).toBe(1);
    // A should-check going to error is newly failing, but only must-checks regress without strict.
    expect(ids(c.regressions)).toEqual(['events.a.one', 'events.a.two']);
    expect(c.regressed).toBe(true);
    expect(c.newlyFailing.find((x) => x.id === 'events.a.one')).toMatchObject({
      from: 'pass',
      to: 'fail',
      message: 'events.a.one went fail',
    });
  });

  test('every regression names its replay line, whatever its message carries (issue 39 point 10: one in three did)', () => {
    const base = report([check('observe.x.a', 'pass'), check('events.b.c', 'pass'), check('events.p.q', 'pass')]);
    const failed = report([
      { ...check('observe.x.a', 'fail'), message: 'listed 3 of 4; replay: npx calcert certify --seed 9 --grep x' },
      { ...check('events.b.c', 'fail'), message: 'answered 500' },
      { ...check('events.p.q', 'fail'), message: 'property failed\ncause: boom\nreplay: npx calcert certify --grep p' },
    ]);
    const c = compareReports(base, failed);
    expect(c.regressions.map((x) => [x.id, x.message, x.replay])).toEqual([
      ['observe.x.a', 'listed 3 of 4', replayCommand(failed, failed.checks[0]!)],
      ['events.b.c', 'answered 500', replayCommand(failed, failed.checks[1]!)],
      ['events.p.q', 'property failed', replayCommand(failed, failed.checks[2]!)],
    ]);
    expect(replayCommand(failed, failed.checks[1]!)).toMatch(
      / certify --base-url http:\/\/x\/wp-json .*--grep '\^events\\\.b\\\.c\$'$/,
    );
    const text = renderComparisonText(c);
    expect(text.match(/^ +replay: /gm)).toHaveLength(3);
    expect(text).not.toMatch(/; replay:/);
    expect(renderComparisonMarkdown(c).match(/replay: `/g)).toHaveLength(3);
  });

  test('strict: new warnings are newly failing and every newly failing check regresses', () => {
    const c = compareReports(old, neu, true);
    expect(c.newlyFailing.map((x) => x.id).sort()).toEqual([
      'events.a.blk',
      'events.a.four',
      'events.a.one',
      'events.a.two',
    ]);
    expect(c.regressions.map((x) => x.id).sort()).toEqual([
      'events.a.blk',
      'events.a.four',
      'events.a.one',
      'events.a.two',
    ]);
  });

  test('a title change alone is no change; the same report is no regression', () => {
    const renamed = report(old.checks.map((c) => ({ ...c, title: 'something else' })));
    const c = compareReports(old, renamed, true);
    expect(c.regressed).toBe(false);
    expect(c.unchanged).toBe(old.checks.length);
    expect(renderComparisonText(c)).toMatch(/no changes \(9 checks with the same status\)\nno regression \(strict\)$/);
    expect(renderComparisonMarkdown(c)).toMatch(/No changes/);
  });

  // Issue 31 point 13: compare and --baseline (renderComparisonText/Markdown) warn when the runs are of different targets.
  test('two runs of different targets or variants are compared with a warning; one target, none', () => {
    const a = report([check('events.a.x', 'pass')]);
    const b = report([check('events.a.x', 'pass')]);
    b.header = { ...b.header, target: 'https://staging.example.org/wp-json' };
    const c = compareReports(a, b);
    expect(c.warnings).toEqual([
      "the two runs are of different targets: http://x/wp-json (namespace cal/events/v1) and https://staging.example.org/wp-json (namespace cal/events/v1); a change may be the target's, not the server's new version",
    ]);
    expect(renderComparisonText(c)).toMatch(/^warning: the two runs are of different targets: /);
    expect(renderComparisonMarkdown(c)).toContain('**Warning**: the two runs are of different targets');
    b.header = { ...a.header, variant: { ...a.header.variant, resolved: 'base' } };
    expect(compareReports(a, b).warnings).toEqual(['the two runs are of different variants: extended and base']);
    expect(compareReports(a, report([check('events.a.x', 'fail')])).warnings).toBeUndefined();
  });

  test('new warnings alone are no regression without strict, a regression with it', () => {
    const a = report([check('events.a.w', 'pass', 'should')]);
    const b = report([check('events.a.w', 'warn', 'should')]);
    expect(compareReports(a, b).regressed).toBe(false);
    expect(compareReports(a, b, true).regressed).toBe(true);
  });

  test('expected-fail compares as the failure it is; stale as a pass', () => {
    const a = report([check('events.a.x', 'pass'), check('events.a.y', 'expected-fail')]);
    const b = report([check('events.a.x', 'expected-fail'), check('events.a.y', 'stale-expectation')]);
    const c = compareReports(a, b);
    expect(c.newlyFailing.map((x) => x.id)).toEqual(['events.a.x']);
    expect(c.newlyPassing.map((x) => x.id)).toEqual(['events.a.y']);
  });

  test('the text and Markdown renderings name the changes and the regression', () => {
    const c = compareReports(old, neu);
    const text = renderComparisonText(c);
    expect(text).toMatch(/^newly failing \(3\):$/m);
    expect(text).toMatch(/must +events\.a\.one +pass -> fail +events\.a\.one went fail$/m);
    expect(text).toMatch(/^REGRESSION: 2 check\(s\) newly failing \(must\): events\.a\.one, events\.a\.two$/m);
    const md = renderComparisonMarkdown(c);
    expect(md).toMatch(/^## Changes since the baseline/);
    expect(md).toMatch(/\| newly failing \| `events\.a\.one` \| must \| pass \| fail \|/);
  });

  const badReports: Array<[string, unknown, RegExp]> = [
    ['not an object', 'x', /not a JSON object/],
    ['format 2', { ...report([]), format: 2 }, /"format" is 2/],
    ['no header', { format: 1, checks: [], footer: {} }, /no "header"/],
    ['checks not an array', { ...report([]), checks: {} }, /"checks" is not an array/],
    [
      'unknown status',
      report([{ ...check('events.a.x', 'pass'), status: 'passed' as Status }]),
      /unknown status "passed"/,
    ],
    ['duplicate id', report([check('events.a.x', 'pass'), check('events.a.x', 'fail')]), /events\.a\.x appears twice/],
  ];
  test.each(badReports)(
    'an input that is not results.json format 1 (%s) is one ConfigError line',
    (_n, data, message) => {
      expect(() => parseReport(data, 'old.json')).toThrow(message);
      try {
        parseReport(data, 'old.json');
      } catch (e) {
        expect((e as Error).name).toBe('ConfigError');
        expect((e as Error).message).toMatch(/^old\.json is not a calcert results\.json \(format 1\): [^\n]+$/);
      }
    },
  );
});

describe('differential run: generation and normalisation', () => {
  test('the same seed gives the same requests; another seed others', () => {
    const a = generateQueries(7, 15, '2027-03-01');
    expect(generateQueries(7, 15, '2027-03-01')).toEqual(a);
    expect(generateQueries(8, 15, '2027-03-01')).not.toEqual(a);
    expect(a.length).toBe(15 + 8);
    expect(a.every((s) => s.method === 'GET')).toBe(true);
    expect(new Set(a.map((s) => s.path))).toEqual(
      new Set(['', '/events', '/venues', '/organizers', '/categories', '/tags']),
    );
    for (const s of a) expect(Object.keys(s.query ?? {}).length).toBeLessThanOrEqual(3);
  });

  test('the write sequence is run-tagged and deletes everything it creates', () => {
    const steps = writeSequence('cctag123', '2027-03-01');
    const created = steps.filter((s) => s.save).map((s) => s.save);
    expect(created).toEqual(['venue', 'organizer', 'category', 'tag', 'event']);
    for (const s of steps.filter((x) => x.method === 'POST')) expect(JSON.stringify(s.json)).toContain('cctag123');
    for (const name of created)
      expect(steps.some((s) => s.method === 'DELETE' && s.path.endsWith(`{${name}}`))).toBe(true);
  });

  const a = { origin: 'http://127.0.0.1:1001', namespace: 'cal/events/v1' };
  const b = { origin: 'https://staging.example.org', namespace: 'tribe/events/v1' };

  test('URLs differing only by host, port, namespace or record ID normalise alike', () => {
    expect(normaliseString('http://127.0.0.1:1001/wp-json/cal/events/v1/events/82?page=2', a)).toBe(
      '<origin>/wp-json/<ns>/events/<id>?page=2',
    );
    expect(normaliseString('https://staging.example.org/wp-json/tribe/events/v1/events/7?page=2', b)).toBe(
      '<origin>/wp-json/<ns>/events/<id>?page=2',
    );
    expect(normaliseString('http://127.0.0.1:1001/?post_type=tribe_events&p=12', a)).toBe(
      '<origin>/?post_type=tribe_events&p=<id>',
    );
    expect(normaliseString('plain text 82', a)).toBe('plain text 82');
  });

  test('IDs and timestamps are ignored, other values are not', () => {
    const ra = {
      id: 82,
      date: '2026-01-01 10:00:00',
      modified_utc: '2026-01-01 10:00:00',
      start_date: '2027-01-01 10:00:00',
      title: 'T',
      venue: { id: 3, venue: 'Hall' },
      categories: [{ id: 5, parent: 0, name: 'Music' }],
    };
    const rb = {
      id: 7,
      date: '2026-02-02 11:00:00',
      modified_utc: '2026-02-02 11:00:00',
      start_date: '2027-01-01 10:00:00',
      title: 'T',
      venue: { id: 9, venue: 'Hall' },
      categories: [{ id: 6, parent: 0, name: 'Music' }],
    };
    expect(jsonDifferences(normaliseBody(ra, a), normaliseBody(rb, b))).toEqual([]);
    expect(
      jsonDifferences(normaliseBody({ ...ra, start_date: '2027-01-01 11:00:00' }, a), normaliseBody(rb, b)),
    ).toEqual(['/start_date: "2027-01-01 11:00:00" vs "2027-01-01 10:00:00"']);
    expect(jsonDifferences(normaliseBody({ ...ra, categories: [] }, a), normaliseBody(rb, b))).toEqual([
      '/categories: 0 items vs 1 items',
    ]);
    expect(jsonDifferences({ x: 1 }, { y: 1 })).toEqual(['/x: 1 vs (absent)', '/y: (absent) vs 1']);
  });

  test('answers compare by status and normalised body', () => {
    const ans = (status: number | null, body: unknown, error?: string) => ({
      status,
      body,
      raw: JSON.stringify(body ?? ''),
      curl: '',
      ...(error ? { error } : {}),
    });
    expect(compareAnswers(ans(200, { id: 1, t: 'x' }), a, ans(200, { id: 2, t: 'x' }), b)).toEqual([]);
    expect(compareAnswers(ans(200, { t: 'x' }), a, ans(404, { t: 'x' }), b)).toEqual(['status 200 vs 404']);
    expect(compareAnswers(ans(200, { t: 'x' }), a, ans(null, undefined, 'connection refused'), b)).toEqual([
      'transport: HTTP 200 vs connection refused',
    ]);
    expect(
      compareAnswers(ans(200, { t: 'x' }), a, { status: 200, body: undefined, raw: '<html>', curl: '' }, b),
    ).toEqual(['body: JSON vs not JSON']);
  });
});

describe('retired check IDs (fixtures/spec/aliases.json)', () => {
  const table = (
    JSON.parse(readFileSync(new URL('../../fixtures/spec/aliases.json', import.meta.url), 'utf8')) as {
      aliases: Record<string, string>;
    }
  ).aliases;
  const [oldId, newId] = Object.entries(table)[0];

  test('the table maps old IDs to other, well-formed IDs, and no new ID is itself retired', () => {
    expect(Object.keys(table).length).toBeGreaterThan(0);
    for (const [from, to] of Object.entries(table)) {
      expect(from).toMatch(/^[a-z]+\.[a-z0-9-]+\.[a-z0-9-]+$/);
      expect(to).toMatch(/^[a-z]+\.[a-z0-9-]+\.[a-z0-9-]+$/);
      expect(to).not.toBe(from);
      expect(from.split('.')[0], `${from} keeps its group`).toBe(to.split('.')[0]);
      expect(Object.hasOwn(table, to), `${to} is retired too`).toBe(false);
    }
  });

  test('an expectations file naming an old ID applies to the check that replaced it', () => {
    const file = parseExpectations({ format: 1, expectations: { [oldId]: { reason: 'known bug 12' } } }, 'old.json');
    expect(Object.keys(file.expectations)).toEqual([newId]);
    const out = applyExpectations([check(newId, 'fail')], file);
    expect(out.checks[0].status).toBe('expected-fail');
    expect(out.expected).toEqual([newId]);
    expect(out.missing).toEqual([]);
  });

  test('a baseline naming old IDs compares with a run of the new IDs: no removed or added check, regressions found', () => {
    const oldReport = parseReport(
      JSON.parse(JSON.stringify(report([check(oldId, 'pass'), check('events.read.by-id', 'pass')]))),
      'baseline.json',
    );
    const newReport = parseReport(
      JSON.parse(JSON.stringify(report([check(newId, 'fail'), check('events.read.by-id', 'pass')]))),
      'new.json',
    );
    const c = compareReports(oldReport, newReport);
    expect(c.removed).toEqual([]);
    expect(c.added).toEqual([]);
    expect(c.regressions.map((r) => r.id)).toEqual([newId]);
  });
});
