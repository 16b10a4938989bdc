/**
 * Event list filters: search (title, description, excerpt), categories, tags, venue, organizer,
 * featured, status, filters combined, unknown filter values and hide_from_listings. The checks
 * only read: they share a pool of events and linked records made once for the file (and a pair
 * for hide_from_listings), and scope every list to it with its token; the status check makes its own.
 * Categories and tags can be attached to events through the interface only in the extended
 * variant (event create), so the term filter checks are extended-only.
 */
import { check, sharedSetup, type CheckContext } from '../../lib/check/index.ts';
import { type ApiRecord, isRecordOf, MISSING_ID, req, sameIds, showIds, listedIds } from '../../lib/spec/contract.ts';
import { listEvents, makeEvent, scoped } from './support.ts';
import type { Params } from '../../lib/types.ts';

const LIST = req.route('GET', 'events');

async function expectScoped(t: CheckContext, query: Params, want: number[], what: string) {
  const list = await scoped(t, query);
  t.assert(sameIds(list.ids, want), `${what}: listed ${showIds(list.ids)}, expected ${showIds(want)}`, list.res);
}

/**
 * The file's pool (shared setup, lib/check/shared.ts): the filter checks only read, so one pool
 * of linked records and events serves them all. Terms only in the extended variant (the base
 * interface attaches none at event create).
 *   A: category cx, tag tx, venue vx, organizer ox, featured; the title word
 *   B: category cy, tag ty, venue vy, organizer oy, featured; the description word
 *   C: nothing linked, not featured; the excerpt word
 *   D: venue vx, not featured
 * Every list is scoped to the pool (search by its scope) unless it searches a word.
 */
const pool = sharedSetup('events.list filters pool', async (s) => {
  const terms = async (resource: 'categories' | 'tags') =>
    s.extended
      ? [
          await s.create(resource, { name: s.name(`${resource} x`) }),
          await s.create(resource, { name: s.name(`${resource} y`) }),
        ]
      : null;
  const cats = await terms('categories');
  const tags = await terms('tags');
  const venues = [
    await s.create('venues', { venue: s.name('venue x') }),
    await s.create('venues', { venue: s.name('venue y') }),
  ];
  const organizers = [
    await s.create('organizers', { organizer: s.name('organizer x') }),
    await s.create('organizers', { organizer: s.name('organizer y') }),
  ];
  const words = { title: `${s.scope}tit`, description: `${s.scope}des`, excerpt: `${s.scope}exc` };
  const plain = 'Some text without the word.';
  const linked = (i: number): Params => ({
    ...(cats ? { categories: [cats[i].id] } : {}),
    ...(tags ? { tags: [tags[i].id] } : {}),
    venue: venues[i].id,
    organizer: [organizers[i].id],
  });
  const a = await makeEvent(s, `pool a ${words.title} marked`, {
    ...linked(0),
    featured: true,
    description: plain,
  });
  const b = await makeEvent(s, 'pool b', {
    ...linked(1),
    featured: true,
    description: `Some text with ${words.description} inside.`,
  });
  const c = await makeEvent(s, 'pool c', {
    featured: false,
    description: plain,
    excerpt: `Some text with ${words.excerpt} inside.`,
  });
  const d = await makeEvent(s, 'pool d', { venue: venues[0].id, featured: false, excerpt: plain });
  return { scope: s.scope, cats, tags, venues, organizers, words, a, b, c, d };
});
type Pool = Awaited<ReturnType<typeof pool.get>>;

/** The pool's events a filter must list (pool-scoped), the listed set must be exactly `want`. */
async function expectPool(t: CheckContext, p: Pool, query: Params, want: ApiRecord[], what: string) {
  const list = await listEvents(t, { search: p.scope, per_page: 50, ...query });
  const ids = want.map((e) => e.id);
  t.assert(sameIds(list.ids, ids), `${what}: listed ${showIds(list.ids)}, expected ${showIds(ids)}`, list.res);
}

/** A list filtered by a word only one event of the pool has: that event and not `miss`. */
async function searchFinds(t: CheckContext, where: 'title' | 'description' | 'excerpt') {
  const p = await pool.get(t);
  const word = p.words[where];
  const [hit, miss] = where === 'title' ? [p.a, p.b] : where === 'description' ? [p.b, p.a] : [p.c, p.d];
  const list = await listEvents(t, { search: word, per_page: 50 });
  t.assert(
    list.ids.includes(hit.id),
    `search=${word} does not list the event ${hit.id} whose ${where} holds it (listed ${showIds(list.ids)})`,
    list.res,
  );
  t.assert(
    !list.ids.includes(miss.id),
    `search=${word} also lists the event ${miss.id} that does not hold it`,
    list.res,
  );
}

check(
  {
    id: 'events.list.search-title',
    spec: 'List events: search (matches in title or description); docs/requirements.md#search (must)',
    level: 'must',
    requirements: [LIST, req.param('events', 'search')],
    tags: ['writes'],
  },
  'search finds a word in the title',
  (t) => searchFinds(t, 'title'),
);
check(
  {
    id: 'events.list.search-description',
    spec: 'List events: search (matches in title or description); docs/requirements.md#search (must)',
    level: 'must',
    requirements: [LIST, req.param('events', 'search'), req.field('events', 'description')],
    tags: ['writes'],
  },
  'search finds a word in the description',
  (t) => searchFinds(t, 'description'),
);
check(
  {
    id: 'events.list.search-excerpt',
    spec: 'docs/requirements.md#search (should: excerpt too; the original searches excerpts)',
    level: 'should',
    requirements: [LIST, req.param('events', 'search'), req.field('events', 'excerpt')],
    tags: ['writes'],
  },
  'search finds a word in the excerpt',
  (t) => searchFinds(t, 'excerpt'),
);

/** The pool's two terms of `resource` (extended: the pool made them). */
function termsOf(t: CheckContext, p: Pool, resource: 'categories' | 'tags'): [ApiRecord, ApiRecord] {
  const terms = resource === 'categories' ? p.cats : p.tags;
  if (!terms) return t.na(`the pool has no ${resource} (base variant)`);
  return [terms[0], terms[1]];
}

check(
  {
    id: 'events.list.categories',
    spec: 'List events: categories (slugs or IDs); docs/requirements.md#categories-filter (must: ID and slug)',
    level: 'must',
    requirements: [LIST, req.param('events', 'categories')],
    tags: ['writes', 'extended'],
  },
  'filters by a category given by ID and by slug',
  async (t) => {
    const p = await pool.get(t);
    const [x, y] = termsOf(t, p, 'categories');
    await expectPool(t, p, { categories: x.id }, [p.a], `categories=${x.id} (ID)`);
    await expectPool(t, p, { categories: y.slug }, [p.b], `categories=${y.slug} (slug)`);
  },
);

check(
  {
    id: 'events.list.categories-any-of',
    spec: 'List events: categories (one of the given); docs/requirements.md#categories-filter (must: several values any-of)',
    level: 'must',
    requirements: [LIST, req.param('events', 'categories')],
    tags: ['writes', 'extended'],
  },
  'lists events in any of several categories',
  async (t) => {
    const p = await pool.get(t);
    const [x, y] = termsOf(t, p, 'categories');
    await expectPool(t, p, { categories: [x.id, y.slug] }, [p.a, p.b], `categories=[${x.id}, ${y.slug}]`);
  },
);

check(
  {
    id: 'events.list.tags',
    spec: 'List events: tags (slugs or IDs); docs/requirements.md#tags-filter (must: a single ID or slug)',
    level: 'must',
    requirements: [LIST, req.param('events', 'tags')],
    tags: ['writes', 'extended'],
  },
  'filters by a single tag given by ID or by slug',
  async (t) => {
    const p = await pool.get(t);
    const [x, y] = termsOf(t, p, 'tags');
    await expectPool(t, p, { tags: x.id }, [p.a], `tags=${x.id} (ID)`);
    await expectPool(t, p, { tags: y.slug }, [p.b], `tags=${y.slug} (slug)`);
  },
);

check(
  {
    id: 'events.list.tags-any-of',
    spec: 'List events: tags (one of the given); docs/requirements.md#tags-filter (should: any-of; 6.x applies only the first)',
    level: 'should',
    requirements: [LIST, req.param('events', 'tags')],
    tags: ['writes', 'extended'],
  },
  'lists events with any of several tags (the original 6.x applies only the first)',
  async (t) => {
    const p = await pool.get(t);
    const [x, y] = termsOf(t, p, 'tags');
    await expectPool(t, p, { tags: [x.id, y.id] }, [p.a, p.b], `tags=[${x.id}, ${y.id}]`);
  },
);

for (const kind of ['venue', 'organizer'] as const) {
  check(
    {
      id: `events.list.${kind}`,
      spec: `List events: ${kind} (one of the given IDs); docs/requirements.md#venue-organizer-filters (must: several IDs any-of)`,
      level: 'must',
      requirements: [LIST, req.param('events', kind), req.field('events', kind)],
      tags: ['writes'],
    },
    `filters by one ${kind} ID and by several, any-of`,
    async (t) => {
      const p = await pool.get(t);
      const [x, y] = kind === 'venue' ? p.venues : p.organizers;
      // D is at venue x too (and has no organizer); C has neither.
      const atX = kind === 'venue' ? [p.a, p.d] : [p.a];
      await expectPool(t, p, { [kind]: x.id }, atX, `${kind}=${x.id}`);
      await expectPool(t, p, { [kind]: [x.id, y.id] }, [...atX, p.b], `${kind}=[${x.id}, ${y.id}]`);
    },
  );
}

check(
  {
    id: 'events.list.featured',
    spec: 'List events: featured; docs/requirements.md#featured (must: true and false)',
    level: 'must',
    requirements: [LIST, req.param('events', 'featured'), req.field('events', 'featured')],
    tags: ['writes'],
  },
  'filters by featured=true and featured=false',
  async (t) => {
    const p = await pool.get(t);
    await expectPool(t, p, { featured: true }, [p.a, p.b], 'featured=true');
    await expectPool(t, p, { featured: false }, [p.c, p.d], 'featured=false');
  },
);

check(
  {
    id: 'events.list.filters-and',
    spec: 'docs/requirements.md#measured-cross-cutting: filters combine with AND; docs/requirements.md#filters-together (must)',
    level: 'must',
    requirements: [LIST, req.param('events', 'venue'), req.param('events', 'featured'), req.param('events', 'search')],
    tags: ['writes'],
  },
  'lists only events matching every filter given',
  async (t) => {
    // At venue x: A (featured) and D (not); B is featured at venue y.
    const p = await pool.get(t);
    const x = p.venues[0];
    await expectPool(t, p, { venue: x.id, featured: true }, [p.a], `venue=${x.id}&featured=true`);
  },
);

check(
  {
    id: 'events.list.search-words',
    spec: 'List events: search (matches in title or description); docs/requirements.md#search (must: matches words; several words each match, in any order and case, as WordPress searches)',
    level: 'must',
    requirements: [LIST, req.param('events', 'search')],
    tags: ['writes'],
  },
  'search with several words in mixed case and another order lists the events holding every word, not those holding one',
  async (t) => {
    const p = await pool.get(t);
    // A's title holds both words; B's description holds the second word only.
    const both = `MARKED ${p.words.title.toUpperCase()}`;
    const list = await listEvents(t, { search: both, per_page: 50 });
    t.assert(
      list.ids.includes(p.a.id),
      `search=${both} does not list the event ${p.a.id} whose title holds both words (listed ${showIds(list.ids)})`,
      list.res,
    );
    const split = `Marked ${p.words.description}`;
    const none = await listEvents(t, { search: split, per_page: 50 }, { notFoundIsEmpty: true });
    t.assert(
      !none.ids.includes(p.a.id) && !none.ids.includes(p.b.id),
      `search=${split} lists ${showIds(none.ids)}: events ${p.a.id} and ${p.b.id} each hold only one of the words`,
      none.res,
    );
  },
);

check(
  {
    id: 'events.list.terms-and',
    spec: 'List events: categories, tags; docs/requirements.md#filters-together (must: filters combine with AND)',
    level: 'must',
    requirements: [LIST, req.param('events', 'categories'), req.param('events', 'tags')],
    tags: ['writes', 'extended'],
  },
  'categories and tags together list the events having both, not those having one',
  async (t) => {
    const p = await pool.get(t);
    if (!p.cats || !p.tags) return t.na('no terms on events in the base variant');
    // A: category x and tag x; B: category y and tag y.
    await expectPool(t, p, { categories: p.cats[0].id, tags: p.tags[0].id }, [p.a], 'categories=x&tags=x');
    await expectPool(t, p, { categories: p.cats[0].id, tags: p.tags[1].id }, [], 'categories=x&tags=y');
  },
);

check(
  {
    id: 'events.list.status',
    spec: 'States 1: status filterable on list routes; docs/requirements.md#status-filter (must: publish, draft select those, authenticated)',
    level: 'must',
    requirements: [LIST, req.param('events', 'status'), req.field('events', 'status')],
    tags: ['writes'],
  },
  'filters by status=draft and status=publish for an authenticated user',
  async (t) => {
    const a = await makeEvent(t, 'draft', { status: 'draft' });
    const b = await makeEvent(t, 'published', { status: 'publish' });
    await expectScoped(t, { status: 'draft' }, [a.id], 'status=draft');
    await expectScoped(t, { status: 'publish' }, [b.id], 'status=publish');
  },
);

check(
  {
    id: 'events.list.status-anonymous-400',
    spec: 'docs/requirements.md#measured-cross-cutting: anonymous status=draft is 400; docs/requirements.md#status-filter (should)',
    level: 'should',
    requirements: [LIST, req.param('events', 'status')],
    tags: ['security', 'anonymous'],
  },
  'answers 400 to an anonymous list asking for drafts',
  async (t) => {
    const res = await t.anon.get('/events', { status: 'draft' });
    t.expectStatus(res, 400, 'an anonymous GET /events?status=draft');
  },
);

const UNKNOWN = (t: CheckContext): Array<[string, Params]> => [
  ['unknown category slug', { categories: `${t.scope}-no-such-category` }],
  ['unknown tag slug', { tags: `${t.scope}-no-such-tag` }],
  ['unknown venue ID', { venue: MISSING_ID }],
  ['unknown organizer ID', { organizer: MISSING_ID }],
  ['bad date', { start_date: 'not a date' }],
];

/**
 * The must-check's values besides: an unknown category ID and an unknown tag ID (each as an array,
 * the form the base filter checks never send otherwise), every date filter malformed, an include
 * naming no record.
 */
const UNKNOWN_MUST = (t: CheckContext): Array<[string, Params]> => [
  ...UNKNOWN(t),
  ['unknown category ID (an array)', { categories: [MISSING_ID] }],
  ['unknown tag ID (an array)', { tags: [MISSING_ID] }],
  ['bad end date', { end_date: 'not a date' }],
  // Extended: every date filter, and an include naming no record.
  ...(t.extended
    ? (['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const).map((k): [string, Params] => [
        `bad ${k}`,
        { [k]: 'not a date' },
      ])
    : []),
  ...(t.extended ? [['unknown include ID', { include: MISSING_ID }] as [string, Params]] : []),
];

check(
  {
    id: 'events.list.unknown-values',
    spec: 'docs/requirements.md#unknown-filter-values (term, venue ID, bad date): must = no 2xx listing of unrelated records',
    level: 'must',
    requirements: [
      LIST,
      req.param('events', 'categories'),
      req.param('events', 'tags'),
      req.param('events', 'venue'),
      req.param('events', 'organizer'),
      req.param('events', 'start_date'),
      req.param('events', 'end_date'),
      req.param('events', 'starts_before'),
      req.param('events', 'starts_after'),
      req.param('events', 'ends_before'),
      req.param('events', 'ends_after'),
      req.param('events', 'include'),
    ],
    tags: ['writes'],
  },
  'lists none of the unrelated events for an unknown term, venue, organizer or a bad date',
  async (t) => {
    const p = await pool.get(t);
    const ev = p.c;
    // Positive control: without the unknown value the pool's scope lists the event.
    const before = await listEvents(t, { search: p.scope, per_page: 50 });
    t.assert(
      before.ids.includes(ev.id),
      `the scope lists ${showIds(before.ids)} without any filter; expected the event ${ev.id}`,
      before.res,
    );
    for (const [what, q] of UNKNOWN_MUST(t)) {
      const res = await t.api.get('/events', { search: p.scope, per_page: 50, ...q });
      // A refusal (4xx) is conformant; a server error is not.
      t.assert(
        res.status < 500,
        `with an ${what} (${JSON.stringify(q)}) the list answered ${res.status}, a server error`,
        res,
      );
      if (res.status >= 400) continue;
      const ids = listedIds(res.json, 'events');
      t.assert(
        !ids.includes(ev.id) && res.status < 300,
        `with an ${what} (${JSON.stringify(q)}) the list answered ${res.status} listing ${showIds(ids)}, including the unrelated event ${ev.id}`,
        res,
      );
    }
  },
);

check(
  {
    id: 'events.list.unknown-values-400',
    spec: 'docs/requirements.md#measured-cross-cutting: invalid filter values are 400; docs/requirements.md#unknown-filter-values (should: 400)',
    level: 'should',
    requirements: [LIST, req.param('events', 'categories'), req.param('events', 'venue')],
    tags: [],
  },
  'answers 400 to an unknown term, venue, organizer or a bad date',
  async (t) => {
    for (const [what, q] of UNKNOWN(t)) {
      const res = await t.api.get('/events', q);
      t.expectStatus(res, 400, `a list with an ${what} (${JSON.stringify(q)})`);
    }
  },
);

/** A hidden event and a shown one, made once for the two hidden checks (not in the filters pool: 4.6.8 lists hidden events). */
const hiddenPool = sharedSetup('events.list hidden pool', async (s) => ({
  scope: s.scope,
  // The hidden event starts a day after the shown one: listed, it would be the second.
  a: await makeEvent(s, 'hidden', { hide_from_listings: true }, 31),
  b: await makeEvent(s, 'shown', {}, 30),
}));

async function hidden(t: CheckContext) {
  const { scope, a, b } = await hiddenPool.get(t);
  const list = await listEvents(t, { search: scope, per_page: 50 });
  t.assert(
    sameIds(list.ids, [b.id]),
    `the scope lists ${showIds(list.ids)}; expected only ${b.id}, not the hidden ${a.id}`,
    list.res,
  );
  // Page 2 of one event per page: a hidden event must not show up past the first page either.
  const second = await listEvents(t, { search: scope, per_page: 1, page: 2 }, { notFoundIsEmpty: true });
  t.assert(
    !second.ids.includes(a.id),
    `page 2 of the scope at per_page=1 lists the hidden event ${a.id} (${showIds(second.ids)})`,
    second.res,
  );
  const read = await t.api.get(`/events/${a.id}`);
  t.assert(isRecordOf(read, a.id), `the hidden event ${a.id} is not readable by ID (answered ${read.status})`, read);
}

check(
  {
    id: 'events.list.hide-from-listings',
    spec: 'Event: hide_from_listings; docs/requirements.md#hide-from-listings (extended must: never listed, readable by ID)',
    level: 'must',
    requirements: [LIST, req.field('events', 'hide_from_listings')],
    tags: ['writes', 'extended'],
  },
  'never lists an event with hide_from_listings and still reads it by ID',
  hidden,
);

check(
  {
    id: 'events.list.hide-from-listings-any',
    spec: 'Event: hide_from_listings; docs/requirements.md#hide-from-listings (base: never listed is should; 4.6.8 lists them)',
    level: 'should',
    requirements: [LIST, req.field('events', 'hide_from_listings')],
    tags: ['writes'],
  },
  'never lists an event with hide_from_listings in either variant (4.6.8 lists them)',
  hidden,
);

check(
  {
    id: 'events.list.unknown-member-400',
    spec: "List events: venue, status, include and categories (extended); docs/requirements.md#original-tests (should: a comma list that holds one unknown value among known ones is refused with 400, as the original's own tests assert of include, status and the term filters)",
    level: 'should',
    requirements: [
      LIST,
      req.param('events', 'venue'),
      req.param('events', 'status'),
      req.param('events', 'categories'),
    ],
    tags: ['writes'],
  },
  'answers 400 to a comma list of venues, statuses (extended: event IDs, categories) with one unknown member',
  async (t) => {
    const p = await pool.get(t);
    const lists: Array<[string, Params]> = [
      ['a known and an unknown venue ID', { venue: `${p.venues[0].id},${MISSING_ID}` }],
      ['publish and an unknown status', { status: 'publish,calcert-no-such-status' }],
    ];
    if (p.cats && p.tags)
      lists.push(
        ['a known category ID and an unknown slug', { categories: `${p.cats[0].id},${p.scope}-no-such-category` }],
        ['an event ID and a word', { include: `${p.a.id},foo-bar` }],
      );
    for (const [what, query] of lists) {
      const res = await t.api.get('/events', { search: p.scope, ...query });
      t.expectStatus(res, 400, `the events list with ${what} (${JSON.stringify(query)})`);
    }
  },
);

check(
  {
    id: 'events.list.status-anonymous-publish',
    spec: "List events: status; docs/requirements.md#original-tests (should: a visitor's status=publish lists the published events, and status=publish,draft is 400, as the original's own tests assert); docs/requirements.md#status-filter",
    level: 'should',
    requirements: [LIST, req.param('events', 'status')],
    tags: ['writes', 'anonymous'],
  },
  "a visitor's status=publish lists the published events; status=publish,draft answers 400",
  async (t) => {
    const p = await pool.get(t);
    const want = [p.a, p.b, p.c, p.d].map((e) => e.id);
    const list = await listEvents(t, { search: p.scope, per_page: 50, status: 'publish' }, { client: t.anon });
    t.assert(
      sameIds(list.ids, want),
      `a visitor's status=publish over the pool listed ${showIds(list.ids)}, expected its published events ${showIds(want)}`,
      list.res,
    );
    const res = await t.anon.get('/events', { search: p.scope, status: 'publish,draft' });
    t.expectStatus(res, 400, "a visitor's GET /events?status=publish,draft");
  },
);
