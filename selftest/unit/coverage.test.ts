/**
 * The coverage map (issue 32), table-driven: what a request sent (lib/coverage/traffic.ts), the
 * status and reason of an element (lib/coverage/map.ts), declared against measured with its
 * positive control (lib/coverage/declared.ts), the --min-judged gate and the certificate figures.
 */
import { describe, expect, test } from 'vitest';
import { unexcused } from '../../lib/coverage/declared.ts';
import { allElements, elementsOf } from '../../lib/coverage/elements.ts';
import {
  buildCoverageMap,
  type CheckTraffic,
  coverageFigures,
  judgedGate,
  mislabelledOf,
  type RunScope,
} from '../../lib/coverage/map.ts';
import { coverageHtml, coverageMarkdown, coverageMatrixHtml } from '../../lib/report/coverage.ts';
import { answerElements, sentElements, valueClasses } from '../../lib/coverage/traffic.ts';
import type { RunReport } from '../../lib/report/results.ts';
import { expectCoverage } from '../support/coverage.ts';

const NS = 'tribe/events/v1';
const ROOT = `http://x.test/wp-json/${NS}`;
const R = (m: string, p: string) => `route:${m} /cal/events/v1${p}`;

describe('what a request sent', () => {
  const cases: Array<
    [string, { method: string; url: string; body?: string; contentType?: string }, string[], string[]]
  > = [
    [
      'a list with an array, a comma string and a date-only value',
      {
        method: 'GET',
        url: `${ROOT}/events?categories%5B%5D=3&categories%5B%5D=news&venue=4,987654321&start_date=2026-01-02`,
      },
      [
        R('GET', '/events'),
        'param:events.categories',
        'value:events.categories=array',
        'value:events.categories=slug',
        'param:events.venue',
        'value:events.venue=comma',
        'value:events.venue=unknown',
        'value:events.start_date=date-only',
      ],
      ['value:events.categories=single', 'value:events.start_date=date-time'],
    ],
    [
      'an unknown ID as the generators draw it (900,000,000 and above), and a large real one',
      { method: 'GET', url: `${ROOT}/categories?include=900000123&exclude=899999999` },
      ['value:categories.include=unknown', 'value:categories.include=single', 'value:categories.exclude=single'],
      ['value:categories.exclude=unknown'],
    ],
    [
      'date-time, timestamp and invalid dates',
      { method: 'GET', url: `${ROOT}/events?starts_after=2026-01-02%2010:00:00&ends_before=1767225600&end_date=foo` },
      ['value:events.starts_after=date-time', 'value:events.ends_before=timestamp', 'value:events.end_date=invalid'],
      [],
    ],
    [
      'a create with a JSON body',
      {
        method: 'POST',
        url: `${ROOT}/events`,
        body: JSON.stringify({ title: 'a', start_date: 'x', venue: { venue: 'v' } }),
        contentType: 'application/json',
      },
      [
        R('POST', '/events'),
        'field:events.title@create',
        'field:events.start_date@create',
        'field:events.venue@create',
      ],
      ['field:venues.venue@create'],
    ],
    [
      'a form-encoded update by PUT',
      {
        method: 'PUT',
        url: `${ROOT}/venues/12`,
        body: 'city=Paris&organizer%5B%5D=3',
        contentType: 'application/x-www-form-urlencoded',
      },
      [R('PUT', '/venues/{id}'), 'param:path.id', 'field:venues.city@put', 'field:venues.organizer@put'],
      [],
    ],
    [
      'an update by slug',
      { method: 'PATCH', url: `${ROOT}/organizers/by-slug/bob`, body: '{"slug":"bob","email":"a@b"}' },
      [R('PATCH', '/organizers/by-slug/{slug}'), 'param:path.slug', 'field:organizers.email@slug'],
      ['field:organizers.email@patch'],
    ],
    [
      'a ?rest_route= root',
      { method: 'GET', url: `http://x.test/?rest_route=/${NS}/tags&per_page=60&order=DESC` },
      [R('GET', '/tags'), 'param:tags.per_page', 'value:tags.per_page=above-cap', 'value:tags.order=desc'],
      [],
    ],
    [
      'the event password on a read by ID',
      { method: 'GET', url: `${ROOT}/events/5?password=pw` },
      [R('GET', '/events/{id}'), 'param:item.password'],
      [],
    ],
    [
      'a non-digit ID is no route of the table',
      { method: 'GET', url: `${ROOT}/events/abc` },
      [],
      [R('GET', '/events/{id}')],
    ],
    ['another namespace', { method: 'GET', url: 'http://x.test/wp-json/wp/v2/posts' }, [], []],
  ];
  test.each(cases)('%s', (_name, req, has, hasNot) => {
    const got = sentElements({ ...req, namespace: NS });
    for (const id of has) expect(got).toContain(id);
    for (const id of hasNot) expect(got).not.toContain(id);
  });

  test.each([
    ['bool', ['1'], false, ['true']],
    ['bool', ['false'], false, ['false']],
    ['per_page', ['0'], false, ['invalid']],
    ['per_page', ['50'], false, ['in-range']],
    ['page', ['2'], false, ['later']],
    ['status', ['pending'], false, ['other']],
    ['status', ['foo'], false, []],
    ['orderby', ['slug'], false, ['other']],
    ['ids', ['1', '2'], true, ['array']],
  ] as const)('value class of %s %j', (rule, values, array, want) => {
    expect(valueClasses(rule, { values: [...values], array }).sort()).toEqual([...want].sort());
  });

  test('the response fields an answer carried', () => {
    expect(answerElements(`${ROOT}/venues/3`, NS, { id: 3, venue: 'v', city: 'c' })).toEqual([
      'response:venues.id',
      'response:venues.venue',
      'response:venues.city',
    ]);
    expect(answerElements(`${ROOT}/tags`, NS, { tags: [], total: 0 })).toEqual([
      'response:tags-list.tags',
      'response:tags-list.total',
    ]);
    expect(answerElements(`${ROOT}/tags/9`, NS, { code: 'x', message: 'm', data: { status: 404 } })).toEqual([
      'response:error.code',
      'response:error.message',
      'response:error.data.status',
    ]);
    expect(answerElements(`${ROOT}/tags/9`, NS, 'text')).toEqual([]);
  });
});

describe('the elements', () => {
  test('every route-method, parameter and field of the spec, once, with its variant', () => {
    const ids = allElements().map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((i) => i.startsWith('route:'))).toHaveLength(52);
    expect(ids).toContain('field:events.title@slug');
    expect(ids).not.toContain('field:categories.name@slug');
    expect(elementsOf('base').map((e) => e.id)).not.toContain('field:venues.city@slug');
    expect(elementsOf('base').map((e) => e.id)).not.toContain('param:events.starts_before');
    expect(elementsOf('extended').length).toBeGreaterThan(elementsOf('base').length);
  });
});

const FULL: RunScope = {
  variant: 'extended',
  features: [],
  fixtures: ['image', 'childEvent', 'ticketedEvent', 'passwordEvent'],
  readOnly: false,
};
const check = (over: Partial<CheckTraffic>): CheckTraffic => ({
  id: 'events.list.x',
  level: 'must',
  status: 'pass',
  tags: [],
  requirements: [R('GET', '/events')],
  traffic: { sent: [], judged: [] },
  ...over,
});

describe('the status and reason of an element', () => {
  const search = 'param:events.search';
  const cases: Array<[string, CheckTraffic[], RunScope, string, string, { status: string; reason?: string }]> = [
    [
      'judged by a passing must-check',
      [check({ traffic: { sent: [search], judged: [search] } })],
      FULL,
      search,
      'x',
      { status: 'judged-must' },
    ],
    [
      'judged by a should-check that warned',
      [check({ level: 'should', status: 'warn', traffic: { sent: [search], judged: [search] } })],
      FULL,
      search,
      'x',
      { status: 'judged-should' },
    ],
    [
      'sent by a check that was blocked',
      [check({ status: 'blocked', traffic: { sent: [search], judged: [search] } })],
      FULL,
      search,
      'x',
      { status: 'exercised' },
    ],
    [
      'sent but never asserted on',
      [check({ traffic: { sent: [search], judged: [] } })],
      FULL,
      search,
      'x',
      { status: 'exercised' },
    ],
    [
      'another variant',
      [],
      { ...FULL, variant: 'base' },
      'param:events.include',
      'x',
      { status: 'not-exercised', reason: 'variant' },
    ],
    [
      'another variant, its answer judged all the same (a base server answers an event with categories)',
      [check({ traffic: { sent: ['response:events.categories'], judged: ['response:events.categories'] } })],
      { ...FULL, variant: 'base' },
      'response:events.categories',
      'x',
      { status: 'judged-must', reason: 'variant' },
    ],
    ['a feature off', [], FULL, 'param:events.geoloc', 'x', { status: 'not-exercised', reason: 'feature off' }],
    [
      'a feature off, sent all the same',
      [check({ traffic: { sent: ['param:events.geoloc'], judged: [] } })],
      FULL,
      'param:events.geoloc',
      'x',
      { status: 'exercised', reason: 'feature off' },
    ],
    [
      'a feature off, its fixture present (ticketed needs the tickets extension)',
      [],
      FULL,
      'value:events.ticketed=true',
      'x',
      { status: 'not-exercised', reason: 'feature off' },
    ],
    [
      'a feature on, its fixture absent',
      [],
      { ...FULL, features: ['tickets'], fixtures: [] },
      'param:events.ticketed',
      'x',
      { status: 'not-exercised', reason: 'fixture absent' },
    ],
    [
      'a fixture absent',
      [],
      { ...FULL, fixtures: [] },
      'field:events.image@create',
      'x',
      { status: 'not-exercised', reason: 'fixture absent' },
    ],
    [
      'a read-only run',
      [],
      { ...FULL, readOnly: true },
      'field:events.title@create',
      'x',
      { status: 'not-exercised', reason: 'read-only' },
    ],
    [
      'a read of a read-only run',
      [],
      { ...FULL, readOnly: true },
      search,
      'x',
      { status: 'not-exercised', reason: 'no data on the site' },
    ],
    [
      'its checks not judged',
      [check({ status: 'error', requirements: [search], traffic: { sent: [], judged: [] } })],
      FULL,
      search,
      'x',
      { status: 'not-exercised', reason: 'checks not judged' },
    ],
    ['no check sends it', [], FULL, search, 'x', { status: 'not-exercised', reason: 'not sent by any check' }],
  ];
  test.each(cases)('%s', (_name, checks, scope, id, _x, want) => {
    const map = buildCoverageMap(checks, scope);
    const e = map.elements.find((x) => x.id === id);
    expect(e && { status: e.status, ...(e.reason ? { reason: e.reason } : {}) }).toEqual(want);
  });

  // Issue 39 point 10: the two-run matrix listed the elements the runs' features rule out too.
  test('the matrix of two runs has one row per element of their variant and features', () => {
    const map = buildCoverageMap([check({ traffic: { sent: [search], judged: [search] } })], FULL);
    const runs = ['a', 'b'].map((label) => ({ label, report: { coverage: map } as RunReport }));
    const html = coverageMatrixHtml(runs);
    expect(html.match(/<tr( class="differs")?><td><code>/g)?.length).toBe(map.total);
    expect(html).toContain(`0 of ${map.total} elements differ`);
  });

  test('shares count the variant with its features; the figures follow from the elements', () => {
    const map = buildCoverageMap([check({ traffic: { sent: [search], judged: [search] } })], FULL);
    expect(map.total).toBe(elementsOf('extended').filter((e) => !(e.needs && 'feature' in e.needs)).length);
    expect(map.judged).toBe(1);
    expect(coverageFigures(map)).toMatchObject({
      total: map.total,
      judged: 1,
      judgedMust: 1,
      judgedShare: map.judgedShare,
    });
    expect(coverageMarkdown({ coverage: map })).toContain('| parameters |');
    expect(coverageHtml({ coverage: map })).toContain('cv-judged-must');
  });

  test('an element the variant or features rule out is never counted, sent or not: verify recounts the same figures', () => {
    // Issue 39 point 1: a base run judged the extended-only `response:events.categories`; the map
    // left it out of its figures while verify's recount from the elements took it in.
    const sent = ['response:events.categories', 'response:events.tags', 'param:events.geoloc', search];
    const scope: RunScope = { ...FULL, variant: 'base' };
    const map = buildCoverageMap([check({ traffic: { sent, judged: sent } })], scope);
    expect(map.total).toBe(elementsOf('base').filter((e) => !(e.needs && 'feature' in e.needs)).length);
    expect(map.judged).toBe(1);
    const { judged, judgedMust, total, judgedShare, mustShare } = map;
    expect(coverageFigures(map)).toEqual({ judged, judgedMust, total, judgedShare, mustShare });
  });

  test('a --grep run shows only the elements its checks sent or cite', () => {
    const map = buildCoverageMap(
      [check({ requirements: [search], traffic: { sent: [R('GET', '/events')], judged: [] } })],
      {
        ...FULL,
        grep: 'events\\.list\\.x',
      },
    );
    expect(map.elements.map((e) => e.id).sort()).toEqual([R('GET', '/events'), search].sort());
    expect(map.selection).toEqual({ grep: 'events\\.list\\.x' });
  });
});

describe('declared against measured', () => {
  test('positive control: a check citing a parameter it does not send is mislabelled and not excused', () => {
    const control = check({
      id: 'events.list.control',
      requirements: [R('GET', '/events'), 'param:events.search'],
      traffic: { sent: [R('GET', '/events'), 'param:events.page'], judged: [R('GET', '/events')] },
    });
    const found = mislabelledOf([control]);
    expect(found).toEqual([{ check: 'events.list.control', requirement: 'param:events.search' }]);
    expect(unexcused(found)).toEqual(found);
    // The same check sending it is not.
    expect(
      mislabelledOf([{ ...control, traffic: { sent: [R('GET', '/events'), 'param:events.search'], judged: [] } }]),
    ).toEqual([]);
    // Coverage rows name a field under an operation; a keep row is never sent by definition.
    const row = check({
      requirements: ['cover:venues.city.put', 'cover:venues.city.keep'],
      traffic: { sent: [], judged: [] },
    });
    expect(mislabelledOf([row])).toEqual([{ check: 'events.list.x', requirement: 'cover:venues.city.put' }]);
    // A check that did not run to its end (blocked, or stopped at a failure or warning) is not judged for its labels.
    expect(mislabelledOf([{ ...control, status: 'blocked' }])).toEqual([]);
    expect(mislabelledOf([{ ...control, status: 'warn', level: 'should' }])).toEqual([]);
  });

  test('the justified exceptions excuse only their kind', () => {
    expect(unexcused([{ check: 'events.create.missing-title-400', requirement: 'field:events.title' }])).toEqual([]);
    expect(unexcused([{ check: 'events.create.round-trip', requirement: 'field:events.title' }])).toHaveLength(1);
  });
});

test('--min-judged names the short groups', () => {
  const map = buildCoverageMap([], FULL);
  expect(judgedGate(map, 0)).toBeNull();
  const line = judgedGate(map, 50);
  expect(line).toMatch(/judged 0% .* under --min-judged 50%; short: routes 0\/52/);
});

test("positive control of the certification's self-test: a check citing a parameter it does not send fails it", () => {
  const control = check({
    id: 'events.list.control',
    requirements: [R('GET', '/events'), 'param:events.search'],
    traffic: { sent: [R('GET', '/events')], judged: [R('GET', '/events')] },
  });
  const map = buildCoverageMap([control], FULL);
  expect(() => expectCoverage({ coverage: map } as RunReport)).toThrow(
    /checks citing requirements none of their requests sent/,
  );
  // Without the citation the same self-test gets past declared-against-measured (and fails on the share).
  const honest = buildCoverageMap([{ ...control, requirements: [R('GET', '/events')] }], FULL);
  expect(() => expectCoverage({ coverage: honest } as RunReport)).toThrow(
    /expected .* to be greater than or equal to 95/,
  );
});
