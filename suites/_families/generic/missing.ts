/**
 * A missing record, declared once for the five resources: read, update and delete of an ID that
 * does not exist answer a 4xx (must) and 404 (should; the original answers 400). What differs per
 * resource (methods sent, error body, which delete checks) is data of lib/spec/resources.ts `missing`.
 */
import { check, sharedSetup } from '../../../lib/check/index.ts';
import type { CheckContext } from '../../../lib/check/index.ts';
import type { ApiResponse } from '../../../lib/types.ts';
import { MISSING_ID, field, isObject, readList, recordId, req, sameIds, showIds } from '../../../lib/spec/contract.ts';
import type { ResourceDef } from '../../../lib/spec/resources.ts';
import { an, resource } from '../../../lib/spec/resources.ts';
import { validateError } from '../../../lib/spec/schemas.ts';
import { make } from './support.ts';

/** A record of another resource, whose ID each resource's invalid-ID checks send. */
const FOREIGN: Record<ResourceDef['plural'], ResourceDef['plural']> = {
  events: 'venues',
  venues: 'organizers',
  organizers: 'venues',
  categories: 'tags',
  tags: 'categories',
};

/**
 * Why an answer to a missing record is not one the original gives, or '': 400 with code
 * rest_invalid_param naming `param` (in data.params or the message), or 404 with a JSON error
 * body (a code and a message).
 */
export function missingAnswerWrong(res: ApiResponse, param: string): string {
  const code = field(res.json, 'code');
  const message = field(res.json, 'message');
  if (res.status === 404)
    return typeof code === 'string' && typeof message === 'string'
      ? ''
      : `404 without a JSON error body (code and message): ${res.text.slice(0, 120)}`;
  if (res.status !== 400)
    return `answered ${res.status}${typeof code === 'string' ? ` ${code}` : ''}, expected 400 rest_invalid_param or 404`;
  if (code !== 'rest_invalid_param')
    return `answered 400 with code ${JSON.stringify(code)}, expected rest_invalid_param`;
  const params = field(field(res.json, 'data'), 'params');
  const named =
    (isObject(params) && param in params) ||
    (typeof message === 'string' && new RegExp(`\\b${param}\\b`).test(message));
  return named ? '' : `the 400 rest_invalid_param does not name ${param}: ${res.text.slice(0, 160)}`;
}

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

  // ID 0 and the ID of a record of another resource (the original's tests: an event read of ID 0,
  // of a plain post's ID; venues, organizers and terms alike): no record, and (should) the answer
  // the original gives a missing record.
  const foreign = FOREIGN[P];
  // One record of the other resource serves both checks (made once per file).
  const foreignPool = sharedSetup(`${P}.read invalid-id foreign record`, (s) =>
    make(s, resource(foreign), `foreign ${foreign}`),
  );
  const invalidIds = async (t: CheckContext): Promise<Array<[string, number]>> => {
    const other = await foreignPool.get(t);
    return [
      ['ID 0', 0],
      [`the ID of ${an(resource(foreign).noun)}`, other.id],
    ];
  };

  check(
    {
      id: `${P}.read.invalid-id-4xx`,
      spec: `Endpoints: GET /${P}/{id}; docs/requirements.md#missing-record (must: 4xx and no record for ID 0 and for the ID of another resource's record; measured on 6.8.0 and 4.6.8); positive control: that record is served at its own route`,
      level: 'must',
      requirements: [READ],
      tags: ['writes'],
    },
    `answers a 4xx and no record for ID 0 and for the ID of ${an(resource(foreign).noun)}`,
    async (t) => {
      const ids = await invalidIds(t);
      // Positive control: the other resource's record is served at its own route.
      const [, otherId] = ids[1];
      const control = await t.api.get(`/${foreign}/${otherId}`);
      t.expectStatus(control, '2xx', `GET /${foreign}/${otherId} (positive control: the ${foreign} record exists)`);
      for (const [what, id] of ids) {
        const res = await t.api.get(`/${P}/${id}`);
        t.expectStatus(res, '4xx', `GET /${P}/${id} (${what}: no ${r.noun})`);
      }
    },
  );

  check(
    {
      id: `${P}.read.invalid-id-code`,
      spec: `Endpoints: GET /${P}/{id}; docs/requirements.md#missing-record (should: an answer the original gives a missing record, 400 rest_invalid_param naming id, or 404 with a JSON error, for an ID no record has and the ID of another resource's record)`,
      level: 'should',
      requirements: [READ],
      tags: ['writes'],
    },
    `answers 400 rest_invalid_param naming id (or 404) for a missing ID and the ID of ${an(resource(foreign).noun)}`,
    async (t) => {
      // ID 0 is the must's (invalid-id-4xx): here the answers to a missing ID and a foreign one.
      const [, foreignId] = await invalidIds(t);
      for (const [what, id] of [['an ID no record has', MISSING_ID] as [string, number], foreignId]) {
        const res = await t.api.get(`/${P}/${id}`);
        const wrong = missingAnswerWrong(res, 'id');
        t.assert(wrong === '', `GET /${P}/${id} (${what}): ${wrong}`, res);
      }
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

  check(
    {
      id: `${P}.update.missing-code`,
      spec: `Endpoints: ${m.update404} /${P}/{id}; docs/requirements.md#update-missing-record (should: an answer the original gives a missing record, 400 rest_invalid_param naming id, or 404 with a JSON error)`,
      level: 'should',
      requirements: [req.route(m.update404, P, '/{id}')],
      tags: ['writes'],
    },
    `answers 400 rest_invalid_param naming id (or 404) to an update of ${an(r.noun)} ID that does not exist`,
    async (t) => {
      const res = await update(t, m.update404);
      const wrong = missingAnswerWrong(res, 'id');
      t.assert(wrong === '', `${m.update404} ${path} (no such ${r.noun}): ${wrong}`, res);
    },
  );

  if (m.deleteChecks === 'none') return;
  check(
    {
      id: `${P}.delete.missing-code`,
      spec: `Endpoints: DELETE /${P}/{id}; docs/requirements.md#missing-record (should: an answer the original gives a missing record, 400 rest_invalid_param naming id, or 404 with a JSON error)`,
      level: 'should',
      requirements: [DELETE],
      tags: ['writes'],
    },
    `answers 400 rest_invalid_param naming id (or 404) to deleting ${an(r.noun)} ID that does not exist`,
    async (t) => {
      const res = await t.api.delete(path);
      const wrong = missingAnswerWrong(res, 'id');
      t.assert(wrong === '', `DELETE ${path} (no such ${r.noun}): ${wrong}`, res);
    },
  );

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
