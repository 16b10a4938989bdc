/**
 * The model comparison (lib/spec/model/compare.ts) and its normalisation (normalise-rules.ts): one
 * answer of the target against the model's, after pairing (pairs.ts). Each row is a pair of
 * answers and the differences expected, by kind and field.
 */
import { expect, test } from 'vitest';
import { compareAnswers } from '../../lib/spec/model/compare.ts';
import {
  type CompareContext,
  orderAgreesWithinTies,
  type TieKey,
  tieKeyOf,
} from '../../lib/spec/model/normalise-rules.ts';
import { learnPairs, Pairs } from '../../lib/spec/model/pairs.ts';
import { overlappingWrites } from '../../lib/spec/model/judge.ts';
import type { ModelAnswer } from '../../lib/spec/model/route.ts';

const T = 'http://10.0.0.5:8883/wp-json';
const M = 'http://127.0.0.1:4001/wp-json';
const NS = 'tribe/events/v1';
const RUN = Date.parse('2026-11-28T16:24:00Z');

function venue(root: string, id: number, extra: Record<string, unknown> = {}) {
  const host = new URL(root).hostname;
  return {
    id,
    author: '1',
    date: '2026-11-28 16:24:00',
    date_utc: '2026-11-28 16:24:00',
    url: `${new URL(root).origin}/venue/cc1-v/`,
    venue: 'cc1 v',
    slug: 'cc1-v',
    show_map: false,
    global_id: `${host}?id=${id}`,
    global_id_lineage: [`${host}?id=${id}`],
    ...extra,
  };
}
function event(root: string, id: number, v: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    date: '2026-11-28 16:24:01',
    modified: '2026-11-28 16:24:01',
    rest_url: `${root}/${NS}/events/${id}`,
    title: 'cc1 t',
    slug: 'cc1-t',
    start_date: '2027-01-02 10:00:00',
    cost_details: { currency_symbol: '', values: ['12'] },
    categories: [{ id: v + 50, term_taxonomy_id: v + 50, name: 'cc1 cat', slug: 'cc1-cat', parent: 0 }],
    venue: venue(root, v),
    ...extra,
  };
}
const ok = (body: unknown, status = 201, headers: Record<string, string> = {}): ModelAnswer => ({
  status,
  headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
  body,
});

/** A context where the target's event 237 / venue 234 / term 284 are paired with the model's 76 / 77 / 127. */
function ctx(resource: CompareContext['resource'] = 'events'): CompareContext {
  const pairs = new Pairs();
  learnPairs('events', event(T, 237, 234), event(M, 76, 77), pairs);
  return {
    resource,
    target: { baseUrl: T, namespace: NS },
    model: { baseUrl: M, namespace: NS },
    pairs,
    runTag: 'cc1',
    window: [RUN, RUN + 60_000],
    zone: 'UTC',
  };
}

const kinds = (ds: ReturnType<typeof compareAnswers>) => ds.map((d) => `${d.kind} ${d.field}`);

test.each<[string, ModelAnswer, ModelAnswer, string[]]>([
  [
    'the same record after pairing, address and stamps: no difference',
    ok(event(T, 237, 234)),
    ok(event(M, 76, 77)),
    [],
  ],
  [
    'a changed value deep in a nested record',
    ok(event(T, 237, 234, { venue: venue(T, 234, { show_map: true }) })),
    ok(event(M, 76, 77)),
    ['value venue.show_map'],
  ],
  [
    'a value of another type',
    ok(event(T, 237, 234, { cost_details: { currency_symbol: '', values: [12] } })),
    ok(event(M, 76, 77)),
    ['type cost_details.values[]'],
  ],
  [
    'a field the target lacks, and one the model does not know',
    ok({ ...event(T, 237, 234), slug: undefined, vendor: 1 }),
    ok(event(M, 76, 77)),
    ['missing slug', 'extra vendor'],
  ],
  ['a status', ok(event(T, 237, 234), 200), ok(event(M, 76, 77), 201), ['status status']],
  [
    'a JSON-LD email with random character references (antispambot): the address compared',
    ok(event(T, 237, 234, { json_ld: { email: '&#105;n&#x66;o&#64;example.org' } })),
    ok(event(M, 76, 77, { json_ld: { email: 'info@example.org' } })),
    [],
  ],
  [
    'a JSON-LD email naming another address, and an email outside JSON-LD with references',
    ok(event(T, 237, 234, { json_ld: { email: '&#105;nfo&#64;example.net' }, email: 'info&#64;example.org' })),
    ok(event(M, 76, 77, { json_ld: { email: 'info@example.org' }, email: 'info@example.org' })),
    ['value json_ld.email', 'value email'],
  ],
  [
    "a trashed draft's slug numbered by the site (wp_unique_post_slug): the slug compared without the number",
    ok(event(T, 237, 234, { slug: '__trashed-16', title: 'x__trashed-3' })),
    ok(event(M, 76, 77, { slug: '__trashed', title: 'x__trashed' })),
    ['value title'],
  ],
  [
    'another slug before __trashed, and a number where the model has none trashed',
    ok(event(T, 237, 234, { slug: 'cc1-a__trashed-2', venue: venue(T, 234, { slug: 'cc1-v-2' }) })),
    ok(event(M, 76, 77, { slug: 'cc1-b__trashed' })),
    ['value slug', 'value venue.slug'],
  ],
  [
    'a link duplicated in a list of values (an item, not an unknown field)',
    ok(event(T, 237, 234, { cost_details: { currency_symbol: '', values: ['12', '12'] } })),
    ok(event(M, 76, 77)),
    ['extra-item cost_details.values[]'],
  ],
  [
    'an error against a record: status and code only',
    ok({ code: 'rest_invalid', message: 'x', data: { status: 400 } }, 400),
    ok(event(M, 76, 77)),
    ['status status', 'code code'],
  ],
  [
    'another error code and message',
    ok({ code: 'rest_post_invalid_id', message: 'Invalid ID.', data: { status: 404 } }, 404),
    ok({ code: 'rest_invalid_param', message: 'Invalid parameter(s): id', data: { status: 400 } }, 400),
    ['status status', 'code code', 'value message', 'value data.status'],
  ],
  [
    "a link to another record (rest_url names the target's own ID of another event)",
    ok(event(T, 237, 234, { rest_url: `${T}/${NS}/events/999` })),
    ok(event(M, 76, 77)),
    ['value rest_url'],
  ],
  [
    'a link cut to another host',
    ok(event(T, 237, 234, { rest_url: `http://elsewhere/wp-json/${NS}/events/237` })),
    ok(event(M, 76, 77)),
    ['value rest_url'],
  ],
  [
    'a stamp outside the run window is compared as answered',
    ok(event(T, 237, 234, { date: '2020-01-01 00:00:00' })),
    ok(event(M, 76, 77)),
    ['value date'],
  ],
  [
    'a header: totals',
    ok({ events: [] }, 200, { 'x-wp-total': '3' }),
    ok({ events: [] }, 200, { 'x-wp-total': '0' }),
    ['header header x-wp-total'],
  ],
  [
    'the content type, compared without case and spaces',
    ok({ events: [] }, 200, { 'content-type': 'application/json;charset=utf-8' }),
    ok({ events: [] }, 200),
    [],
  ],
  [
    'a body that is not JSON',
    { status: 201, headers: { 'content-type': 'text/html' }, body: undefined },
    ok(event(M, 76, 77)),
    ['header header content-type', 'body body'],
  ],
])('%s', (_name, target, model, expected) => {
  expect(kinds(compareAnswers(target, model, ctx()))).toEqual(expected);
});

test('a list: order, membership and each record by its ID; record fields named as a record', () => {
  const c = ctx();
  c.pairs.pair('post', 300, 90);
  const t = { events: [event(T, 300, 234), event(T, 237, 234, { title: 'x' })], total: 2 };
  const m = { events: [event(M, 76, 77), event(M, 90, 77)], total: 2 };
  const ds = compareAnswers(ok(t, 200), ok(m, 200), c);
  // The rest_url of event 300 is translated too (its own pair): only the order and the title differ.
  expect(kinds(ds)).toEqual(['order events[] order', 'value title']);
  expect(ds[1]?.at).toBe('events[1].title');
  const missing = compareAnswers(ok({ events: [event(T, 237, 234)], total: 2 }, 200), ok(m, 200), c);
  expect(kinds(missing)).toEqual(['missing-item events[]']);
  expect(missing[0]?.model).toBe(90);
});

test('pairing: a create pairs the record, its inline venue, its new terms (by name) and their slugs', () => {
  const pairs = new Pairs();
  learnPairs('events', event(T, 237, 234), event(M, 76, 77), pairs);
  expect([pairs.model('post', 237), pairs.model('post', 234), pairs.model('term', 284)]).toEqual([76, 77, 127]);
  expect(pairs.model('tt', 284)).toBe(127);
  expect(pairs.modelSlug('cc1-t')).toBe('cc1-t');
  // The first pair holds: a later answer naming another model record for 237 pairs nothing.
  expect(pairs.pair('post', 237, 5)).toBe(false);
  expect(pairs.model('post', 237)).toBe(76);
});

test('a term parent and term_taxonomy_id are compared as paired IDs', () => {
  const c = ctx('categories');
  const t = { id: 284, term_taxonomy_id: 284, parent: 284, name: 'a' };
  const m = { id: 127, term_taxonomy_id: 127, parent: 127, name: 'a' };
  expect(compareAnswers(ok(t), ok(m), c)).toEqual([]);
  expect(kinds(compareAnswers(ok({ ...t, parent: 0 }), ok(m), c))).toEqual(['value parent']);
});

test('a term named after a paired ID (6.x: a tag sent by ID makes a tag named after it) compares as paired', () => {
  const c = ctx('tags');
  const t = { id: 300, name: '284', slug: '284', url: 'http://10.0.0.5:8883/tag/284/' };
  const m = { id: 300, name: '127', slug: '127', url: 'http://127.0.0.1:4001/tag/127/' };
  expect(compareAnswers(ok(t), ok(m), c)).toEqual([]);
  expect(kinds(compareAnswers(ok({ ...t, name: '285' }), ok(m), c))).toEqual(['value name']);
});

test('the differences of one answer are capped', () => {
  const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, i]));
  const zero = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, -1]));
  expect(compareAnswers(ok(many), ok(zero), ctx()).length).toBe(40);
});

// Rule site-address: a site reached through a proxy (or under another host name) writes its links
// with the site URL its REST index names, not with the base URL's origin.
test('a site URL other than the base URL: its links, REST URLs and global IDs are the site address too', () => {
  const SITE = 'https://calendar.example.org';
  const c = { ...ctx(), target: { baseUrl: T, namespace: NS, siteUrl: SITE } };
  const behind = (extra: Record<string, unknown> = {}) =>
    event(T, 237, 234, {
      rest_url: `${SITE}/wp-json/${NS}/events/237`,
      url: `${SITE}/event/cc1-t/`,
      global_id: 'calendar.example.org?id=237',
      ...extra,
    });
  const model = ok(event(M, 76, 77, { url: `${new URL(M).origin}/event/cc1-t/`, global_id: '127.0.0.1?id=76' }));
  expect(kinds(compareAnswers(ok(behind()), model, c))).toEqual([]);
  // Without the site URL every link differs (what a proxied site met before).
  expect(kinds(compareAnswers(ok(behind()), model, ctx()))).toEqual(
    expect.arrayContaining(['value url', 'value rest_url', 'value global_id']),
  );
  // The site address still hides no fault below it: a wrong path stays a difference.
  expect(kinds(compareAnswers(ok(behind({ url: `${SITE}/events/cc1-t/` })), model, c))).toEqual(['value url']);
});

// Rule sort-key-ties: a list sorted by one key alone leaves its ties in MySQL's order.
test.each<[string, 'date' | 'count' | undefined, number[], number[], boolean]>([
  ['two venues of one second, either order', 'date', [1, 2, 3], [2, 1, 3], true],
  ['a tie and the groups in order', 'date', [3, 1, 2], [3, 2, 1], true],
  ['groups out of order', 'date', [1, 2, 3], [3, 1, 2], false],
  ['no tie key: order compared', undefined, [1, 2, 3], [2, 1, 3], false],
])('sort-key-ties: %s', (_name, tieKey, tOrder, mOrder, same) => {
  const c = { ...ctx('venues'), ...(tieKey ? { tieKey } : {}) };
  const dates: Record<number, string> = {
    1: '2026-11-28 16:24:01',
    2: '2026-11-28 16:24:01',
    3: '2026-11-28 16:24:00',
  };
  const list = (ids: number[]) => ok({ venues: ids.map((id) => ({ id, date: dates[id] })) }, 200);
  const ds = kinds(compareAnswers(list(tOrder), list(mOrder), c));
  expect(ds).toEqual(same ? [] : ['order venues[] order']);
});

test.each<[string, string, TieKey | undefined]>([
  ['venues', '', 'date'],
  ['organizers', 'search=x', 'date'],
  ['tags', 'orderby=count&order=asc', 'count'],
  ['categories', 'orderby=name', undefined],
  ['categories', 'orderby=term_group&order=asc', 'term_group'],
  ['events', '', undefined],
])('sort-key-ties applies to a %s list asked %j', (resource, query, key) => {
  expect(tieKeyOf(resource as CompareContext['resource'], true, query)).toBe(key);
  expect(tieKeyOf(resource as CompareContext['resource'], false, query)).toBeUndefined();
});

test('sort-key-ties: a tie judged on the target’s key, a nested list never', () => {
  expect(orderAgreesWithinTies([5, 6], [6, 5], () => 'x')).toBe(true);
  expect(orderAgreesWithinTies([5, 6], [6, 5], (id) => id)).toBe(false);
  const c = { ...ctx('venues'), tieKey: 'date' as const };
  // One venue whose nested tags tie on the key: their order is still compared.
  const venue = (tagIds: number[]) =>
    ok({ venues: [{ id: 9, date: 'd', tags: tagIds.map((id) => ({ id, date: 'd' })) }] }, 200);
  expect(kinds(compareAnswers(venue([1, 2]), venue([2, 1]), c))).toEqual(['order tags[] order']);
});

// Rule default-end-date-clock: the default end date of a list is the site's clock two years on.
test.each<[string, string, string, boolean]>([
  ['one second apart, inside the run window', '2028-11-28 16:24:15', '2028-11-28 16:24:16', true],
  ['a sent end date outside the window', '2027-02-07 00:00:00', '2027-02-07 00:00:01', false],
  ['the clock one year on, not two', '2027-11-28 16:24:15', '2027-11-28 16:24:16', false],
])('default-end-date-clock: %s', (_name, tEnd, mEnd, same) => {
  const url = (root: string, end: string, ids: string) =>
    `${root}/${NS}/events/?page=1&per_page=50&start_date=2027-01-08 00:00:00&end_date=${end}&status=any&include=${ids}`;
  const t = ok({ events: [], rest_url: url(T, tEnd, '237,999999') }, 200);
  const m = ok({ events: [], rest_url: url(M, mEnd, '76,999999') }, 200);
  expect(kinds(compareAnswers(t, m, ctx()))).toEqual(same ? [] : ['value rest_url']);
});

test('default-end-date-clock off UTC: the site zone clock, or UTC clock (a list by include); not an hour off both', () => {
  const url = (root: string, end: string, ids: string) =>
    `${root}/${NS}/events/?page=1&per_page=50&end_date=${end}&status=any&include=${ids}`;
  const berlin = { ...ctx(), zone: 'Europe/Berlin' };
  const judge = (tEnd: string, mEnd: string) =>
    kinds(
      compareAnswers(
        ok({ events: [], rest_url: url(T, tEnd, '237') }, 200),
        ok({ events: [], rest_url: url(M, mEnd, '76') }, 200),
        berlin,
      ),
    );
  // The run window is 16:24 UTC: 17:24 in Berlin.
  expect(judge('2028-11-28 17:24:15', '2028-11-28 17:24:16')).toEqual([]);
  expect(judge('2028-11-28 16:24:15', '2028-11-28 16:24:16')).toEqual([]);
  expect(judge('2028-11-28 18:24:15', '2028-11-28 18:24:16')).toEqual(['value rest_url']);
});

test('a paired ID list with bare commas in a rest_url stays comma-separated; another ID still differs', () => {
  const url = (root: string, ids: string) => `${root}/${NS}/events/?page=1&include=${ids}`;
  expect(kinds(compareAnswers(ok({ rest_url: url(T, '237,234') }), ok({ rest_url: url(M, '76,77') }), ctx()))).toEqual(
    [],
  );
  expect(kinds(compareAnswers(ok({ rest_url: url(T, '237,234') }), ok({ rest_url: url(M, '76,78') }), ctx()))).toEqual([
    'value rest_url',
  ]);
});

// Rule concurrent-writes: fields of a record another write of the check changes while the request is in flight.
const none = new Set<number>();
test.each<[string, { events: boolean; terms: ReadonlySet<number> } | undefined, string[]]>([
  ['alone: the count is compared', undefined, ['value categories.count']],
  ['beside an event write: the count is not compared', { events: true, terms: none }, []],
  [
    'beside a term write only: the count is compared',
    { events: false, terms: new Set([9]) },
    ['value categories.count'],
  ],
])('concurrent-writes: %s', (_name, concurrentWrite, expected) => {
  const c = { ...ctx(), ...(concurrentWrite ? { concurrentWrite } : {}) };
  const withCount = (root: string, id: number, v: number, count: number) => {
    const e = event(root, id, v);
    return { ...e, categories: e.categories.map((t) => ({ ...t, count })) };
  };
  expect(kinds(compareAnswers(ok(withCount(T, 237, 234, 0), 200), ok(withCount(M, 76, 77, 1), 200), c))).toEqual(
    expected,
  );
  // Any other field of the answer is still compared.
  const retitled = { ...withCount(T, 237, 234, 0), title: 'other' };
  expect(kinds(compareAnswers(ok(retitled, 200), ok(withCount(M, 76, 77, 0), 200), c))).toEqual(['value title']);
});

test('concurrent-writes: a category whose parent was deleted at once', () => {
  const cat = (root: string, id: number, parent: number, up?: string) => ({
    id,
    name: 'cc1 child',
    parent,
    url: `${new URL(root).origin}/events/category/${parent ? 'cc1-parent/' : ''}cc1-child/`,
    urls: { self: `${root}/${NS}/categories/${id}`, ...(up ? { up } : {}) },
  });
  const base = ctx('categories');
  base.pairs.pair('term', 285, 128);
  const target = ok(cat(T, 284, 285, `${T}/${NS}/categories/285`), 200);
  const model = ok(cat(M, 127, 0), 200);
  const plain = kinds(compareAnswers(target, model, base));
  expect(plain).toEqual(expect.arrayContaining(['value parent', 'value url', 'extra urls.up']));
  const withParent = (terms: number[]) => ({ ...base, concurrentWrite: { events: false, terms: new Set(terms) } });
  // Beside the delete of its parent (the target's 285): not compared; the other way round too.
  expect(kinds(compareAnswers(target, model, withParent([285])))).toEqual([]);
  const t2 = ok(cat(T, 284, 0), 200);
  const m2 = ok(cat(M, 127, 128, `${M}/${NS}/categories/128`), 200);
  expect(kinds(compareAnswers(t2, m2, withParent([285])))).toEqual([]);
  // Beside the delete of another term, or an event write only: compared.
  expect(kinds(compareAnswers(target, model, withParent([300])))).toEqual(expect.arrayContaining(['value parent']));
  const e = { ...base, concurrentWrite: { events: true, terms: none } };
  expect(kinds(compareAnswers(target, model, e))).toEqual(expect.arrayContaining(['value parent', 'value url']));
});

test('concurrent-writes: which exchanges overlap a write of the check, and of what', () => {
  const x = (method: string, route: string, at: number, ms?: number) => ({
    method,
    route,
    at,
    ...(ms !== undefined ? { ms } : {}),
  });
  const seen = (m: Map<number, { events: boolean; terms: ReadonlySet<number> }>) =>
    [...m].map(([i, w]) => `${i}${w.events ? ' events' : ''}${[...w.terms].map((t) => ` term ${t}`).join('')}`).sort();
  // Two event deletes sent at once (the cleanup's batch), a read before them, a read after.
  const spans = [
    x('GET', '/categories/5', 100, 20),
    x('DELETE', '/events/7', 200, 50),
    x('DELETE', '/events/8', 210, 60),
    x('GET', '/categories/5', 300, 10),
  ];
  expect(seen(overlappingWrites(spans))).toEqual(['1 events', '2 events']);
  // A term read in flight with an event write counts; the write beside a read alone does not.
  expect(seen(overlappingWrites([x('GET', '/categories/5', 100, 50), x('POST', '/events', 120, 50)]))).toEqual([
    '0 events',
  ]);
  // Two term deletes at once: each beside the other; two reads never; a venue write is neither.
  expect(seen(overlappingWrites([x('DELETE', '/categories/5', 100, 50), x('DELETE', '/tags/6', 120, 50)]))).toEqual([
    '0 term 6',
    '1 term 5',
  ]);
  expect(seen(overlappingWrites([x('GET', '/events/7', 100, 50), x('GET', '/events/8', 120, 50)]))).toEqual([]);
  expect(seen(overlappingWrites([x('GET', '/events/7', 100, 50), x('DELETE', '/venues/8', 120, 50)]))).toEqual([]);
  // A recording without durations: no overlap.
  expect(seen(overlappingWrites([x('DELETE', '/events/7', 200), x('DELETE', '/events/8', 201)]))).toEqual([]);
});
