/**
 * Anonymous writes, declared once for the five resources: a create, an update (by each method)
 * and a delete without credentials are refused with 401 and change nothing (should: the spec does
 * not show authentication; LEVELS.md makes it a should, tag security). Each absence has a positive
 * control: the authorised client still lists and reads what the anonymous one could not change.
 */
import { check, type CheckContext } from '../../../lib/check/index.ts';
import { readList, req, sameIds, showIds } from '../../../lib/spec/contract.ts';
import { sameText } from '../../../lib/spec/normalise.ts';
import type { ResourceDef } from '../../../lib/spec/resources.ts';
import { an } from '../../../lib/spec/resources.ts';
import { make } from './support.ts';

const TAGS = ['writes', 'security', 'anonymous'] as const;
const SPEC = 'Authentication: not shown; docs/requirements.md#anonymous-writes (should: refused 401, nothing changed)';

export function anonymousChecks(r: ResourceDef): void {
  const P = r.plural;
  /** The IDs the authorised client lists in the check's scope. */
  const scoped = async (t: CheckContext) => {
    const res = await t.api.get(`/${P}`, { search: t.scope, per_page: 50, ...r.listScope });
    return { res, ids: readList(t, res, P, { what: `the ${P} of the check's scope` }).ids };
  };

  check(
    {
      id: `${P}.auth.anonymous-create`,
      spec: SPEC,
      level: 'should',
      requirements: [req.route('POST', P)],
      tags: [...TAGS],
    },
    `refuses an anonymous create of ${an(r.noun)} with 401 and creates nothing`,
    async (t) => {
      // The control: a record of the same scope that the list must show.
      const control = await make(t, r, 'control');
      const res = await t.anon.post(`/${P}`, { [r.nameField]: t.name('anonymous'), ...r.required(30) });
      t.trackCreated(P, res);
      t.expectStatus(res, 401, `an anonymous POST /${P}`);
      const list = await scoped(t);
      t.assert(
        sameIds(list.ids, [control.id]),
        `after the refused anonymous create the scope lists ${showIds(list.ids)}, expected only the control ${control.id}`,
        list.res,
      );
    },
  );

  check(
    {
      id: `${P}.auth.anonymous-update`,
      spec: SPEC,
      level: 'should',
      requirements: (['POST', 'PUT', 'PATCH'] as const).map((m) => req.route(m, P, '/{id}')),
      tags: [...TAGS],
    },
    `refuses anonymous updates of ${an(r.noun)} by POST, PUT and PATCH with 401 and changes nothing`,
    async (t) => {
      const rec = await make(t, r, 'untouched');
      for (const method of ['POST', 'PUT', 'PATCH'] as const) {
        const res = await t.anon.request({
          method,
          path: `/${P}/${rec.id}`,
          json: { [r.nameField]: t.name(`defaced ${method}`), ...r.required(31) },
        });
        t.expectStatus(res, 401, `an anonymous ${method} /${P}/${rec.id}`);
      }
      const readRes = await t.api.get(`/${P}/${rec.id}`);
      const read = t.record(readRes, `reading the ${r.noun} after the refused updates`);
      t.assert(
        sameText(t.name('untouched'), read[r.nameField]),
        `after the refused anonymous updates the ${r.nameField} reads ${JSON.stringify(read[r.nameField])}`,
        readRes,
      );
    },
  );

  check(
    {
      id: `${P}.auth.anonymous-delete`,
      spec: SPEC,
      level: 'should',
      requirements: [req.route('DELETE', P, '/{id}')],
      tags: [...TAGS],
    },
    `refuses an anonymous delete of ${an(r.noun)} with 401 and keeps it`,
    async (t) => {
      const rec = await make(t, r, 'kept');
      const res = await t.anon.delete(`/${P}/${rec.id}`);
      t.expectStatus(res, 401, `an anonymous DELETE /${P}/${rec.id}`);
      const readRes = await t.api.get(`/${P}/${rec.id}`);
      const read = t.record(readRes, `reading the ${r.noun} after the refused delete`);
      t.assert(read.status !== 'trash', `after the refused anonymous delete the ${r.noun} is in the trash`, readRes);
      const list = await scoped(t);
      t.assert(
        list.ids.includes(rec.id),
        `after the refused anonymous delete the ${r.noun} ${rec.id} is no longer listed (${showIds(list.ids)})`,
        list.res,
      );
    },
  );
}
