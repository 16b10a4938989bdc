/**
 * Visibility of events that are not published (issue 12, point 3). Anonymous reads by ID, by
 * slug, lists and filters never reveal a draft, pending, private or future event (should, tag
 * `security`: the spec shows no permission rules); an authenticated editor's default list and
 * filters include them (should, as measured); a trashed event is gone from lists and from
 * anonymous reads (must: LEVELS.md delete).
 */
import { check, type CheckContext } from '../../lib/check.ts';
import { type ApiRecord, at, isRecordOf, showIds as show, req } from '../../lib/contract.ts';
import { listEvents, makeEvent, scoped } from './support.ts';

const HIDDEN = ['draft', 'pending', 'private', 'future'] as const;

/** One event per hidden status, all linked to one venue and featured, plus a published one. */
async function hiddenEvents(t: CheckContext) {
  const venue = await t.create('venues', { venue: t.name('visibility venue') });
  const events: Record<string, ApiRecord> = {};
  for (const status of HIDDEN) {
    const extra: Record<string, unknown> = { status, venue: venue.id, featured: true };
    // A future post needs a publication date ahead.
    if (status === 'future') extra.date = at(20, 9);
    events[status] = await makeEvent(t, `hidden ${status}`, extra, 30);
  }
  const published = await makeEvent(t, 'published', { venue: venue.id, featured: true }, 30);
  return { venue, events, published };
}

check(
  {
    id: 'events.visibility.anonymous-hidden',
    spec: 'States and transitions: status; docs/requirements.md#measured-cross-cutting (anonymous lists see only published records; anonymous reads of other statuses 403); docs/requirements.md#anonymous-lists (should)',
    level: 'should',
    requirements: [
      req.route('GET', 'events', '/{id}'),
      req.route('GET', 'events', '/by-slug/{slug}'),
      req.route('GET', 'events'),
      ...HIDDEN.map((s) => req.cover(`events.visibility.${s}`)),
    ],
    tags: ['writes', 'security', 'anonymous'],
  },
  'anonymous reads by ID and by slug, lists and filters never reveal draft, pending, private or future events',
  async (t) => {
    const { venue, events, published } = await hiddenEvents(t);
    const hiddenIds = Object.values(events).map((e) => e.id);
    for (const status of HIDDEN) {
      const ev = events[status];
      const byId = await t.anon.get(`/events/${ev.id}`);
      t.assert(!isRecordOf(byId, ev.id), `an anonymous GET /events/${ev.id} revealed the ${status} event`, byId);
      const bySlug = await t.anon.get(`/events/by-slug/${encodeURIComponent(String(ev.slug))}`);
      t.assert(!isRecordOf(bySlug, ev.id), `an anonymous by-slug read of the ${status} event revealed it`, bySlug);
    }
    for (const query of [{}, { venue: venue.id }, { featured: true }]) {
      const list = await scoped(t, query, { client: t.anon, what: 'the anonymous list' });
      const leaked = list.ids.filter((id) => hiddenIds.includes(id));
      t.assert(
        leaked.length === 0,
        `the anonymous list ${JSON.stringify(query)} shows hidden events ${show(leaked)}`,
        list.res,
      );
      t.assert(
        list.ids.includes(published.id),
        `the anonymous list ${JSON.stringify(query)} misses the published event ${published.id}`,
        list.res,
      );
    }
  },
);

check(
  {
    id: 'events.visibility.editor-sees',
    spec: 'docs/requirements.md#measured-cross-cutting: the administrator default list shows every status but the trash (next_rest_url carries status=any); docs/requirements.md#levels (should, as measured)',
    level: 'should',
    requirements: [req.route('GET', 'events'), ...HIDDEN.map((s) => req.cover(`events.visibility.${s}.editor`))],
    tags: ['writes', 'auth'],
  },
  "an editor's default list and filters include draft, pending, private and future events",
  async (t) => {
    const { venue, events } = await hiddenEvents(t);
    for (const query of [{}, { venue: venue.id }, { featured: true }]) {
      const list = await scoped(t, query);
      const missing = HIDDEN.filter((s) => !list.ids.includes(events[s].id));
      t.assert(
        missing.length === 0,
        `the editor's list ${JSON.stringify(query)} misses the ${missing.join(', ')} event(s)`,
        list.res,
      );
    }
  },
);

check(
  {
    id: 'events.visibility.trashed-gone',
    spec: 'docs/requirements.md#delete (must: record gone from default lists and from anonymous reads)',
    level: 'must',
    requirements: [
      req.route('DELETE', 'events', '/{id}'),
      req.route('GET', 'events'),
      req.cover('events.visibility.trash'),
    ],
    tags: ['writes', 'anonymous'],
  },
  'a trashed event is gone from the lists of editors and visitors, from filters and from anonymous reads',
  async (t) => {
    const venue = await t.create('venues', { venue: t.name('trash venue') });
    const ev = await makeEvent(t, 'trashed', { venue: venue.id }, 31);
    const del = await t.api.delete(`/events/${ev.id}`);
    t.expectStatus(del, '2xx', `DELETE /events/${ev.id}`);
    for (const [who, client] of [
      ['editor', t.api],
      ['visitor', t.anon],
    ] as const) {
      for (const query of [{}, { venue: venue.id }]) {
        const list = await listEvents(
          t,
          { search: t.scope, per_page: 50, ...query },
          { client, what: `the ${who}'s list` },
        );
        t.assert(
          !list.ids.includes(ev.id),
          `the ${who}'s list ${JSON.stringify(query)} still shows trashed event ${ev.id}`,
          list.res,
        );
      }
    }
    const read = await t.anon.get(`/events/${ev.id}`);
    t.assert(!isRecordOf(read, ev.id), `an anonymous GET /events/${ev.id} still serves the trashed event`, read);
  },
);
