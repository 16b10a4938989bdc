/**
 * Update by ID, declared once for the five resources: POST, PUT and PATCH each apply every field
 * they send (must: 2xx and the read-back shows them), and answer 200 with the record (should).
 * What is sent per resource is data (lib/spec/resources.ts `updateSample`).
 */
import { check } from '../../../lib/check/index.ts';
import { req } from '../../../lib/spec/contract.ts';
import { sameText } from '../../../lib/spec/normalise.ts';
import type { ResourceDef } from '../../../lib/spec/resources.ts';
import { bodyOf, make, mismatches, resolve } from './support.ts';

const METHODS = ['POST', 'PUT', 'PATCH'] as const;

export function updateChecks(r: ResourceDef): void {
  const P = r.plural;
  for (const method of METHODS) {
    const fields = r.updateSample(String, '', method).sent.map((f) => f.field);
    const lower = method.toLowerCase();
    check(
      {
        id: `${P}.update.${lower}-applies`,
        spec: `Resources and their fields ("Update" is POST, PUT or PATCH on the item route); docs/requirements.md#update (must: each applies the sent fields, 2xx)`,
        level: 'must',
        requirements: [
          req.route(method, P, '/{id}'),
          ...fields.map((f) => req.field(P, f)),
          ...(r.updateCoverRows ? fields.map((f) => req.cover(`${P}.${f}.${lower}`)) : []),
        ],
        tags: ['writes'],
      },
      `applies ${fields.join(', ')} sent by ${method} /${P}/{id}`,
      async (t) => {
        const sample = r.updateSample(t.name.bind(t), t.scope, method);
        const rec = await make(t, r, `before ${method}`, sample.before, 33);
        const sent = await resolve(t, r, sample.sent, `new ${lower}`);
        const body = bodyOf(sent);
        const res = await t.api.request({ method, path: `/${P}/${rec.id}`, json: body });
        t.expectStatus(res, '2xx', `${method} /${P}/${rec.id}`);
        const readRes = await t.api.get(`/${P}/${rec.id}`);
        const read = t.record(readRes, `reading the updated ${r.noun}`);
        const bad = mismatches(sent, read);
        t.assert(
          bad.length === 0,
          `after ${method} /${P}/${rec.id} with ${JSON.stringify(body)} the ${r.noun} has ${bad.join(', ')}`,
          readRes,
        );
      },
    );
  }

  check(
    {
      id: `${P}.update.answers-200`,
      spec: 'docs/requirements.md#measured-cross-cutting: read, update and delete answer 200 with the record; docs/requirements.md#update (should: 200)',
      level: 'should',
      requirements: METHODS.map((m) => req.route(m, P, '/{id}')),
      tags: ['writes'],
    },
    `answers 200 with the updated ${r.noun} to POST, PUT and PATCH`,
    async (t) => {
      const rec = await make(t, r, 'status codes');
      for (const method of METHODS) {
        const name = t.name(`code ${method}`);
        const res = await t.api.request({
          method,
          path: `/${P}/${rec.id}`,
          json: { [r.nameField]: name, ...r.required(30) },
        });
        t.expectStatus(res, 200, `${method} /${P}/${rec.id}`);
        const body = t.record(res, `the ${method} answer`);
        t.assert(
          body.id === rec.id && sameText(name, body[r.nameField]),
          `${method} /${P}/${rec.id} answered id ${JSON.stringify(body.id)} with ${r.nameField} ${JSON.stringify(body[r.nameField])}, expected the updated record`,
          res,
        );
      }
    },
  );

  const formFields = r.formSample(String, '').map((f) => f.field);
  check(
    {
      id: `${P}.update.form-body`,
      spec: 'Payload: request parameters; docs/requirements.md#request-bodies (should: a form-encoded body works too; measured on 6.8.0 and 4.6.8 for POST, PUT and PATCH)',
      level: 'should',
      requirements: [...METHODS.map((m) => req.route(m, P, '/{id}')), ...formFields.map((f) => req.field(P, f))],
      tags: ['writes'],
    },
    `applies ${formFields.join(', ')} of a form-encoded ${r.noun} update by POST, PUT and PATCH`,
    async (t) => {
      const rec = await make(t, r, 'form before');
      const path = `/${P}/${rec.id}`;
      for (const method of METHODS) {
        const sent = r.formSample((label) => t.name(`${label} ${method}`), `${t.scope} ${method}`);
        const res = await t.api.request({ method, path, form: { ...r.required(41), ...bodyOf(sent) } });
        t.expectStatus(res, '2xx', `${method} ${path} form-encoded`);
        const readRes = await t.api.get(path);
        const bad = mismatches(sent, t.record(readRes, `reading the ${r.noun} after the form-encoded ${method}`));
        t.assert(
          bad.length === 0,
          `after a form-encoded ${method} ${path} the ${r.noun} has ${bad.join(', ')}`,
          readRes,
        );
      }
    },
  );
}
