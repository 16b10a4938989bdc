/**
 * Event read by ID (GET /events/{id}): the record, and a missing record (4xx; should 404).
 */
import { check } from '../../lib/check.ts';
import { sameText } from '../../lib/normalise.ts';
import { MISSING_ID, req } from '../../lib/contract.ts';
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
      const body = t.json(res);
      t.assert(body?.id === ev.id, `GET /events/${ev.id} answered the record with id ${JSON.stringify(body?.id)}`, res);
      t.assert(
        sameText(t.name(ev === a ? 'read one' : 'read two'), body.title),
        `GET /events/${ev.id} answered title ${JSON.stringify(body.title)}`,
        res,
      );
    }
  },
);

check(
  {
    id: 'events.read.missing-4xx',
    spec: 'docs/requirements.md#missing-record (must: 4xx; the original answers 400)',
    level: 'must',
    requirements: [READ],
    tags: [],
  },
  'answers a 4xx and no record for an ID that does not exist',
  async (t) => {
    const res = await t.api.get(`/events/${MISSING_ID}`);
    t.expectStatus(res, '4xx', `GET /events/${MISSING_ID} (no such event)`);
  },
);

check(
  {
    id: 'events.read.missing-404',
    spec: 'docs/requirements.md#missing-record (should: 404; 4.6.8 and 6.8.0 answer 400, 6.17.2 404)',
    level: 'should',
    requirements: [READ],
    tags: [],
  },
  'answers 404 for an event ID that does not exist',
  async (t) => {
    const res = await t.api.get(`/events/${MISSING_ID}`);
    t.expectStatus(res, 404, `GET /events/${MISSING_ID} (no such event)`);
  },
);
