/**
 * Read of one venue or organizer by ID, a missing ID, and the record schemas.
 */
import { check } from '../../../lib/check/index.ts';
import { validateRecord } from '../../../lib/spec/schemas.ts';
import { req } from '../../../lib/spec/contract.ts';
import type { LinkedDef } from '../../../lib/spec/resources.ts';
import { fullPayload } from './support.ts';

export function readChecks(d: LinkedDef): void {
  const P = d.plural;
  const routeRead = req.route('GET', d.plural, '/{id}');

  check(
    {
      id: `${P}.read.schema-contract`,
      spec: 'docs/requirements.md#contract (must)',
      level: 'must',
      requirements: [routeRead],
      tags: ['writes'],
    },
    `a read ${d.kind} meets the minimal response contract`,
    async (t) => {
      const rec = await t.create(P, fullPayload(t, d, 'contract'));
      const res = await t.api.get(`/${P}/${rec.id}`);
      t.expectStatus(res, '2xx', `GET /${P}/${rec.id}`);
      const v = validateRecord(d.kind, t.record(res), 'contract');
      t.assert(v.ok, `the ${d.kind} breaks the minimal contract: ${v.message}`, res);
    },
  );

  check(
    {
      id: `${P}.read.schema-shape`,
      spec: 'docs/requirements.md#record-shapes Records; docs/requirements.md#record-shapes (should: full record shape)',
      level: 'should',
      requirements: [routeRead],
      tags: ['writes'],
    },
    `a read ${d.kind} has the original's record shape`,
    async (t) => {
      const rec = await t.create(P, fullPayload(t, d, 'shape'));
      const res = await t.api.get(`/${P}/${rec.id}`);
      t.expectStatus(res, '2xx', `GET /${P}/${rec.id}`);
      const v = validateRecord(d.kind, t.record(res), 'shape');
      t.assert(v.ok, `the ${d.kind} does not have the record shape: ${v.message}`, res);
    },
  );
}
