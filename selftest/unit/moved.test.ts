/**
 * An excuse is a re-read, never a verdict (issue 29): the table of lib/spec/oracle/moved.ts.
 * A difference in a judged list is set aside only when the record changed (in what holds still,
 * never `modified`) in its read by ID and in the list's second reading, and its fresh copy then
 * agrees with the filter; a difference that holds over two readings fails; more than
 * MOVED_LIMIT moved records is "site changing too fast".
 */
import { describe, expect, test } from 'vitest';
import {
  agrees,
  changed,
  classify,
  conclude,
  type Difference,
  itemRead,
  MOVED_LIMIT,
  stableOf,
} from '../../lib/spec/oracle/moved.ts';
import type { ApiRecord } from '../../lib/spec/contract.ts';

const ev = (over: Partial<ApiRecord> = {}): ApiRecord => ({
  id: 7,
  title: 'Jazz night',
  status: 'publish',
  slug: 'jazz-night',
  start_date: '2027-05-10 20:00:00',
  end_date: '2027-05-10 23:00:00',
  modified: '2026-11-28 01:00:00',
  modified_utc: '2026-11-28 01:00:00',
  featured: false,
  venue: { id: 30, venue: 'Hall', modified: '2026-11-28 01:00:00' },
  organizer: [{ id: 31, organizer: 'Ann' }],
  categories: [{ id: 4, name: 'Music' }],
  tags: [],
  ...over,
});
/** The filter of the table: featured=1. */
const featured = (r: ApiRecord) => r.featured === true;

describe('what holds still', () => {
  test.each<[string, ApiRecord, ApiRecord, boolean]>([
    ['a new modified stamp', ev(), ev({ modified: '2026-11-28 02:00:00', modified_utc: '2026-11-28 02:00:00' }), false],
    ['the embedded venue stamp', ev(), ev({ venue: { id: 30, venue: 'Hall', modified: 'later' } }), false],
    ['entities and tags of text', ev(), ev({ title: '<b>Jazz&nbsp;night</b>' }), false],
    ['the title', ev(), ev({ title: 'Jazz day' }), true],
    ['a date', ev(), ev({ end_date: '2027-05-11 00:00:00' }), true],
    ['the status', ev(), ev({ status: 'draft' }), true],
    ['the slug', ev(), ev({ slug: 'jazz' }), true],
    ['featured', ev(), ev({ featured: true }), true],
    ['the linked venue', ev(), ev({ venue: { id: 32, venue: 'Hall' } }), true],
    ['an organizer more', ev(), ev({ organizer: [{ id: 31 }, { id: 33 }] }), true],
    ['a category', ev(), ev({ categories: [] }), true],
    ['a term count', { id: 2, name: 'a', count: 1 }, { id: 2, name: 'a', count: 2 }, true],
    ['a venue name', { id: 3, venue: 'Hall' }, { id: 3, venue: 'Hall B' }, true],
  ])('%s', (_, a, b, differs) => {
    expect(changed(a, b)).toBe(differs);
    expect(stableOf(a) === stableOf(b)).toBe(!differs);
  });
});

describe('reading by ID', () => {
  test.each<[number, unknown, string]>([
    [200, ev(), 'record'],
    [200, { ...ev(), id: 8 }, 'other'],
    [200, [], 'other'],
    [404, {}, 'gone'],
    [400, {}, 'gone'],
    [410, {}, 'gone'],
    [401, {}, 'refused'],
    [403, {}, 'refused'],
    [500, {}, 'other'],
    [503, {}, 'other'],
  ])('%i -> %s', (status, body, kind) => expect(itemRead(status, body, 7).kind).toBe(kind));
});

const rec = (r: ApiRecord) => ({ kind: 'record' as const, rec: r });
const LISTED = (copy?: ApiRecord) => ({ listed: true, ...(copy ? { copy } : {}) });
const NOT_LISTED = { listed: false };

// [case, difference, verdict]
const TABLE: Array<[string, Omit<Difference, 'id' | 'matches'>, 'holds' | 'moved' | 'fine']> = [
  // A learned match missing from the list.
  [
    'missing, unchanged (a filter that drops it)',
    { side: 'missing', learned: ev({ featured: true }), item: rec(ev({ featured: true })), again: NOT_LISTED },
    'holds',
  ],
  [
    'missing, only modified moved (a busy site)',
    {
      side: 'missing',
      learned: ev({ featured: true }),
      item: rec(ev({ featured: true, modified: 'now' })),
      again: NOT_LISTED,
    },
    'holds',
  ],
  [
    'missing, changed but still a match',
    {
      side: 'missing',
      learned: ev({ featured: true }),
      item: rec(ev({ featured: true, title: 'New' })),
      again: NOT_LISTED,
    },
    'holds',
  ],
  [
    'missing, changed into no match',
    { side: 'missing', learned: ev({ featured: true }), item: rec(ev({ featured: false })), again: NOT_LISTED },
    'moved',
  ],
  [
    'missing, deleted since',
    { side: 'missing', learned: ev({ featured: true }), item: { kind: 'gone', status: 404 }, again: NOT_LISTED },
    'moved',
  ],
  [
    'missing, listed on the second reading (a shifted page)',
    { side: 'missing', learned: ev({ featured: true }), item: rec(ev({ featured: true })), again: LISTED() },
    'moved',
  ],
  [
    'missing, its read a 500',
    { side: 'missing', learned: ev({ featured: true }), item: { kind: 'other', status: 500 }, again: NOT_LISTED },
    'holds',
  ],
  // A learned non-match listed.
  [
    'unexpected, unchanged (a filter ignored)',
    { side: 'unexpected', learned: ev(), item: rec(ev()), again: LISTED(ev()) },
    'holds',
  ],
  [
    'unexpected, only modified moved (a busy site)',
    { side: 'unexpected', learned: ev(), item: rec(ev({ modified: 'a' })), again: LISTED(ev({ modified: 'b' })) },
    'holds',
  ],
  [
    'unexpected, changed into a match in the list and by ID',
    { side: 'unexpected', learned: ev(), item: rec(ev({ featured: true })), again: LISTED(ev({ featured: true })) },
    'moved',
  ],
  [
    'unexpected, changed by ID only (the list still shows the old copy)',
    { side: 'unexpected', learned: ev(), item: rec(ev({ featured: true })), again: LISTED(ev()) },
    'holds',
  ],
  [
    'unexpected, changed but still no match',
    { side: 'unexpected', learned: ev(), item: rec(ev({ title: 'Other' })), again: LISTED(ev({ title: 'Other' })) },
    'holds',
  ],
  [
    'unexpected, gone from the second reading',
    { side: 'unexpected', learned: ev(), item: rec(ev()), again: NOT_LISTED },
    'moved',
  ],
  [
    'unexpected, listed yet gone by ID',
    { side: 'unexpected', learned: ev(), item: { kind: 'gone', status: 404 }, again: LISTED() },
    'holds',
  ],
  [
    'unexpected, listed yet refused by ID',
    { side: 'unexpected', learned: ev(), item: { kind: 'refused', status: 401 }, again: LISTED() },
    'holds',
  ],
  // A record the crawl never saw.
  [
    'unknown, a new match',
    { side: 'unknown', item: rec(ev({ featured: true })), again: LISTED(ev({ featured: true })) },
    'fine',
  ],
  ['unknown, an unrelated record', { side: 'unknown', item: rec(ev()), again: LISTED(ev()) }, 'holds'],
  [
    'unknown, a draft no match',
    { side: 'unknown', item: rec(ev({ status: 'draft' })), again: LISTED(ev({ status: 'draft' })) },
    'holds',
  ],
  [
    'unknown, no match and gone from the second reading',
    { side: 'unknown', item: rec(ev()), again: NOT_LISTED },
    'moved',
  ],
  [
    'unknown, listed yet no record by ID (another type)',
    { side: 'unknown', item: { kind: 'gone', status: 404 }, again: LISTED() },
    'holds',
  ],
  [
    'unknown, listed yet refused to the visitor',
    { side: 'unknown', item: { kind: 'refused', status: 403 }, again: LISTED() },
    'holds',
  ],
  ['unknown, deleted since', { side: 'unknown', item: { kind: 'gone', status: 404 }, again: NOT_LISTED }, 'moved'],
];

describe('a difference on two readings', () => {
  test.each(TABLE)('%s', (_, d, verdict) => {
    expect(classify({ id: 7, matches: featured, ...d }).verdict).toBe(verdict);
  });
  test('a filter that cannot tell (undefined) never makes a new record fail', () => {
    expect(
      classify({ id: 7, side: 'unknown', item: rec(ev()), again: LISTED(), matches: () => undefined }).verdict,
    ).toBe('fine');
  });
});

describe('one judgement', () => {
  const c = (verdict: 'holds' | 'moved' | 'fine', id = 1) => ({ id, verdict, why: '' });
  test.each<[string, Array<'holds' | 'moved' | 'fine'>, number, boolean]>([
    ['nothing moved', ['fine', 'fine'], 0, false],
    ['a few moved', Array(MOVED_LIMIT).fill('moved'), 0, false],
    ['more than a few moved: too fast', Array(MOVED_LIMIT + 1).fill('moved'), 0, true],
    ['a steady difference among moved ones fails', ['moved', 'holds', 'moved'], 1, false],
  ])('%s', (_, verdicts, holds, tooFast) => {
    const r = conclude(verdicts.map((v, i) => c(v, i)));
    expect(r.holds.length).toBe(holds);
    expect(r.tooFast).toBe(tooFast);
  });
});

describe('a read by ID agrees with the list copy', () => {
  test.each<[string, ApiRecord, ApiRecord, string, boolean]>([
    ['same event, other stamps', ev(), ev({ modified: 'x' }), 'title', true],
    ['another title', ev(), ev({ title: 'X' }), 'title', false],
    ['another start', ev(), ev({ start_date: '2027-05-10 21:00:00' }), 'title', false],
    ['venue name', { id: 3, venue: 'Hall' }, { id: 3, venue: 'Hall' }, 'venue', true],
    ['term name', { id: 3, name: 'a' }, { id: 3, name: 'b' }, 'name', false],
  ])('%s', (_, a, b, key, ok) => expect(agrees(a, b, key)).toBe(ok));
});
