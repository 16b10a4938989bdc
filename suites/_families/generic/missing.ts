/**
 * A missing record, declared once for the five resources: read, update and delete of an ID that
 * does not exist answer a 4xx (must) and 404 (should; the original answers 400). What differs per
 * resource (methods sent, error body, which delete checks) is data of lib/spec/resources.ts `missing`.
 */
import { check } from '../../../lib/check/index.ts';
import type { CheckContext } from '../../../lib/check/index.ts';
import type { ApiResponse } from '../../../lib/types.ts';
import { MISSING_ID, readList, recordId, req, sameIds, showIds } from '../../../lib/spec/contract.ts';
import type { ResourceDef } from '../../../lib/spec/resources.ts';
import { an } from '../../../lib/spec/resources.ts';
import { validateError } from '../../../lib/spec/schemas.ts';
import { make } from './support.ts';

export function missingChecks(r: ResourceDef): void {
  const P = r.plural;
  const m = r.missing;
  const READ = req.route('GET', P, '/{id}');
  const DELETE = req.route('DELETE', P, '/{id}');
  const path = `/${P}/${MISSING_ID}`;

  /** Send the update; a record it created by mistake is tracked for cleanup. */
  const update = async (t: CheckContext, method: 'POST' | 'PUT' | 'PATCH'): Promise<ApiResponse> => {
    const res = await t.api.request({ method, path, json: r.ghostUpdate((l) => t.name(l), t.scope) });
    const id = recordId(res);
    if (res.status < 300 && id !== undefined && id !== MISSING_ID) t.track(P, id);
    return res;
  };
  const errorShape = (t: CheckContext, res: ApiResponse): void => {
    if (!m.errorBody404) return;
    const v = validateError(t.json(res, 'the error'));
    t.assert(v.ok, `the error body does not have the error shape: ${v.message}`, res);
  };

  check(
    {
      id: `${P}.read.missing-4xx`,
      spec: `Endpoints: GET /${P}/{id}; docs/requirements.md#missing-record (must: 4xx; the original answers 400)`,
      level: 'must',
      requirements: [READ],
      tags: [],
    },
    `answers a 4xx and no record for ${an(r.noun)} ID that does not exist`,
    async (t) => {
      const res = await t.api.get(path);
      t.expectStatus(res, '4xx', `GET ${path} (no such ${r.noun})`);
    },
  );

  check(
    {
      id: `${P}.read.missing-404`,
      spec: 'docs/requirements.md#missing-record (should: 404; 4.6.8 and 6.8.0 answer 400, 6.17.2 404)',
      level: 'should',
      requirements: [READ],
      tags: [],
    },
    `answers 404${m.errorBody404 ? ' with a JSON error body' : ''} for ${an(r.noun)} ID that does not exist`,
    async (t) => {
      const res = await t.api.get(path);
      t.expectStatus(res, 404, `GET ${path} (no such ${r.noun})`);
      errorShape(t, res);
    },
  );

  check(
    {
      id: `${P}.update.missing-4xx`,
      spec: 'docs/requirements.md#update-missing-record (must: 4xx)',
      level: 'must',
      requirements: m.update4xx.map((method) => req.route(method, P, '/{id}')),
      tags: ['writes'],
    },
    `answers a 4xx to an update of ${an(r.noun)} ID that does not exist${m.updateCreatesNothing ? ' and creates nothing' : ''}`,
    async (t) => {
      // The control: a record of the check's scope that the list must show (an empty list proves nothing).
      const control = m.updateCreatesNothing ? await make(t, r, 'control') : undefined;
      for (const method of m.update4xx) {
        const res = await update(t, method);
        t.expectStatus(res, '4xx', `${method} ${path} (no such ${r.noun})`);
      }
      if (control) {
        const lres = await t.api.get(`/${P}`, { search: t.scope, per_page: 50, ...r.listScope });
        const { ids } = readList(t, lres, P);
        t.assert(
          sameIds(ids, [control.id]),
          `after the update of a missing ${r.noun} the scope lists ${showIds(ids)}, expected only the control ${control.id}`,
          lres,
        );
      }
    },
  );

  check(
    {
      id: `${P}.update.missing-404`,
      spec: 'docs/requirements.md#update-missing-record (should: 404; the original answers 400)',
      level: 'should',
      requirements: [req.route(m.update404, P, '/{id}')],
      tags: ['writes'],
    },
    `answers 404${m.errorBody404 ? ' with a JSON error body' : ''} to an update of ${an(r.noun)} ID that does not exist`,
    async (t) => {
      const res = await update(t, m.update404);
      t.expectStatus(res, 404, `${m.update404} ${path} (no such ${r.noun})`);
      errorShape(t, res);
    },
  );

  if (m.deleteChecks === 'none') return;
  check(
    {
      id: `${P}.delete.missing-4xx`,
      spec: 'docs/requirements.md#missing-record (must: 4xx)',
      level: 'must',
      requirements: [DELETE],
      tags: ['writes'],
    },
    `answers a 4xx to deleting ${an(r.noun)} ID that does not exist`,
    async (t) => {
      const res = await t.api.delete(path);
      t.expectStatus(res, '4xx', `DELETE ${path} (no such ${r.noun})`);
    },
  );
  if (m.deleteChecks !== 'must-4xx and should-404') return;
  check(
    {
      id: `${P}.delete.missing-404`,
      spec: 'docs/requirements.md#missing-record (should: 404)',
      level: 'should',
      requirements: [DELETE],
      tags: ['writes'],
    },
    `answers 404 to deleting ${an(r.noun)} ID that does not exist`,
    async (t) => {
      const res = await t.api.delete(path);
      t.expectStatus(res, 404, `DELETE ${path} (no such ${r.noun})`);
    },
  );
}
