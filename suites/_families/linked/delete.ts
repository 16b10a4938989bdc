/**
 * Delete of a venue or organizer by ID: gone from default lists and anonymous reads (must); the
 * answer is the record with status trash and a second delete is 410 (should).
 */
import { check } from '../../../lib/check.ts';
import { isRecordOf, req, showIds, field } from '../../../lib/contract.ts';
import type { LinkedDef } from '../../../lib/resources.ts';
import { createRecord, scopedIds } from './support.ts';

export function deleteChecks(d: LinkedDef): void {
  const P = d.plural;
  const route = req.route('DELETE', d.plural, '/{id}');

  check(
    {
      id: `${P}.delete.gone`,
      spec: `Endpoints: DELETE /${P}/{id}; docs/requirements.md#delete (must: 2xx, gone from default lists and anonymous reads: a 4xx, never a 5xx); positive control: listed and anonymously readable before, another ${d.kind} survives`,
      level: 'must',
      requirements: [route],
      tags: ['writes'],
    },
    `a deleted ${d.kind} is gone from the default list and from anonymous reads`,
    async (t) => {
      const keep = await createRecord(t, d, {}, 'kept');
      const gone = await createRecord(t, d, {}, 'deleted');
      // Positive controls: before the delete both are listed and a visitor reads the one deleted next.
      const before = await scopedIds(t, d);
      t.assert(
        before.ids.includes(gone.id) && before.ids.includes(keep.id),
        `before the delete the default list holds ${showIds(before.ids)}; expected the ${d.kind}s ${keep.id} and ${gone.id} (positive control)`,
        before.page.res,
      );
      const readable = await t.anon.get(`/${P}/${gone.id}`);
      t.assert(
        isRecordOf(readable, gone.id),
        `before the delete an anonymous GET /${P}/${gone.id} answered ${readable.status}, not the ${d.kind} (positive control)`,
        readable,
      );
      const res = await t.api.delete(`/${P}/${gone.id}`);
      t.expectStatus(res, '2xx', `DELETE /${P}/${gone.id}`);
      const { ids, page } = await scopedIds(t, d);
      t.assert(
        !ids.includes(gone.id),
        `the default list still holds the deleted ${d.kind} ${gone.id}: ${showIds(ids)}`,
        page.res,
      );
      t.assert(
        ids.includes(keep.id),
        `the default list lost the ${d.kind} ${keep.id} that was not deleted: ${showIds(ids)}`,
        page.res,
      );
      const anon = await t.anon.get(`/${P}/${gone.id}`);
      t.expectStatus(anon, '4xx', `an anonymous GET /${P}/${gone.id} of the deleted ${d.kind}`);
    },
  );

  check(
    {
      id: `${P}.delete.trash-status`,
      spec: 'docs/requirements.md#measured-cross-cutting: delete answers 200 with the record, status trash (should)',
      level: 'should',
      requirements: [route],
      tags: ['writes'],
    },
    `a delete answers 200 with the ${d.kind}, now in status trash`,
    async (t) => {
      const rec = await createRecord(t, d, {}, 'trashed');
      const res = await t.api.delete(`/${P}/${rec.id}`);
      t.expectStatus(res, 200, `DELETE /${P}/${rec.id}`);
      t.assert(
        field(res.json, 'id') === rec.id && field(res.json, 'status') === 'trash',
        `the delete answered id ${JSON.stringify(field(res.json, 'id'))} with status ${JSON.stringify(field(res.json, 'status'))}, expected ${rec.id} in trash`,
        res,
      );
    },
  );

  check(
    {
      id: `${P}.delete.second-410`,
      spec: 'docs/requirements.md#measured-cross-cutting: deleting a trashed post answers 410 (should)',
      level: 'should',
      requirements: [route],
      tags: ['writes'],
    },
    `a second delete of the same ${d.kind} answers 410`,
    async (t) => {
      const rec = await createRecord(t, d, {}, 'twice deleted');
      const first = await t.api.delete(`/${P}/${rec.id}`);
      t.expectStatus(first, '2xx', `the first DELETE /${P}/${rec.id}`);
      const second = await t.api.delete(`/${P}/${rec.id}`);
      t.expectStatus(second, 410, `the second DELETE /${P}/${rec.id}`);
    },
  );
}
