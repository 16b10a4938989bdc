/**
 * Generated event fields are the service's: `global_id`, `global_id_lineage`, `url`, `rest_url`
 * and `modified` sent on create or update are ignored (should: the spec is silent; the original
 * ignores them, docs/requirements.md#generated-fields). The venue and organizer form of this
 * check is in suites/_families/linked/fields.ts.
 */
import { check } from '../../lib/check/index.ts';
import { at, req } from '../../lib/spec/contract.ts';
import { changedKeys, heldAsSent } from '../_families/generated.ts';
import { eventBody } from './support.ts';

/** Values no service would generate for a record of this run. */
const FORGED = {
  global_id: 'forged.example.org?id=1',
  global_id_lineage: ['forged.example.org?id=1'],
  url: 'https://forged.example.org/event/',
  rest_url: 'https://forged.example.org/wp-json/event/1',
  modified: '2001-01-01 00:00:00',
};

check(
  {
    id: 'events.fields.generated-read-only',
    spec: "Response records: not shown; docs/requirements.md#generated-fields (should: global_id, global_id_lineage, url, rest_url and modified are the service's; the original ignores sent values on create and update)",
    level: 'should',
    requirements: [req.route('POST', 'events', ''), req.route('PATCH', 'events', '/{id}')],
    tags: ['writes'],
  },
  'global_id, global_id_lineage, url, rest_url and modified sent on create or update are ignored',
  async (t) => {
    const made = await t.create('events', eventBody(t, 'event forging generated fields', FORGED));
    const onCreate = heldAsSent(made, FORGED);
    t.assert(onCreate.length === 0, `the created event ${made.id} holds the sent ${onCreate.join(', ')}`);
    const beforeRes = await t.api.get(`/events/${made.id}`);
    const before = t.record(beforeRes, `the event ${made.id}`);
    const after = heldAsSent(before, FORGED);
    t.assert(after.length === 0, `the event ${made.id} reads the sent ${after.join(', ')}`, beforeRes);
    // The dates go with the update: 4.6.8 resets unsent dates, which is another behaviour.
    const path = `/events/${made.id}`;
    const res = await t.api.request({
      method: 'PATCH',
      path,
      json: { ...FORGED, start_date: at(30, 10), end_date: at(30, 12) },
    });
    t.expectStatus(res, '2xx', `PATCH ${path} with forged generated fields`);
    const readRes = await t.api.get(path);
    const read = t.record(readRes, `the event ${made.id} after the update`);
    const onUpdate = heldAsSent(read, FORGED);
    const changed = changedKeys(before, read, ['global_id', 'global_id_lineage', 'url', 'rest_url']);
    t.assert(
      onUpdate.length === 0 && changed.length === 0,
      `after PATCH ${path} with forged generated fields it holds the sent ${onUpdate.join(', ') || '-'} and changed ${changed.join(', ') || '-'}`,
      readRes,
    );
  },
);
