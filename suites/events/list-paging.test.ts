/**
 * Event list paging: per_page and page defaults, per_page values, the 50 cap, invalid values,
 * pages partitioning the list, totals, next_rest_url, pages past the end and empty lists. Every
 * check lists only the events it reads (search by a scope token; the paging checks share one
 * pool of events per file).
 */
import { check, sharedSetup, type CheckContext } from '../../lib/check/index.ts';
import { validateList } from '../../lib/spec/schemas.ts';
import { req, sameIds, showIds, field, listedIds, day } from '../../lib/spec/contract.ts';
import { eventBody, listEvents, scoped } from './support.ts';
import { resource } from '../../lib/spec/resources.ts';
import { emptyAndLinkChecks, pastEndChecks } from '../_families/generic/paging.ts';

const LIST = req.route('GET', 'events');

/**
 * The paging checks only read, so they share one pool per file (lib/check/shared.ts): 51 events
 * on distinct days, made once; the first n of them (n = 2, 3, 7, 12) carry a search token of
 * their own, and the pool's scope finds all 51.
 */
const SIZES = { 2: 'two', 3: 'three', 7: 'seven', 12: 'twelve' } as const;
const pool = sharedSetup('events.list paging pool', async (s) => {
  const ids: number[] = [];
  for (let from = 0; from < 51; from += 8) {
    const batch = Array.from({ length: Math.min(8, 51 - from) }, (_, k) => from + k);
    const made = await Promise.all(
      batch.map((i) => {
        const tokens = Object.entries(SIZES)
          .filter(([n]) => i < Number(n))
          .map(([, word]) => ` ${s.scope}${word}`)
          .join('');
        return s.create('events', eventBody(s, `page ${i}${tokens}`, {}, 30 + i));
      }),
    );
    ids.push(...made.map((e) => e.id as number));
  }
  return { ids, scope: s.scope };
});

/** The first `n` events of the file's pool (n = 2, 3, 7, 12 or 51) and the search that lists exactly them. */
async function many(t: CheckContext, n: keyof typeof SIZES | 51): Promise<{ ids: number[]; search: string }> {
  const p = await pool.get(t);
  return { ids: p.ids.slice(0, n), search: n === 51 ? p.scope : `${p.scope}${SIZES[n]}` };
}

pastEndChecks(resource('events'), (t) => many(t, 3));
// The date filters ride along (the original's links keep them): a window holding the whole pool.
emptyAndLinkChecks(resource('events'), (t) => many(t, 3), {
  start_date: `${day(1)} 00:00:00`,
  end_date: `${day(120)} 23:59:59`,
});

check(
  {
    id: 'events.list.page-defaults',
    spec: 'Limits 1, 2; List events: per_page default 10, page default 1; docs/requirements.md#levels (must)',
    level: 'must',
    requirements: [LIST, req.param('events', 'per_page'), req.param('events', 'page')],
    tags: ['writes'],
  },
  'lists 10 events per page and page 1 when neither per_page nor page is sent',
  async (t) => {
    const { ids, search } = await many(t, 12);
    const first = await listEvents(t, { search });
    t.assert(
      first.ids.length === 10,
      `without per_page the list has ${first.ids.length} events, expected 10 of the 12 matches`,
      first.res,
    );
    const p1 = await listEvents(t, { search, page: 1 });
    t.assert(
      sameIds(first.ids, p1.ids),
      `without page the list is ${showIds(first.ids)}, page=1 is ${showIds(p1.ids)}`,
      p1.res,
    );
    const p2 = await listEvents(t, { search, page: 2 });
    t.assert(
      sameIds([...first.ids, ...p2.ids], ids),
      `pages 1 and 2 without per_page hold ${showIds([...first.ids, ...p2.ids])}, expected the 12 events ${showIds(ids)}`,
      p2.res,
    );
  },
);

check(
  {
    id: 'events.list.order-by-start',
    spec: 'List events; docs/requirements.md#record-shapes (should: the spec names no order; the original lists events by start date, earliest first, on every page)',
    level: 'should',
    requirements: [LIST, req.param('events', 'page'), req.param('events', 'per_page')],
    tags: ['writes'],
  },
  'lists events by start date, earliest first, within a page and from page to page',
  async (t) => {
    // The pool's events start one day apart, in the order they were made.
    const { ids, search } = await many(t, 12);
    const pages = [
      await listEvents(t, { search, per_page: 5, page: 1 }),
      await listEvents(t, { search, per_page: 5, page: 2 }),
    ];
    const listed = pages.flatMap((p) => p.ids);
    t.assert(
      listed.join() === ids.slice(0, 10).join(),
      `pages 1 and 2 (per_page=5) list ${showIds(listed)}, expected the 10 earliest by start date in order: ${showIds(ids.slice(0, 10))}`,
      pages[1].res,
    );
  },
);

check(
  {
    id: 'events.list.per-page',
    spec: 'List events: per_page; docs/requirements.md#per-page (must: exactly min(N, matches))',
    level: 'must',
    requirements: [LIST, req.param('events', 'per_page')],
    tags: ['writes'],
  },
  'lists exactly min(per_page, matches) events for per_page between 1 and 50',
  async (t) => {
    const { ids, search } = await many(t, 12);
    for (const n of [1, 2, 5, 11, 12, 13, 50]) {
      const list = await listEvents(t, { search, per_page: n });
      const want = Math.min(n, ids.length);
      t.assert(
        list.ids.length === want,
        `per_page=${n} listed ${list.ids.length} events, expected ${want} (12 match)`,
        list.res,
      );
      t.assert(
        list.ids.every((id) => ids.includes(id)),
        `per_page=${n} listed events outside the scope: ${showIds(list.ids)}`,
        list.res,
      );
    }
  },
);

check(
  {
    id: 'events.list.per-page-cap',
    spec: 'Limits 3 (not shown); docs/requirements.md#measured-lists: per_page silently capped at 50; docs/requirements.md#levels (should)',
    level: 'should',
    requirements: [LIST, req.param('events', 'per_page')],
    tags: ['writes'],
  },
  'caps per_page at 50',
  async (t) => {
    const { search } = await many(t, 51);
    const list = await listEvents(t, { search, per_page: 100 });
    t.assert(
      list.ids.length === 50,
      `per_page=100 with 51 matches listed ${list.ids.length} events, expected 50`,
      list.res,
    );
  },
);

check(
  {
    id: 'events.list.per-page-invalid',
    spec: 'docs/requirements.md#measured-lists: per_page=0, -1, abc are 400 rest_invalid_param; docs/requirements.md#levels (should)',
    level: 'should',
    requirements: [LIST, req.param('events', 'per_page'), req.param('events', 'page')],
    tags: [],
  },
  'answers 400 to per_page 0, -1 and abc and to page 0',
  async (t) => {
    for (const [name, value] of [
      ['per_page', '0'],
      ['per_page', '-1'],
      ['per_page', 'abc'],
      ['page', '0'],
    ]) {
      const res = await t.api.get('/events', { [name]: value });
      t.expectStatus(res, 400, `GET /events?${name}=${value}`);
    }
  },
);

check(
  {
    id: 'events.list.pages-partition',
    spec: 'List events: page; docs/requirements.md#pages (must: no overlap, no gap; page URLs built by the client)',
    level: 'must',
    requirements: [LIST, req.param('events', 'page'), req.param('events', 'per_page')],
    tags: ['writes'],
  },
  'splits the list into pages with no overlap and no gap',
  async (t) => {
    const { ids, search } = await many(t, 12);
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const list = await listEvents(t, { search, per_page: 5, page });
      const dup = list.ids.filter((id) => seen.includes(id));
      t.assert(dup.length === 0, `page ${page} repeats ${showIds(dup)} from earlier pages`, list.res);
      t.assert(
        list.ids.length === (page < 3 ? 5 : 2),
        `page ${page} (per_page=5, 12 matches) holds ${list.ids.length} events`,
        list.res,
      );
      seen.push(...list.ids);
    }
    t.assert(sameIds(seen, ids), `pages 1-3 hold ${showIds(seen)}, expected the 12 events ${showIds(ids)}`);
  },
);

check(
  {
    id: 'events.list.totals',
    spec: 'docs/requirements.md#measured-lists lists: total, total_pages; docs/requirements.md#pages (should)',
    level: 'should',
    requirements: [LIST, req.param('events', 'per_page')],
    tags: ['writes'],
  },
  'reports total and total_pages of the filtered list',
  async (t) => {
    const { search } = await many(t, 12);
    const list = await listEvents(t, { search, per_page: 5 });
    const total = field(list.res.json, 'total');
    const totalPages = field(list.res.json, 'total_pages');
    t.assert(
      Number(total) === 12 && Number(totalPages) === 3,
      `total ${JSON.stringify(total)}, total_pages ${JSON.stringify(totalPages)}; expected 12 and 3`,
      list.res,
    );
  },
);

check(
  {
    id: 'events.list.next-url',
    spec: 'docs/requirements.md#measured-lists lists: next_rest_url; docs/requirements.md#pages (should: followable as admin; the original adds status=any, which it rejects)',
    level: 'should',
    requirements: [LIST, req.param('events', 'page')],
    tags: ['writes'],
  },
  'serves the next page at next_rest_url',
  async (t) => {
    const { ids, search } = await many(t, 7);
    const first = await listEvents(t, { search, per_page: 5 });
    const next = field(first.res.json, 'next_rest_url');
    if (typeof next !== 'string' || next.length === 0) return t.fail(`page 1 of 2 has no next_rest_url`, first.res);
    const res = await t.api.request({ method: 'GET', url: next });
    t.expectStatus(res, 200, 'GET next_rest_url');
    const got = listedIds(res.json, 'events');
    t.assert(
      sameIds([...first.ids, ...got], ids),
      `page 1 ${showIds(first.ids)} and next_rest_url ${showIds(got)} do not partition the 7 events ${showIds(ids)}`,
      res,
    );
  },
);

check(
  {
    id: 'events.list.empty',
    spec: 'docs/requirements.md#contract (a list answers the events array; base only: an empty page may be a 404 JSON error)',
    level: 'must',
    requirements: [LIST, req.param('events', 'search')],
    tags: [],
  },
  'answers a list with no events when nothing matches',
  async (t) => {
    const list = await scoped(t, { search: `${t.scope}nomatch` });
    t.assert(list.ids.length === 0, `a search matching nothing lists ${showIds(list.ids)}`, list.res);
  },
);

check(
  {
    id: 'events.list.empty-200',
    spec: 'docs/requirements.md#page-past-the-end (should: 200 with an empty list; 4.6.8 answers 404)',
    level: 'should',
    requirements: [LIST],
    tags: [],
  },
  'answers 200 with an empty events array when nothing matches',
  async (t) => {
    const res = await t.api.get('/events', { search: `${t.scope}nomatch` });
    t.expectStatus(res, 200, 'a list matching nothing');
    t.assert(
      listedIds(res.json, 'events').length === 0 && Array.isArray(field(res.json, 'events')),
      `the body is ${res.text.slice(0, 200)}, expected an empty events array`,
      res,
    );
  },
);

check(
  {
    id: 'events.list.contract',
    spec: 'docs/requirements.md#contract: a list is a JSON object with the records under "events"',
    level: 'must',
    requirements: [LIST],
    tags: ['writes'],
  },
  'answers a list whose records satisfy the minimal contract',
  async (t) => {
    const { search } = await many(t, 2);
    const list = await scoped(t, { search });
    const v = validateList('events', list.res.json, 'contract');
    t.assert(
      v.ok && list.ids.length === 2,
      `the list breaks the contract (${list.ids.length} of 2 events): ${v.message}`,
      list.res,
    );
  },
);

check(
  {
    id: 'events.list.shape',
    spec: 'docs/requirements.md#measured-lists lists: {events, rest_url, total, total_pages}; docs/requirements.md#levels (should: shapes)',
    level: 'should',
    requirements: [LIST],
    tags: ['writes'],
  },
  'answers a list with the full list and record shape',
  async (t) => {
    const { search } = await many(t, 2);
    const list = await scoped(t, { search });
    const v = validateList('events', list.res.json, 'shape');
    t.assert(v.ok, `the list does not have the events list shape: ${v.message}`, list.res);
  },
);
