/**
 * Event lists through a filter that names an existing record no event links: a venue, an
 * organizer, a category and a tag made for the file and left without events (the original's own
 * REST tests read the archive of an empty category, tag, venue and organizer). Must: such a list
 * holds no event (a filter that names a known record filters, whether or not anything matches);
 * positive control: the file's event is listed by its scope. Should: the answer is the empty list
 * the original gives, 200 with [], totals 0 and no page links. Nothing is searched: the filter
 * alone must empty the list, whatever else the site holds.
 */
import { check, sharedSetup, type CheckContext } from '../../lib/check/index.ts';
import { readList, req, showIds } from '../../lib/spec/contract.ts';
import type { Params } from '../../lib/types.ts';
import { emptyAnswerWrongs } from '../_families/generic/paging.ts';
import { makeEvent, scoped } from './support.ts';

const LIST = req.route('GET', 'events');
const REQUIREMENTS = [
  LIST,
  req.param('events', 'categories'),
  req.param('events', 'tags'),
  req.param('events', 'venue'),
  req.param('events', 'organizer'),
];

/** One listed event of the file, and a venue, organizer, category and tag no event links. */
const unused = sharedSetup('events.list empty filters', async (s) => {
  const event = await makeEvent(s, 'listed');
  const venue = await s.create('venues', { venue: s.name('venue without events') });
  const organizer = await s.create('organizers', { organizer: s.name('organizer without events') });
  const category = await s.create('categories', { name: s.name('category without events') });
  const tag = await s.create('tags', { name: s.name('tag without events') });
  const filters: Array<[string, Params]> = [
    [`the venue ${venue.id}`, { venue: venue.id }],
    [`the organizer ${organizer.id}`, { organizer: organizer.id }],
    [`the category ${category.id}`, { categories: category.id }],
    [`the tag ${tag.id}`, { tags: tag.id }],
  ];
  return { event, filters, scope: s.scope };
});

/** The file's records; blocked unless its event is listed by its scope (the positive control). */
async function withControl(t: CheckContext) {
  const u = await unused.get(t);
  const control = await scoped(t.setup, { search: u.scope }, { what: 'the events of this file (search by its scope)' });
  if (!control.ids.includes(u.event.id as number))
    t.blocked(
      `the events of this file (search by its scope) list ${showIds(control.ids)}, not the event ${u.event.id} made for the control`,
      control.res,
    );
  return u;
}

check(
  {
    id: 'events.list.filter-without-events',
    spec: "List events: categories, tags, venue, organizer (events linked to those named); docs/requirements.md#levels (must: a filter by a known record lists only its events, none when it has none); positive control: the file's event is listed by its scope",
    level: 'must',
    requirements: REQUIREMENTS,
    tags: ['writes'],
  },
  'lists no event through a venue, an organizer, a category or a tag that exists but links no event',
  async (t) => {
    const u = await withControl(t);
    for (const [what, query] of u.filters) {
      const res = await t.api.get('/events', query);
      const list = readList(t, res, 'events', {
        what: `the events of ${what}, which no event links (${JSON.stringify(query)})`,
      });
      t.assert(
        list.ids.length === 0,
        `the events of ${what}, which no event links, are ${showIds(list.ids)}: a filter by a known record must list only its events (none)`,
        res,
      );
    }
  },
);

check(
  {
    id: 'events.list.empty-filter-answer',
    spec: "List events: categories, tags, venue, organizer; docs/requirements.md#original-tests (should: a list through a category, tag, venue or organizer that has no event is 200 with [], total and total_pages 0, X-TEC-Total and X-TEC-TotalPages 0 and no next or previous link, as the original's own tests assert of an empty category, tag, venue and organizer)",
    level: 'should',
    requirements: REQUIREMENTS,
    tags: ['writes'],
  },
  'a list by a venue, an organizer, a category or a tag that has no event answers the empty list: 200, [], totals 0, no page links',
  async (t) => {
    const u = await unused.get(t);
    for (const [what, query] of u.filters) {
      const res = await t.api.get('/events', query);
      t.expectStatus(res, 200, `the events of ${what}, which no event links (${JSON.stringify(query)})`);
      const bad = emptyAnswerWrongs(res, 'events');
      t.assert(bad.length === 0, `the events of ${what} (${JSON.stringify(query)}): ${bad.join('; ')}`, res);
    }
  },
);
