/**
 * Item routes of categories and tags: read by ID, update by POST/PUT/PATCH, delete, unknown IDs.
 */
import { check } from '../../../lib/check/index.ts';
import { req, field } from '../../../lib/spec/contract.ts';
import { CATEGORIES, TAGS, type Taxonomy } from '../../../lib/spec/resources.ts';
import { makeTerm, meta, readTerm } from './support.ts';
import { sameText } from '../../../lib/spec/normalise.ts';

export function itemChecks(tx: Taxonomy): void {
  const GET1 = req.route('GET', tx.kind, '/{id}');
  const _DEL = req.route('DELETE', tx.kind, '/{id}');

  const other = tx.kind === 'categories' ? TAGS : CATEGORIES;
  check(
    meta(tx, {
      id: 'read.wrong-taxonomy',
      spec: `Endpoints: GET /cal/events/v1/${tx.kind}/{id}; docs/requirements.md#missing-record (a ${other.noun} is no ${tx.noun}); docs/requirements.md#term-lists: a term of another taxonomy is 400 rest_invalid_param; never a 5xx; positive control: readable on its own route`,
      level: 'must',
      requirements: [GET1, req.route('POST', other.kind)],
      tags: ['writes'],
    }),
    `answers no 2xx record of a ${other.noun} read by its ID on /${tx.kind}/{id}`,
    async (t) => {
      const foreign = await makeTerm(t, other, `a ${other.noun}`);
      // Positive control: the term is readable on its own route.
      await readTerm(t, other, foreign.id);
      const res = await t.api.get(`/${tx.kind}/${foreign.id}`);
      // A refusal (4xx) is conformant; a server error is not.
      t.assert(
        res.status < 500,
        `GET /${tx.kind}/${foreign.id} of a ${other.noun} answered ${res.status}, a server error; expected a 4xx`,
        res,
      );
      if (res.status >= 200 && res.status < 300) {
        // A server with one ID space per taxonomy may hold a different term under this ID: only
        // the foreign term itself is wrong here.
        const name = field(res.json, 'name');
        t.assert(
          !sameText(t.name(`a ${other.noun}`), name),
          `GET /${tx.kind}/${foreign.id} answered ${res.status} with the ${other.noun} ${foreign.id} (${JSON.stringify(name)}), expected a 4xx: a ${other.noun} is no ${tx.noun}`,
          res,
        );
      }
    },
  );
}
