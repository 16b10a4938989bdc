/**
 * Links between records (issue 12, point 4): deleting a organizer removes it from the events that
 * linked it (should: measured on both originals, reference/verified.md I9; the spec says nothing).
 */
import { check } from '../../lib/check.ts';
import { linkedIds } from '../events/support.ts';
import { req } from '../../lib/contract.ts';

check(
  {
    id: 'organizers.links.delete-unlinks-events',
    spec: "docs/requirements.md#measured-cross-cutting I9: after DELETE /organizers/{id} the linked event's organizer is []; docs/requirements.md#delete (should)",
    level: 'should',
    requirements: [
      req.route('DELETE', 'organizers', '/{id}'),
      req.field('events', 'organizer'),
      req.cover('organizers.delete.unlinks-events'),
    ],
    tags: ['writes'],
  },
  'deleting a organizer removes it from the events that linked it',
  async (t) => {
    const rec = await t.create('organizers', { organizer: t.name('deleted organizer') });
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const ev = await t.create('events', {
      title: t.name('linked event'),
      start_date: `${day} 10:00:00`,
      end_date: `${day} 12:00:00`,
      organizer: [rec.id],
    });
    const del = await t.api.delete(`/organizers/${rec.id}`);
    t.expectStatus(del, '2xx', `DELETE /organizers/${rec.id}`);
    const read = await t.api.get(`/events/${ev.id}`);
    t.expectStatus(read, '2xx', `reading event ${ev.id}`);
    const linked = linkedIds(t.record(read).organizer);
    t.assert(!linked.includes(rec.id), `event ${ev.id} still links deleted organizer ${rec.id}`, read);
  },
);
