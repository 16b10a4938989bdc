/**
 * Create, declared once for the five resources: 201 with the full record (should), and a
 * form-encoded body read like a JSON one (should). What the form sends is data
 * (lib/spec/resources.ts `formSample`).
 */
import { check } from '../../../lib/check/index.ts';
import { req } from '../../../lib/spec/contract.ts';
import type { ResourceDef } from '../../../lib/spec/resources.ts';
import { an } from '../../../lib/spec/resources.ts';
import { validateRecord } from '../../../lib/spec/schemas.ts';
import { bodyOf, mismatches } from './support.ts';

export function createChecks(r: ResourceDef): void {
  const P = r.plural;
  const CREATE = req.route('POST', P);

  check(
    {
      id: `${P}.create.answers-201`,
      spec: 'docs/requirements.md#valid-create (should: 201 with the full record, as the original answers)',
      level: 'should',
      requirements: [CREATE],
      tags: ['writes'],
    },
    `answers 201 with the full ${r.noun} record to a create`,
    async (t) => {
      const res = await t.api.post(`/${P}`, { [r.nameField]: t.name('created 201'), ...r.required(30) });
      t.trackCreated(P, res);
      t.expectStatus(res, 201, `POST /${P}`);
      const v = validateRecord(r.record, t.record(res, 'the create answer'), 'shape');
      t.assert(v.ok, `the created ${r.noun} does not have the record shape: ${v.message}`, res);
    },
  );

  const formFields = r.formSample(String, '').map((f) => f.field);
  check(
    {
      id: `${P}.create.form-body`,
      spec: 'Payload: request parameters; docs/requirements.md#request-bodies (should: a form-encoded body works too)',
      level: 'should',
      requirements: [CREATE, ...formFields.map((f) => req.field(P, f))],
      tags: ['writes'],
    },
    `creates ${an(r.noun)} from a form-encoded body and reflects ${formFields.join(', ')}`,
    async (t) => {
      const sent = r.formSample(t.name.bind(t), t.scope);
      const form = { ...r.required(41), ...bodyOf(sent) };
      const res = await t.api.request({ method: 'POST', path: `/${P}`, form });
      t.trackCreated(P, res);
      const created = t.record(res, `POST /${P} form-encoded`);
      const readRes = await t.api.get(`/${P}/${created.id}`);
      const read = t.record(readRes, `reading the form-created ${r.noun}`);
      for (const [what, rec, ex] of [
        ['the create answer', created, res],
        ['the read', read, readRes],
      ] as const) {
        const bad = mismatches(sent, rec);
        t.assert(bad.length === 0, `${what} of the form-created ${r.noun} has ${bad.join(', ')}`, ex);
      }
    },
  );
}
