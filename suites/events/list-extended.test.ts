/**
 * Extended event list parameters: include (only those IDs; date filters do not remove them),
 * post_parent (fixture childEvent) and ticketed (feature tickets, fixture ticketedEvent).
 */
import { check } from '../../lib/check/index.ts';
import { at, req, sameIds, showIds } from '../../lib/spec/contract.ts';
import { listEvents, makeEvent } from './support.ts';

const LIST = req.route('GET', 'events');

check(
  {
    id: 'events.list.include',
    spec: 'List events: include (extended; when given, date filters are ignored); docs/requirements.md#include (must: only those IDs, explicit start_date/end_date do not remove them)',
    level: 'must',
    requirements: [
      LIST,
      req.param('events', 'include'),
      req.param('events', 'start_date'),
      req.param('events', 'end_date'),
    ],
    tags: ['writes', 'extended'],
  },
  'lists only the included events, even with start_date and end_date that exclude them',
  async (t) => {
    const a = await makeEvent(t, 'inc a', {}, 40);
    const b = await makeEvent(t, 'inc b', {}, 41);
    await makeEvent(t, 'inc c', {}, 42);
    const plain = await listEvents(t, { include: [a.id, b.id], per_page: 50 });
    t.assert(sameIds(plain.ids, [a.id, b.id]), `include=[${a.id}, ${b.id}] listed ${showIds(plain.ids)}`, plain.res);
    const comma = await listEvents(t, { include: `${a.id},${b.id}`, per_page: 50 });
    t.assert(
      sameIds(comma.ids, [a.id, b.id]),
      `include=${a.id},${b.id} (comma list) listed ${showIds(comma.ids)}`,
      comma.res,
    );
    const dated = await listEvents(t, {
      include: [a.id, b.id],
      start_date: at(60, 0),
      end_date: at(70, 0),
      per_page: 50,
    });
    t.assert(
      sameIds(dated.ids, [a.id, b.id]),
      `include with start_date/end_date 60-70 days ahead listed ${showIds(dated.ids)}, expected both included events`,
      dated.res,
    );
  },
);

check(
  {
    id: 'events.list.include-ignores-window',
    spec: 'List events: include (date filters are ignored); docs/requirements.md#include (should: default window and starts_* do not apply; 6.8.0 still applies them)',
    level: 'should',
    requirements: [LIST, req.param('events', 'include'), req.param('events', 'starts_after')],
    tags: ['writes', 'extended'],
  },
  'lists an included past event and ignores starts_after (the original still applies them)',
  async (t) => {
    const past = await makeEvent(t, 'inc past', {}, -10);
    const soon = await makeEvent(t, 'inc soon', {}, 20);
    const a = await listEvents(t, { include: [past.id], per_page: 50 });
    t.assert(sameIds(a.ids, [past.id]), `include=[${past.id}] (an event 10 days ago) listed ${showIds(a.ids)}`, a.res);
    const b = await listEvents(t, { include: [soon.id], starts_after: at(100), per_page: 50 });
    t.assert(
      sameIds(b.ids, [soon.id]),
      `include=[${soon.id}] with starts_after 100 days ahead listed ${showIds(b.ids)}`,
      b.res,
    );
  },
);

check(
  {
    id: 'events.list.post-parent',
    spec: 'List events: post_parent (extended); n/a unless fixture childEvent',
    level: 'must',
    requirements: [LIST, req.param('events', 'post_parent')],
    tags: ['writes', 'extended', 'fixture'],
  },
  'lists the child of the given parent and not an unrelated event',
  async (t) => {
    const child = t.fixture('childEvent');
    const other = await makeEvent(t, 'no parent', {}, 29);
    const list = await listEvents(t, { post_parent: child.parent, include: [child.id, other.id], per_page: 50 });
    t.assert(
      sameIds(list.ids, [child.id]),
      `post_parent=${child.parent} among [${child.id}, ${other.id}] listed ${showIds(list.ids)}, expected the child ${child.id} only`,
      list.res,
    );
  },
);

check(
  {
    id: 'events.list.ticketed',
    spec: 'List events: ticketed (extended); needs tickets; n/a unless fixture ticketedEvent',
    level: 'must',
    requirements: [LIST, req.param('events', 'ticketed')],
    tags: ['writes', 'extended', 'tickets', 'fixture'],
  },
  'lists ticketed events for ticketed=true and the others for ticketed=false',
  async (t) => {
    const ticketed = t.fixture('ticketedEvent');
    const other = await makeEvent(t, 'no tickets', {}, 21);
    const yes = await listEvents(t, { ticketed: true, include: [ticketed.id, other.id], per_page: 50 });
    t.assert(
      sameIds(yes.ids, [ticketed.id]),
      `ticketed=true among [${ticketed.id}, ${other.id}] listed ${showIds(yes.ids)}`,
      yes.res,
    );
    const no = await listEvents(t, { ticketed: false, include: [ticketed.id, other.id], per_page: 50 });
    t.assert(
      sameIds(no.ids, [other.id]),
      `ticketed=false among [${ticketed.id}, ${other.id}] listed ${showIds(no.ids)}`,
      no.res,
    );
  },
);
