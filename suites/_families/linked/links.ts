/**
 * Links between records (issue 12, point 4): deleting a venue or an organizer removes it from the
 * events that linked it (should: measured on both originals, reference/verified.md I9; the spec
 * says nothing). Declared for venues and organizers by suites/<resource>/links.test.ts.
 */
import { check } from '../../../lib/check/index.ts';
import { at, req } from '../../../lib/spec/contract.ts';
import type { LinkedDef } from '../../../lib/spec/resources.ts';
import { linkedIds, requireLinked } from '../../events/support.ts';

export function linksChecks(d: LinkedDef): void {
  const P = d.plural;
  check(
    {
      id: `${P}.links.delete-unlinks-events`,
      spec: `docs/requirements.md#measured-cross-cutting I9: after DELETE /${P}/{id} the linked event's ${d.kind} is []; docs/requirements.md#delete (should)`,
      level: 'should',
      requirements: [
        req.route('DELETE', P, '/{id}'),
        req.field('events', d.kind),
        req.cover(`${P}.delete.unlinks-events`),
      ],
      tags: ['writes'],
    },
    `deleting ${d.kind === 'organizer' ? 'an' : 'a'} ${d.kind} removes it from the events that linked it`,
    async (t) => {
      const rec = await t.create(P, { [d.nameField]: t.name(`deleted ${d.kind}`) });
      const ev = await t.create('events', {
        title: t.name('linked event'),
        start_date: at(30, 10),
        end_date: at(30, 12),
        // An event's venue is one ID, its organizers a list.
        [d.kind]: d.kind === 'venue' ? rec.id : [rec.id],
      });
      requireLinked(t, ev, d.kind, [rec.id], `the event created with ${d.kind} ${rec.id}`);
      const del = await t.api.delete(`/${P}/${rec.id}`);
      t.expectStatus(del, '2xx', `DELETE /${P}/${rec.id}`);
      const read = await t.api.get(`/events/${ev.id}`);
      t.expectStatus(read, '2xx', `reading event ${ev.id}`);
      const linked = linkedIds(t.record(read)[d.kind]);
      t.assert(!linked.includes(rec.id), `event ${ev.id} still links deleted ${d.kind} ${rec.id}`, read);
    },
  );
}
