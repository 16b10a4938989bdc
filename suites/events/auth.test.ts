/**
 * Anonymous access to events (should; LEVELS.md "anonymous writes" and "anonymous lists"):
 * writes are refused (401) and change nothing; lists show published events only.
 */
import { check } from '../../lib/check.ts';
import { sameText } from '../../lib/normalise.ts';
import { req, showIds, field } from '../../lib/contract.ts';
import { eventBody, makeEvent, scoped } from './support.ts';

check(
  {
    id: 'events.auth.anonymous-create',
    spec: 'Authentication (not shown); docs/requirements.md#measured-cross-cutting anonymous writes 401; docs/requirements.md#levels (should: refused, nothing changed)',
    level: 'should',
    requirements: [req.route('POST', 'events')],
    tags: ['writes', 'security', 'anonymous'],
  },
  'refuses an anonymous create with 401 and creates nothing',
  async (t) => {
    const res = await t.anon.post('/events', eventBody(t, 'anonymous'));
    t.trackCreated('events', res);
    t.expectStatus(res, 401, 'an anonymous POST /events');
    const list = await scoped(t);
    t.assert(
      list.ids.length === 0,
      `after the refused anonymous create the scope lists ${showIds(list.ids)}`,
      list.res,
    );
  },
);

check(
  {
    id: 'events.auth.anonymous-update',
    spec: 'docs/requirements.md#measured-cross-cutting anonymous writes 401; docs/requirements.md#levels (should)',
    level: 'should',
    requirements: [req.route('POST', 'events', '/{id}'), req.route('PATCH', 'events', '/{id}')],
    tags: ['writes', 'security', 'anonymous'],
  },
  'refuses anonymous updates with 401 and changes nothing',
  async (t) => {
    const ev = await makeEvent(t, 'untouched');
    for (const method of ['POST', 'PUT', 'PATCH'] as const) {
      const res = await t.anon.request({
        method,
        path: `/events/${ev.id}`,
        json: { title: t.name(`hacked ${method}`) },
      });
      t.expectStatus(res, 401, `an anonymous ${method} /events/${ev.id}`);
    }
    const read = await t.api.get(`/events/${ev.id}`);
    t.assert(
      sameText(t.name('untouched'), field(read.json, 'title')),
      `after refused anonymous updates the title is ${JSON.stringify(field(read.json, 'title'))}`,
      read,
    );
  },
);

check(
  {
    id: 'events.auth.anonymous-delete',
    spec: 'docs/requirements.md#measured-cross-cutting anonymous writes 401; docs/requirements.md#levels (should)',
    level: 'should',
    requirements: [req.route('DELETE', 'events', '/{id}')],
    tags: ['writes', 'security', 'anonymous'],
  },
  'refuses an anonymous delete with 401 and keeps the event',
  async (t) => {
    const ev = await makeEvent(t, 'kept');
    const res = await t.anon.delete(`/events/${ev.id}`);
    t.expectStatus(res, 401, `an anonymous DELETE /events/${ev.id}`);
    const list = await scoped(t);
    t.assert(
      list.ids.includes(ev.id),
      `after the refused anonymous delete the event ${ev.id} is no longer listed`,
      list.res,
    );
  },
);

check(
  {
    id: 'events.auth.anonymous-lists-published',
    spec: 'docs/requirements.md#measured-cross-cutting: anonymous lists see only published records; docs/requirements.md#anonymous-lists (should)',
    level: 'should',
    requirements: [req.route('GET', 'events'), req.param('events', 'status')],
    tags: ['writes', 'security', 'anonymous'],
  },
  'shows anonymous readers published events only',
  async (t) => {
    const draft = await makeEvent(t, 'draft', { status: 'draft' });
    const pub = await makeEvent(t, 'public');
    const list = await scoped(t, {}, { client: t.anon });
    t.assert(
      list.ids.includes(pub.id) && !list.ids.includes(draft.id),
      `the anonymous list shows ${showIds(list.ids)}; expected ${pub.id} and not the draft ${draft.id}`,
      list.res,
    );
    const read = await t.anon.get(`/events/${draft.id}`);
    t.assert(read.status >= 400, `an anonymous read of the draft ${draft.id} answered ${read.status}`, read);
  },
);
