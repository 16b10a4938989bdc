/**
 * Visibility of events that are not published (issue 12, point 3). Anonymous reads by ID, by
 * slug, lists and filters never reveal a draft, pending, private or future event (should, tag
 * `security`: the spec shows no permission rules); an authenticated editor's default list and
 * filters include them (should, as measured); a trashed event is gone from lists and from
 * anonymous reads (must: LEVELS.md delete).
 */
import { check, type CheckContext } from '../../lib/check/index.ts';
import { type ApiRecord, at, isRecordOf, showIds as show, req, expectNotServed } from '../../lib/spec/contract.ts';
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
    spec: 'States and transitions: status; docs/requirements.md#measured-cross-cutting (anonymous lists see only published records; anonymous reads of other statuses 403, never a 5xx); docs/requirements.md#anonymous-lists (should); positive controls: the editor reads each hidden event, a visitor reads the published one by ID and by slug',
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
    // Positive controls: a visitor reads the published event by ID and by slug (the reads work),
    // and the editor reads each hidden event (it exists).
    const pubId = await t.anon.get(`/events/${published.id}`);
    t.assert(
      isRecordOf(pubId, published.id),
      `an anonymous GET /events/${published.id} of the published event answered ${pubId.status}, not its record (positive control)`,
      pubId,
    );
    const pubSlugPath = `/events/by-slug/${encodeURIComponent(String(published.slug))}`;
    const pubSlug = await t.anon.get(pubSlugPath);
    t.assert(
      isRecordOf(pubSlug, published.id),
      `an anonymous GET ${pubSlugPath} of the published event answered ${pubSlug.status}, not its record (positive control)`,
      pubSlug,
    );
    for (const status of HIDDEN) {
      const ev = events[status];
      const editor = await t.api.get(`/events/${ev.id}`);
      t.assert(
        isRecordOf(editor, ev.id),
        `the editor's GET /events/${ev.id} answered ${editor.status}, not the ${status} event (positive control)`,
        editor,
      );
      const byId = await t.anon.get(`/events/${ev.id}`);
      expectNotServed(t, byId, ev.id, `an anonymous GET /events/${ev.id} of the ${status} event`);
      const slugPath = `/events/by-slug/${encodeURIComponent(String(ev.slug))}`;
      const bySlug = await t.anon.get(slugPath);
      expectNotServed(t, bySlug, ev.id, `an anonymous GET ${slugPath} of the ${status} event`);
    }
    // include names the hidden events outright (extended; the original lists only the published one to a visitor).
    const include = t.extended ? [{ include: [...hiddenIds, published.id].join(',') }] : [];
    for (const query of [{}, { venue: venue.id }, { featured: true }, ...include]) {
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
    spec: 'docs/requirements.md#delete (must: record gone from default lists and from anonymous reads, never a 5xx); positive control: listed by editor and visitor and anonymously readable before',
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
    const views = [
      ['editor', t.api],
      ['visitor', t.anon],
    ] as const;
    const queries = [{}, { venue: venue.id }];
    // Positive controls: before the delete every list below shows the event and a visitor reads it.
    for (const [who, client] of views) {
      for (const query of queries) {
        const list = await listEvents(
          t,
          { search: t.scope, per_page: 50, ...query },
          { client, what: `the ${who}'s list` },
        );
        t.assert(
          list.ids.includes(ev.id),
          `before the delete the ${who}'s list ${JSON.stringify(query)} does not show event ${ev.id} (positive control)`,
          list.res,
        );
      }
    }
    const readable = await t.anon.get(`/events/${ev.id}`);
    t.assert(
      isRecordOf(readable, ev.id),
      `before the delete an anonymous GET /events/${ev.id} answered ${readable.status}, not the event (positive control)`,
      readable,
    );
    const del = await t.api.delete(`/events/${ev.id}`);
    t.expectStatus(del, '2xx', `DELETE /events/${ev.id}`);
    for (const [who, client] of views) {
      for (const query of queries) {
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
    expectNotServed(t, read, ev.id, `an anonymous GET /events/${ev.id} of the trashed event`);
  },
);
