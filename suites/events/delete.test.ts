/**
 * Event delete by ID (DELETE /events/{id}): the record leaves the default list and anonymous
 * reads (must); should: 200 with status "trash", a second delete 410, a missing ID 404.
 */
import { check } from '../../lib/check.ts';
import { expectNotServed, isRecordOf, req, showIds, field } from '../../lib/contract.ts';
import { makeEvent, scoped } from './support.ts';

const DELETE = req.route('DELETE', 'events', '/{id}');

check(
  {
    id: 'events.delete.removes',
    spec: 'Endpoints: DELETE /events/{id}; docs/requirements.md#delete (must: 2xx, gone from default lists and anonymous reads, never a 5xx); positive control: listed and anonymously readable before, another event survives',
    level: 'must',
    requirements: [DELETE, req.route('GET', 'events')],
    tags: ['writes', 'anonymous'],
  },
  'removes a deleted event from the default list and from anonymous reads',
  async (t) => {
    const ev = await makeEvent(t, 'to delete');
    const keep = await makeEvent(t, 'to keep');
    // Positive controls: before the delete both are listed and a visitor reads the one deleted next.
    const before = await scoped(t);
    t.assert(
      before.ids.includes(ev.id) && before.ids.includes(keep.id),
      `before the delete the scope lists ${showIds(before.ids)}; expected ${ev.id} and ${keep.id} (positive control)`,
      before.res,
    );
    const readable = await t.anon.get(`/events/${ev.id}`);
    t.assert(
      isRecordOf(readable, ev.id),
      `before the delete an anonymous GET /events/${ev.id} answered ${readable.status}, not the event (positive control)`,
      readable,
    );
    const res = await t.api.delete(`/events/${ev.id}`);
    t.expectStatus(res, '2xx', `DELETE /events/${ev.id}`);
    const list = await scoped(t);
    t.assert(
      !list.ids.includes(ev.id),
      `the deleted event ${ev.id} is still listed (scope lists ${showIds(list.ids)})`,
      list.res,
    );
    t.assert(
      list.ids.includes(keep.id),
      `the other event ${keep.id} of the scope is no longer listed (scope lists ${showIds(list.ids)})`,
      list.res,
    );
    const anon = await t.anon.get(`/events/${ev.id}`);
    expectNotServed(t, anon, ev.id, `an anonymous GET /events/${ev.id} of the deleted event`);
  },
);

check(
  {
    id: 'events.delete.trash-200',
    spec: 'docs/requirements.md#delete (should: 200 with status "trash")',
    level: 'should',
    requirements: [DELETE],
    tags: ['writes'],
  },
  'answers 200 with the record in status "trash" to a delete',
  async (t) => {
    const ev = await makeEvent(t, 'trash');
    const res = await t.api.delete(`/events/${ev.id}`);
    t.expectStatus(res, 200, `DELETE /events/${ev.id}`);
    t.assert(
      field(res.json, 'id') === ev.id && field(res.json, 'status') === 'trash',
      `the delete answered id ${JSON.stringify(field(res.json, 'id'))}, status ${JSON.stringify(field(res.json, 'status'))}; expected the record with status "trash"`,
      res,
    );
  },
);

check(
  {
    id: 'events.delete.second-410',
    spec: 'docs/requirements.md#delete (should: a second delete 410)',
    level: 'should',
    requirements: [DELETE],
    tags: ['writes'],
  },
  'answers 410 to deleting an event already in the trash',
  async (t) => {
    const ev = await makeEvent(t, 'twice');
    const first = await t.api.delete(`/events/${ev.id}`);
    t.expectStatus(first, '2xx', `the first DELETE /events/${ev.id}`);
    const second = await t.api.delete(`/events/${ev.id}`);
    t.expectStatus(second, 410, `the second DELETE /events/${ev.id}`);
  },
);
