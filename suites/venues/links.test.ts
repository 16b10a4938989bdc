/**
 * Links between records (issue 12, point 4): deleting a venue removes it from the events that
 * linked it (should: measured on both originals, reference/verified.md I9; the spec says nothing).
 */
import { check } from '../../lib/check.ts';
import { linkedIds } from '../events/support.ts';
import { req } from '../../lib/contract.ts';

check(
  {
    id: 'venues.links.delete-unlinks-events',
    spec: "docs/requirements.md#measured-cross-cutting I9: after DELETE /venues/{id} the linked event's venue is []; docs/requirements.md#delete (should)",
    level: 'should',
    requirements: [
      req.route('DELETE', 'venues', '/{id}'),
      req.field('events', 'venue'),
      req.cover('venues.delete.unlinks-events'),
    ],
    tags: ['writes'],
  },
  'deleting a venue removes it from the events that linked it',
  async (t) => {
    const rec = await t.create('venues', { venue: t.name('deleted venue') });
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const ev = await t.create('events', {
      title: t.name('linked event'),
      start_date: `${day} 10:00:00`,
      end_date: `${day} 12:00:00`,
      venue: rec.id,
    });
    const del = await t.api.delete(`/venues/${rec.id}`);
    t.expectStatus(del, '2xx', `DELETE /venues/${rec.id}`);
    const read = await t.api.get(`/events/${ev.id}`);
    t.expectStatus(read, '2xx', `reading event ${ev.id}`);
    const linked = linkedIds(t.record(read).venue);
    t.assert(!linked.includes(rec.id), `event ${ev.id} still links deleted venue ${rec.id}`, read);
  },
);
