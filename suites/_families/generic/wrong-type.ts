/**
 * A value of another type for a text field, declared once for the five resources: every field the
 * spec types `string` is sent as an array of strings, one field per update, by POST, PUT and PATCH
 * in turn. Must: each is refused (4xx) and the record keeps every one of those fields (measured on
 * 6.8.0 and 4.6.8: 400 rest_invalid_param for every string field of every resource). Should: an
 * update sending them all wrong at once is answered exactly 400 with the code rest_invalid_param.
 */
import { check } from '../../../lib/check/index.ts';
import { field, req } from '../../../lib/spec/contract.ts';
import type { ResourceDef } from '../../../lib/spec/resources.ts';
import { make, valueKey } from './support.ts';

const METHODS = ['POST', 'PUT', 'PATCH'] as const;
/** Two strings where one is expected: what a form's repeated key or a client's list becomes. */
const WRONG = ['a', 'b'];

/** The string fields of the resource's table. */
const textFields = (r: ResourceDef) => Object.keys(r.fields).filter((f) => r.fields[f] === 'string');

export function wrongTypeChecks(r: ResourceDef): void {
  const P = r.plural;
  const routes = METHODS.map((m) => req.route(m, P, '/{id}'));
  check(
    {
      id: `${P}.fields.wrong-type-refused`,
      spec: `Resources and their fields / ${r.noun} (fields typed string); docs/requirements.md#update (a refused update changes nothing; measured on 6.8.0 and 4.6.8: every string field sent as an array is 400)`,
      level: 'must',
      requirements: [...routes, ...req.covers(P, textFields(r), ['invalid'])],
      tags: ['writes'],
    },
    `refuses every text field of the ${r.noun} sent as an array (POST, PUT, PATCH) and keeps its value`,
    async (t) => {
      const rec = await make(t, r, 'wrong types');
      const path = `/${P}/${rec.id}`;
      const before = await t.api.get(path);
      t.expectStatus(before, '2xx', `GET ${path}`);
      for (const [i, f] of textFields(r).entries()) {
        const method = METHODS[i % METHODS.length];
        const res = await t.api.request({ method, path, json: { [f]: WRONG } });
        t.expectStatus(res, '4xx', `${method} ${path} with ${f}=${JSON.stringify(WRONG)}`);
      }
      const after = await t.api.get(path);
      t.expectStatus(after, '2xx', `GET ${path} after the refused updates`);
      const changed = textFields(r)
        .filter((f) => valueKey(field(before.json, f)) !== valueKey(field(after.json, f)))
        .map(
          (f) =>
            `${f}: ${valueKey(field(before.json, f)).slice(0, 120)} -> ${valueKey(field(after.json, f)).slice(0, 120)}`,
        );
      t.assert(changed.length === 0, `the refused updates changed the ${r.noun}: ${changed.join('; ')}`, after);
    },
  );

  check(
    {
      id: `${P}.fields.wrong-type-400`,
      spec: `Resources and their fields / ${r.noun} (fields typed string); docs/requirements.md#measured-cross-cutting: invalid value is 400 rest_invalid_param (should: exact status and code; measured on 6.8.0 and 4.6.8)`,
      level: 'should',
      requirements: [...routes, ...req.covers(P, textFields(r), ['invalid'])],
      tags: ['writes'],
    },
    `answers 400 rest_invalid_param to POST, PUT and PATCH sending every text field of the ${r.noun} as an array`,
    async (t) => {
      // One request per method with every field wrong: the must check above refuses them one by
      // one; this one asks for the exact answer (the original names most of them in data.params,
      // not the venue map flags: not asserted).
      const rec = await make(t, r, 'wrong type codes');
      const path = `/${P}/${rec.id}`;
      const body = Object.fromEntries(textFields(r).map((f) => [f, WRONG]));
      for (const method of METHODS) {
        const res = await t.api.request({ method, path, json: body });
        const what = `${method} ${path} with ${textFields(r).join(', ')} each ${JSON.stringify(WRONG)}`;
        t.expectStatus(res, 400, what);
        t.assert(
          field(res.json, 'code') === 'rest_invalid_param',
          `${what} answered code ${JSON.stringify(field(res.json, 'code'))}, expected "rest_invalid_param"`,
          res,
        );
      }
    },
  );
}
