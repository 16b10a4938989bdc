/**
 * Anonymous writes on venues and organizers are refused and change nothing (should: 401; the
 * spec says nothing of authentication, LEVELS.md makes it a should).
 */
import { check } from '../../../lib/check.ts';
import { sameText } from '../../../lib/normalise.ts';
import { req, showIds, field } from '../../../lib/contract.ts';
import type { LinkedDef } from '../../../lib/resources.ts';
import { createRecord, scopedIds } from './support.ts';

export function authChecks(d: LinkedDef): void {
  const P = d.plural;
  const tags = ['writes', 'security', 'anonymous'] as const;

  check(
    {
      id: `${P}.auth.anonymous-create`,
      spec: 'docs/requirements.md#anonymous-writes (should: refused 401, nothing changed)',
      level: 'should',
      requirements: [req.route('POST', d.plural, '')],
      tags: [...tags],
    },
    `an anonymous create of a ${d.kind} is refused with 401 and creates nothing`,
    async (t) => {
      const res = await t.anon.post(`/${P}`, { [d.nameField]: t.name(`anonymous ${d.kind}`) });
      t.trackCreated(P, res);
      t.expectStatus(res, 401, `an anonymous POST /${P}`);
      const { ids } = await scopedIds(t, d);
      t.assert(ids.length === 0, `after the refused anonymous create the list holds ${showIds(ids)}`);
    },
  );

  check(
    {
      id: `${P}.auth.anonymous-update`,
      spec: 'docs/requirements.md#anonymous-writes (should: refused 401, nothing changed)',
      level: 'should',
      requirements: [req.route('POST', d.plural, '/{id}')],
      tags: [...tags],
    },
    `an anonymous update of a ${d.kind} is refused with 401 and changes nothing`,
    async (t) => {
      const rec = await createRecord(t, d, { description: 'original text' }, 'guarded');
      const res = await t.anon.post(`/${P}/${rec.id}`, { description: 'anonymous text' });
      t.expectStatus(res, 401, `an anonymous POST /${P}/${rec.id}`);
      const read = await t.api.get(`/${P}/${rec.id}`);
      t.assert(
        sameText('original text', field(read.json, 'description')),
        `after the refused update the description reads ${JSON.stringify(field(read.json, 'description'))}`,
        read,
      );
    },
  );

  check(
    {
      id: `${P}.auth.anonymous-delete`,
      spec: 'docs/requirements.md#anonymous-writes (should: refused 401, nothing changed)',
      level: 'should',
      requirements: [req.route('DELETE', d.plural, '/{id}')],
      tags: [...tags],
    },
    `an anonymous delete of a ${d.kind} is refused with 401 and deletes nothing`,
    async (t) => {
      const rec = await createRecord(t, d, {}, 'undeletable');
      const res = await t.anon.delete(`/${P}/${rec.id}`);
      t.expectStatus(res, 401, `an anonymous DELETE /${P}/${rec.id}`);
      const read = await t.api.get(`/${P}/${rec.id}`);
      t.assert(
        read.status < 300 && field(read.json, 'status') !== 'trash',
        `after the refused delete the ${d.kind} reads ${read.status} with status ${JSON.stringify(field(read.json, 'status'))}`,
        read,
      );
    },
  );
}
