/**
 * Paging under the categories and tags filters (issue 22): the pages of a term-filtered list
 * partition the events holding the term, and its totals count them, not the unfiltered list.
 * Extended only: the base interface attaches no terms at event create. One shared setup: a
 * category and a tag, three events holding both on distinct days, and a fourth without them that
 * starts first (so an unfiltered page would show it).
 */
import { check, sharedSetup } from '../../lib/check/index.ts';
import { req, sameIds, showIds, field } from '../../lib/spec/contract.ts';
import { eventBody, listEvents } from './support.ts';

const LIST = req.route('GET', 'events');

const pool = sharedSetup('events.list term paging pool', async (s) => {
  if (!s.extended) return null;
  const category = await s.create('categories', { name: s.name('paged category') });
  const tag = await s.create('tags', { name: s.name('paged tag') });
  const plain = await s.create('events', eventBody(s, 'term paging without terms', {}, 40));
  const held: number[] = [];
  for (let i = 0; i < 3; i++) {
    const ev = await s.create(
      'events',
      eventBody(s, `term paging ${i}`, { categories: [category.id], tags: [tag.id] }, 41 + i),
    );
    held.push(ev.id as number);
  }
  return { scope: s.scope, category, tag, plain: plain.id as number, held };
});

const FILTERS = ['categories', 'tags'] as const;

check(
  {
    id: 'events.list.term-filter-pages',
    spec: 'List events: page, per_page, categories, tags; docs/requirements.md#pages (must: pages partition the list) and docs/requirements.md#categories-filter, #tags-filter (a single ID)',
    level: 'must',
    requirements: [LIST, req.param('events', 'page'), req.param('events', 'categories'), req.param('events', 'tags')],
    tags: ['writes', 'extended'],
  },
  'pages 1 and 2 of per_page=2 under categories=<id> and under tags=<id> partition the 3 events holding the term',
  async (t) => {
    const p = await pool.get(t);
    if (!p) return t.na('terms attach to events only in the extended variant');
    for (const name of FILTERS) {
      const term = name === 'categories' ? p.category : p.tag;
      const query = { search: p.scope, per_page: 2, [name]: term.id };
      const p1 = await listEvents(t, { ...query, page: 1 });
      const p2 = await listEvents(t, { ...query, page: 2 }, { notFoundIsEmpty: true });
      const seen = [...p1.ids, ...p2.ids];
      t.assert(
        p1.ids.length === 2 && sameIds(seen, p.held),
        `${name}=${term.id} per_page=2: page 1 ${showIds(p1.ids)} and page 2 ${showIds(p2.ids)}, expected a partition of ${showIds(p.held)} (not the event ${p.plain} without the term)`,
        p2.res,
      );
    }
  },
);

check(
  {
    id: 'events.list.term-filter-totals',
    spec: 'List events: categories, tags; docs/requirements.md#measured-lists (should: total and total_pages count the filtered list, on every page; measured on 6.8.0)',
    level: 'should',
    requirements: [LIST, req.param('events', 'categories'), req.param('events', 'tags')],
    tags: ['writes', 'extended'],
  },
  'under categories=<id> and tags=<id>, pages 1 and 2 of per_page=2 say total 3 and total_pages 2',
  async (t) => {
    const p = await pool.get(t);
    if (!p) return t.na('terms attach to events only in the extended variant');
    for (const name of FILTERS) {
      const term = name === 'categories' ? p.category : p.tag;
      for (const page of [1, 2]) {
        const list = await listEvents(t, { search: p.scope, per_page: 2, page, [name]: term.id });
        const total = field(list.res.json, 'total');
        const pages = field(list.res.json, 'total_pages');
        t.assert(
          Number(total) === 3 && Number(pages) === 2,
          `${name}=${term.id} page ${page}: total ${JSON.stringify(total)}, total_pages ${JSON.stringify(pages)}; expected 3 and 2`,
          list.res,
        );
      }
    }
  },
);
