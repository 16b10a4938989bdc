/**
 * Field x operation coverage for venues and organizers (issue 12, point 1): every field of the
 * spec's table is sent and asserted on update by POST, PUT and PATCH, with a new value per method
 * (must: docs/requirements.md#update); `status` on each method (should: not measured on the
 * original). Matrix rows: `cover:<plural>.<field>.<post|put|patch>`.
 */
import { check, type CheckContext } from '../../../lib/check.ts';
import type { Params } from '../../../lib/client.ts';
import { req } from '../../../lib/contract.ts';
import { sameText } from '../../../lib/normalise.ts';
import type { LinkedDef } from '../../../lib/resources.ts';
import { createRecord } from './support.ts';

const METHODS = ['POST', 'PUT', 'PATCH'] as const;
type Method = (typeof METHODS)[number];

/** A new value of `field` for an update by `method`. */
function valueFor(t: CheckContext, field: string, method: Method): string {
  const i = METHODS.indexOf(method);
  switch (field) {
    case 'website':
      return `https://example.org/${t.scope}/${method.toLowerCase()}`;
    case 'email':
      return `${method.toLowerCase()}.${t.scope}@example.org`;
    case 'zip':
      return ['75004', '69001', '13002'][i];
    case 'phone':
      return `+33 1 42 76 40 4${i}`;
    default:
      return `${t.scope} ${field} ${method} Straße Ñandú`;
  }
}

export function linkedFieldChecks(d: LinkedDef): void {
  const P = d.plural;
  const fields = [...d.textFields, 'website', 'description'];
  check(
    {
      id: `${P}.fields.every-method`,
      spec: `Resources and their fields / ${d.section}: every field (update: POST, PUT, PATCH); docs/requirements.md#update (must: each applies the sent fields)`,
      level: 'must',
      requirements: [
        ...METHODS.map((m) => req.route(m, P, '/{id}')),
        ...fields.map((f) => req.field(P, f)),
        ...[d.nameField, ...fields].flatMap((f) => METHODS.map((m) => `cover:${P}.${f}.${m.toLowerCase()}`)),
      ],
      tags: ['writes'],
    },
    `POST, PUT and PATCH each apply the name and every field of the ${d.section} table`,
    async (t) => {
      const rec = await createRecord(t, d, {}, 'fields');
      for (const method of METHODS) {
        const body: Params = { [d.nameField]: t.name(`${d.kind} ${method}`) };
        for (const f of fields) body[f] = valueFor(t, f, method);
        const res = await t.api.request({ method, path: `/${P}/${rec.id}`, json: body });
        t.expectStatus(res, '2xx', `${method} /${P}/${rec.id}`);
        const readRes = await t.api.get(`/${P}/${rec.id}`);
        const read = t.record(readRes, `the ${d.kind} after ${method}`) as Record<string, unknown>;
        const bad = [d.nameField, ...fields]
          .filter((f) => !sameText(String(body[f]), read[f]))
          .map((f) => `${f}=${JSON.stringify(read[f])} (sent ${JSON.stringify(body[f])})`);
        t.assert(bad.length === 0, `after ${method} /${P}/${rec.id} the ${d.kind} has ${bad.join(', ')}`, readRes);
      }
    },
  );

  check(
    {
      id: `${P}.fields.status`,
      spec: `Resources and their fields / ${d.section}: status; States and transitions 1 (settable on update; should)`,
      level: 'should',
      requirements: [...METHODS.map((m) => `cover:${P}.status.${m.toLowerCase()}`), req.field(P, 'status')],
      tags: ['writes'],
    },
    `POST, PUT and PATCH each apply the status sent`,
    async (t) => {
      const rec = await createRecord(t, d, {}, 'status');
      const statuses: Record<Method, string> = { POST: 'draft', PUT: 'pending', PATCH: 'private' };
      for (const method of METHODS) {
        const res = await t.api.request({ method, path: `/${P}/${rec.id}`, json: { status: statuses[method] } });
        t.expectStatus(res, '2xx', `${method} /${P}/${rec.id}`);
        const readRes = await t.api.get(`/${P}/${rec.id}`);
        const read = t.record(readRes, `the ${d.kind}`) as Record<string, unknown>;
        t.assert(
          read.status === statuses[method],
          `after ${method} with status ${statuses[method]} the ${d.kind} has status ${JSON.stringify(read.status)}`,
          readRes,
        );
      }
    },
  );
}
