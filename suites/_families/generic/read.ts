/** Read by ID, declared once for the five resources: the record asked for, with its name. */
import { check } from '../../../lib/check/index.ts';
import { req } from '../../../lib/spec/contract.ts';
import { sameText } from '../../../lib/spec/normalise.ts';
import type { ResourceDef } from '../../../lib/spec/resources.ts';
import { make } from './support.ts';

export function readChecks(r: ResourceDef): void {
  const P = r.plural;
  check(
    {
      id: `${P}.read.by-id`,
      spec: `Endpoints: GET /${P}/{id}; docs/requirements.md#read-by-id (must: returns the record)`,
      level: 'must',
      requirements: [req.route('GET', P, '/{id}'), req.param('path', 'id'), req.field(P, r.nameField)],
      tags: ['writes'],
    },
    `returns the ${r.noun} with the requested ID, with its ${r.nameField}`,
    async (t) => {
      // Two records, so that a server answering the same record to every ID is caught.
      const labels = ['read one', 'read two Ünïcode'];
      const made = [await make(t, r, labels[0], {}, 31), await make(t, r, labels[1], {}, 32)];
      for (const [i, rec] of made.entries()) {
        const res = await t.api.get(`/${P}/${rec.id}`);
        const body = t.record(res, `GET /${P}/${rec.id}`);
        t.assert(body.id === rec.id, `GET /${P}/${rec.id} answered the record with id ${JSON.stringify(body.id)}`, res);
        t.assert(
          sameText(t.name(labels[i]), body[r.nameField]),
          `GET /${P}/${rec.id} answered ${r.nameField} ${JSON.stringify(body[r.nameField])}, sent ${JSON.stringify(t.name(labels[i]))}`,
          res,
        );
      }
    },
  );
}
