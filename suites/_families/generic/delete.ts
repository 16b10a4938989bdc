/**
 * Delete by ID, declared once for the five resources: the record is gone from the default list
 * and from reads (must: a 2xx, then no record and never a 5xx; another record of the scope
 * survives), with positive controls before the delete; a trashed post is answered with status
 * trash (should) and a second delete is 410 for a trashed post, 404 for a term gone for good
 * (should). What differs per resource is `deletion` of lib/spec/resources.ts.
 */
import { check, type CheckContext } from '../../../lib/check/index.ts';
import { expectNotServed, isRecordOf, readList, req, showIds } from '../../../lib/spec/contract.ts';
import type { ResourceDef } from '../../../lib/spec/resources.ts';
import { an } from '../../../lib/spec/resources.ts';
import { make } from './support.ts';

export function deleteChecks(r: ResourceDef): void {
  const P = r.plural;
  const DELETE = req.route('DELETE', P, '/{id}');
  const del = r.deletion;
  const scoped = async (t: CheckContext, when: string) => {
    const res = await t.api.get(`/${P}`, { search: t.scope, per_page: 50, ...r.listScope });
    return { res, ids: readList(t, res, P, { what: `the ${P} of the check's scope ${when}` }).ids };
  };
  const reader = del.goneFor === 'anonymous' ? 'a visitor' : 'the editor';

  check(
    {
      id: `${P}.delete.gone`,
      spec: `Endpoints: DELETE /${P}/{id}; docs/requirements.md#delete (must: 2xx, gone from the default list and from ${reader}'s reads${del.read4xx ? ' (a 4xx)' : ''}, never a 5xx); positive control: listed and readable before, another ${r.noun} survives`,
      level: 'must',
      requirements: [DELETE, req.route('GET', P), req.route('GET', P, '/{id}')],
      tags: del.goneFor === 'anonymous' ? ['writes', 'anonymous'] : ['writes'],
    },
    `removes a deleted ${r.noun} from the default list and from ${reader}'s reads`,
    async (t) => {
      const client = del.goneFor === 'anonymous' ? t.anon : t.api;
      const gone = await make(t, r, 'to delete');
      const keep = await make(t, r, 'to keep');
      // Positive controls: before the delete both are listed and the reader reads the one deleted next.
      const before = await scoped(t, 'before the delete');
      t.assert(
        before.ids.includes(gone.id) && before.ids.includes(keep.id),
        `before the delete the scope lists ${showIds(before.ids)}; expected ${gone.id} and ${keep.id} (positive control)`,
        before.res,
      );
      const readable = await client.get(`/${P}/${gone.id}`);
      t.assert(
        isRecordOf(readable, gone.id),
        `before the delete ${reader}'s GET /${P}/${gone.id} answered ${readable.status}, not the ${r.noun} (positive control)`,
        readable,
      );
      const res = await t.api.delete(`/${P}/${gone.id}`);
      t.expectStatus(res, '2xx', `DELETE /${P}/${gone.id}`);
      const after = await scoped(t, 'after the delete');
      t.assert(
        !after.ids.includes(gone.id),
        `the deleted ${r.noun} ${gone.id} is still listed (the scope lists ${showIds(after.ids)})`,
        after.res,
      );
      t.assert(
        after.ids.includes(keep.id),
        `the other ${r.noun} ${keep.id} of the scope is no longer listed (the scope lists ${showIds(after.ids)})`,
        after.res,
      );
      const read = await client.get(`/${P}/${gone.id}`);
      const what = `${reader}'s GET /${P}/${gone.id} of the deleted ${r.noun}`;
      if (del.read4xx) t.expectStatus(read, '4xx', what);
      else expectNotServed(t, read, gone.id, what);
    },
  );

  if (del.kind === 'trash')
    check(
      {
        id: `${P}.delete.trash-200`,
        spec: 'docs/requirements.md#delete (should: 200 with the record, status "trash", as the original answers)',
        level: 'should',
        requirements: [DELETE],
        tags: ['writes'],
      },
      `answers 200 with the ${r.noun} in status "trash" to a delete`,
      async (t) => {
        const rec = await make(t, r, 'trash');
        const res = await t.api.delete(`/${P}/${rec.id}`);
        t.expectStatus(res, 200, `DELETE /${P}/${rec.id}`);
        const body = t.record(res, 'the delete answer');
        t.assert(
          body.id === rec.id && body.status === 'trash',
          `the delete answered id ${JSON.stringify(body.id)} with status ${JSON.stringify(body.status)}; expected ${rec.id} in status "trash"`,
          res,
        );
      },
    );

  if (del.kind === 'permanent')
    check(
      {
        id: `${P}.delete.gone-for-good`,
        spec: 'docs/requirements.md#delete (should: terms are gone for good, so the editor is refused them too; the must is gone from the default list and from anonymous reads)',
        level: 'should',
        requirements: [DELETE, req.route('GET', P, '/{id}')],
        tags: ['writes'],
      },
      `a deleted ${r.noun} is gone for the editor too: a read by ID is a 4xx`,
      async (t) => {
        const rec = await make(t, r, 'gone for good');
        const readable = await t.api.get(`/${P}/${rec.id}`);
        t.assert(
          isRecordOf(readable, rec.id),
          `before the delete the editor's GET /${P}/${rec.id} answered ${readable.status}, not the ${r.noun} (positive control)`,
          readable,
        );
        const res = await t.api.delete(`/${P}/${rec.id}`);
        t.expectStatus(res, '2xx', `DELETE /${P}/${rec.id}`);
        t.expectStatus(
          await t.api.get(`/${P}/${rec.id}`),
          '4xx',
          `the editor's GET /${P}/${rec.id} of the deleted ${r.noun}`,
        );
      },
    );

  const second = del.kind === 'trash' ? 410 : 404;
  check(
    {
      id: `${P}.delete.second-${second}`,
      spec:
        del.kind === 'trash'
          ? 'docs/requirements.md#delete (should: deleting a trashed post again answers 410)'
          : 'docs/requirements.md#delete (should: a term is gone for good, a second delete is 404; the original answers 400)',
      level: 'should',
      requirements: [DELETE],
      tags: ['writes'],
    },
    `answers ${second} to deleting ${an(r.noun)} a second time`,
    async (t) => {
      const rec = await make(t, r, 'twice deleted');
      const first = await t.api.delete(`/${P}/${rec.id}`);
      t.expectStatus(first, '2xx', `the first DELETE /${P}/${rec.id}`);
      const again = await t.api.delete(`/${P}/${rec.id}`);
      t.expectStatus(again, second, `the second DELETE /${P}/${rec.id}`);
    },
  );
}
