/**
 * Events by slug (both variants): read, update (POST, PUT, PATCH) and delete on
 * /events/by-slug/{slug} reach the same record as by ID; unknown slugs are refused.
 */
import { check } from '../../lib/check/index.ts';
import { sameText } from '../../lib/spec/normalise.ts';
import { isRecordOf, type Method, req, showIds, field, expectNotServed } from '../../lib/spec/contract.ts';
import { makeEvent, scoped } from './support.ts';
import { resource } from '../../lib/spec/resources.ts';
import { bySlugFieldsCheck } from '../_families/generic/by-slug-fields.ts';

const R = (m: Method) => req.route(m, 'events', '/by-slug/{slug}');

check(
  {
    id: 'events.by-slug.read',
    spec: 'Endpoints: GET /events/by-slug/{slug}; docs/requirements.md#by-slug (must: same record as by ID)',
    level: 'must',
    requirements: [R('GET'), req.field('events', 'slug'), req.param('path', 'slug')],
    tags: ['writes'],
  },
  'reads the same event by its slug as by its ID',
  async (t) => {
    const slug = `${t.scope}-by-slug`.toLowerCase();
    const ev = await makeEvent(t, 'slugged', { slug });
    const res = await t.api.get(`/events/by-slug/${encodeURIComponent(String(ev.slug ?? slug))}`);
    t.expectStatus(res, '2xx', `GET /events/by-slug/${ev.slug}`);
    t.assert(
      t.record(res)?.id === ev.id,
      `the by-slug read answered id ${JSON.stringify(field(res.json, 'id'))}, expected ${ev.id}`,
      res,
    );
  },
);

check(
  {
    id: 'events.by-slug.update',
    spec: 'Endpoints: POST, PUT, PATCH /events/by-slug/{slug}; docs/requirements.md#by-slug (must: same record as by ID)',
    level: 'must',
    requirements: [R('POST'), R('PUT'), R('PATCH')],
    tags: ['writes'],
  },
  'applies updates sent by POST, PUT and PATCH on the slug to the event with that ID',
  async (t) => {
    const slug = `${t.scope}-upd-slug`.toLowerCase();
    const ev = await makeEvent(t, 'slug update', { slug });
    for (const method of ['POST', 'PUT', 'PATCH'] as const) {
      const title = t.name(`by slug ${method}`);
      const res = await t.api.request({
        method,
        path: `/events/by-slug/${encodeURIComponent(String(ev.slug))}`,
        json: { title, start_date: ev.start_date, end_date: ev.end_date },
      });
      t.expectStatus(res, '2xx', `${method} /events/by-slug/${ev.slug}`);
      const read = await t.api.get(`/events/${ev.id}`);
      t.assert(
        sameText(title, t.record(read).title),
        `after ${method} by slug the event ${ev.id} has title ${JSON.stringify(field(read.json, 'title'))}, sent ${JSON.stringify(title)}`,
        read,
      );
    }
  },
);

check(
  {
    id: 'events.by-slug.delete',
    spec: 'Endpoints: DELETE /events/by-slug/{slug}; docs/requirements.md#by-slug; gone from anonymous reads (never a 5xx); positive control: listed and anonymously readable before, another event survives',
    level: 'must',
    requirements: [R('DELETE')],
    tags: ['writes', 'anonymous'],
  },
  'deletes the event with that slug: it leaves the default list and anonymous reads',
  async (t) => {
    const slug = `${t.scope}-del-slug`.toLowerCase();
    const ev = await makeEvent(t, 'slug delete', { slug });
    const keep = await makeEvent(t, 'slug keep');
    // Positive controls: before the delete both are listed and a visitor reads the one deleted next.
    const before = await scoped(t);
    t.assert(
      before.ids.includes(ev.id) && before.ids.includes(keep.id),
      `before the delete by slug the scope lists ${showIds(before.ids)}; expected ${ev.id} and ${keep.id} (positive control)`,
      before.res,
    );
    const readable = await t.anon.get(`/events/${ev.id}`);
    t.assert(
      isRecordOf(readable, ev.id),
      `before the delete an anonymous GET /events/${ev.id} answered ${readable.status}, not the event (positive control)`,
      readable,
    );
    const res = await t.api.delete(`/events/by-slug/${encodeURIComponent(String(ev.slug))}`);
    t.expectStatus(res, '2xx', `DELETE /events/by-slug/${ev.slug}`);
    const list = await scoped(t);
    t.assert(
      !list.ids.includes(ev.id) && list.ids.includes(keep.id),
      `after the delete by slug the scope lists ${showIds(list.ids)}; expected ${keep.id} and not ${ev.id}`,
      list.res,
    );
    const anon = await t.anon.get(`/events/${ev.id}`);
    expectNotServed(t, anon, ev.id, `an anonymous GET /events/${ev.id} of the event deleted by slug`);
  },
);

check(
  {
    id: 'events.by-slug.missing-4xx',
    spec: 'docs/requirements.md#missing-record (item, by-slug read: must 4xx)',
    level: 'must',
    requirements: [R('GET')],
    tags: [],
  },
  'answers a 4xx and no record to a read by an unknown slug',
  async (t) => {
    const res = await t.api.get(`/events/by-slug/${t.scope}-no-such-event`);
    t.expectStatus(res, '4xx', 'GET by an unknown slug');
  },
);

check(
  {
    id: 'events.by-slug.missing-404',
    spec: 'docs/requirements.md#missing-record (should: 404)',
    level: 'should',
    requirements: [R('GET')],
    tags: [],
  },
  'answers 404 to a read by an unknown slug',
  async (t) => {
    const res = await t.api.get(`/events/by-slug/${t.scope}-no-such-event`);
    t.expectStatus(res, 404, 'GET by an unknown slug');
  },
);

check(
  {
    id: 'events.by-slug.update-unknown-4xx',
    spec: 'docs/requirements.md#by-slug (should: unknown slug on update is 4xx; events on 6.x answer 200 with an error body)',
    level: 'should',
    requirements: [R('POST')],
    tags: ['writes'],
  },
  'answers a 4xx to an update by an unknown slug (the original answers 200 with an error body)',
  async (t) => {
    const res = await t.api.post(`/events/by-slug/${t.scope}-no-such-event`, { title: t.name('ghost') });
    t.trackCreated('events', res);
    t.expectStatus(res, '4xx', 'POST by an unknown slug');
  },
);

bySlugFieldsCheck(resource('events'), { extended: false });
