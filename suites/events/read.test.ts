/**
 * Event read by ID (GET /events/{id}): the record, and a missing record (4xx; should 404).
 */
import { check } from '../../lib/check.ts';
import { sameText } from '../../lib/normalise.ts';
import { req } from '../../lib/contract.ts';
import { makeEvent } from './support.ts';

const READ = req.route('GET', 'events', '/{id}');

check(
  {
    id: 'events.read.by-id',
    spec: 'Endpoints: GET /events/{id} (read event); docs/requirements.md#read-by-id (returns the record)',
    level: 'must',
    requirements: [READ, req.field('events', 'title')],
    tags: ['writes'],
  },
  'returns the event with the requested ID',
  async (t) => {
    const a = await makeEvent(t, 'read one', {}, 31);
    const b = await makeEvent(t, 'read two', {}, 32);
    for (const ev of [a, b]) {
      const res = await t.api.get(`/events/${ev.id}`);
      t.expectStatus(res, '2xx', `GET /events/${ev.id}`);
      const body = t.record(res);
      t.assert(body?.id === ev.id, `GET /events/${ev.id} answered the record with id ${JSON.stringify(body?.id)}`, res);
      t.assert(
        sameText(t.name(ev === a ? 'read one' : 'read two'), body.title),
        `GET /events/${ev.id} answered title ${JSON.stringify(body.title)}`,
        res,
      );
    }
  },
);
