/**
 * Event list filters: search (title, description, excerpt), categories, tags, venue, organizer,
 * featured, status, filters combined, unknown filter values and hide_from_listings. Each check
 * creates the few events it needs and scopes every list to them with its token.
 * Categories and tags can be attached to events through the interface only in the extended
 * variant (event create), so the term filter checks are extended-only.
 */
import { check, type CheckContext } from '../../lib/check.ts';
import { isRecordOf, MISSING_ID, req, sameIds, showIds, listedIds } from '../../lib/contract.ts';
import { listEvents, makeEvent, scoped } from './support.ts';
import type { Params } from '../../lib/client.ts';

const LIST = req.route('GET', 'events');

async function expectScoped(t: CheckContext, query: Params, want: number[], what: string) {
  const list = await scoped(t, query);
  t.assert(sameIds(list.ids, want), `${what}: listed ${showIds(list.ids)}, expected ${showIds(want)}`, list.res);
}

/** A list filtered by a word only one event has: that event and nothing else of the scope. */
async function searchFinds(t: CheckContext, where: 'title' | 'description' | 'excerpt') {
  const word = `${t.scope}${where.slice(0, 3)}`;
  const extra: Params = where === 'title' ? { title: `${word} marked` } : { [where]: `Some text with ${word} inside.` };
  const a = await makeEvent(t, 'search hit', extra);
  const b = await makeEvent(t, 'search miss', where === 'title' ? {} : { [where]: 'Some text without the word.' });
  const list = await listEvents(t, { search: word, per_page: 50 });
  t.assert(
    list.ids.includes(a.id),
    `search=${word} does not list the event ${a.id} whose ${where} holds it (listed ${showIds(list.ids)})`,
    list.res,
  );
  t.assert(!list.ids.includes(b.id), `search=${word} also lists the event ${b.id} that does not hold it`, list.res);
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

/** Two terms of `resource` and events A (first term), B (second), C (none). */
async function termSetup(t: CheckContext, resource: 'categories' | 'tags') {
  const x = await t.create(resource, { name: t.name(`${resource} x`) });
  const y = await t.create(resource, { name: t.name(`${resource} y`) });
  const a = await makeEvent(t, 'term a', { [resource]: [x.id] });
  const b = await makeEvent(t, 'term b', { [resource]: [y.id] });
  const c = await makeEvent(t, 'term c');
  return { x, y, a, b, c };
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
    const { x, y, a, b } = await termSetup(t, 'categories');
    await expectScoped(t, { categories: x.id }, [a.id], `categories=${x.id} (ID)`);
    await expectScoped(t, { categories: y.slug }, [b.id], `categories=${y.slug} (slug)`);
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
    const { x, y, a, b } = await termSetup(t, 'categories');
    await expectScoped(t, { categories: [x.id, y.slug] }, [a.id, b.id], `categories=[${x.id}, ${y.slug}]`);
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
    const { x, y, a, b } = await termSetup(t, 'tags');
    await expectScoped(t, { tags: x.id }, [a.id], `tags=${x.id} (ID)`);
    await expectScoped(t, { tags: y.slug }, [b.id], `tags=${y.slug} (slug)`);
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
    const { x, y, a, b } = await termSetup(t, 'tags');
    await expectScoped(t, { tags: [x.id, y.id] }, [a.id, b.id], `tags=[${x.id}, ${y.id}]`);
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
      const resource = kind === 'venue' ? 'venues' : 'organizers';
      const x = await t.create(resource, { [kind]: t.name(`${kind} x`) });
      const y = await t.create(resource, { [kind]: t.name(`${kind} y`) });
      const link = (id: number) => (kind === 'venue' ? { venue: id } : { organizer: [id] });
      const a = await makeEvent(t, `${kind} a`, link(x.id));
      const b = await makeEvent(t, `${kind} b`, link(y.id));
      await makeEvent(t, `${kind} c`);
      await expectScoped(t, { [kind]: x.id }, [a.id], `${kind}=${x.id}`);
      await expectScoped(t, { [kind]: [x.id, y.id] }, [a.id, b.id], `${kind}=[${x.id}, ${y.id}]`);
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
    const a = await makeEvent(t, 'featured', { featured: true });
    const b = await makeEvent(t, 'plain', { featured: false });
    await expectScoped(t, { featured: true }, [a.id], 'featured=true');
    await expectScoped(t, { featured: false }, [b.id], 'featured=false');
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
    const x = await t.create('venues', { venue: t.name('and x') });
    const y = await t.create('venues', { venue: t.name('and y') });
    const a = await makeEvent(t, 'and a', { venue: x.id, featured: true });
    await makeEvent(t, 'and b', { venue: x.id, featured: false });
    await makeEvent(t, 'and c', { venue: y.id, featured: true });
    await expectScoped(t, { venue: x.id, featured: true }, [a.id], `venue=${x.id}&featured=true`);
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
    ],
    tags: ['writes'],
  },
  'lists none of the unrelated events for an unknown term, venue, organizer or a bad date',
  async (t) => {
    const ev = await makeEvent(t, 'unrelated');
    // Positive control: without the unknown value the scope lists the event.
    const before = await scoped(t);
    t.assert(
      before.ids.includes(ev.id),
      `the scope lists ${showIds(before.ids)} without any filter; expected the event ${ev.id}`,
      before.res,
    );
    for (const [what, q] of UNKNOWN(t)) {
      const res = await t.api.get('/events', { search: t.scope, per_page: 50, ...q });
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

async function hidden(t: CheckContext) {
  const a = await makeEvent(t, 'hidden', { hide_from_listings: true });
  const b = await makeEvent(t, 'shown');
  const list = await scoped(t);
  t.assert(
    sameIds(list.ids, [b.id]),
    `the scope lists ${showIds(list.ids)}; expected only ${b.id}, not the hidden ${a.id}`,
    list.res,
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
