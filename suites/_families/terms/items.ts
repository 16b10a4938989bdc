/**
 * Item routes of categories and tags: read by ID, update by POST/PUT/PATCH, delete, unknown IDs.
 */
import { check, sharedSetup } from '../../../lib/check/index.ts';
import { req, field, isObject, readList } from '../../../lib/spec/contract.ts';
import { agreementWrongs } from '../../../lib/spec/records.ts';
import { CATEGORIES, TAGS, type Taxonomy } from '../../../lib/spec/resources.ts';
import { makeTerm, meta, readTerm, slugFor } from './support.ts';
import { sameText } from '../../../lib/spec/normalise.ts';

/**
 * What a term answer (a read or a delete) gets wrong about the term `id` made with `sent` (name,
 * slug, description) and `parent`: each value, the taxonomy the original names (`tribe_events_cat`,
 * `post_tag`: 4.6.8 and 6.8.0 alike), and urls self, collection
 * and (with a parent) up naming the item routes. [] when all holds.
 */
function termValuesWrong(
  tx: Taxonomy,
  body: unknown,
  id: number,
  sent: { name: string; slug: string; description: string },
  parent: number | undefined,
): string[] {
  const urls = field(body, 'urls');
  const endsWith = (v: unknown, tail: string) => typeof v === 'string' && v.replace(/\/+$/, '').endsWith(tail);
  const bad: string[] = [];
  if (field(body, 'id') !== id) bad.push(`id ${JSON.stringify(field(body, 'id'))}, expected ${id}`);
  if (!sameText(sent.name, field(body, 'name'))) bad.push(`name ${JSON.stringify(field(body, 'name'))}`);
  if (field(body, 'slug') !== sent.slug) bad.push(`slug ${JSON.stringify(field(body, 'slug'))}, sent ${sent.slug}`);
  if (!sameText(sent.description, field(body, 'description')))
    bad.push(`description ${JSON.stringify(field(body, 'description'))}`);
  if (parent !== undefined && field(body, 'parent') !== parent)
    bad.push(`parent ${JSON.stringify(field(body, 'parent'))}, expected ${parent}`);
  const taxonomy = field(body, 'taxonomy');
  if (taxonomy !== tx.taxonomy)
    bad.push(`taxonomy ${JSON.stringify(taxonomy)}, expected ${JSON.stringify(tx.taxonomy)}`);
  if (!isObject(urls)) bad.push(`urls ${JSON.stringify(urls)}`);
  else {
    if (!endsWith(urls.self, `/${tx.kind}/${id}`)) bad.push(`urls.self ${JSON.stringify(urls.self)}`);
    if (!endsWith(urls.collection, `/${tx.kind}`)) bad.push(`urls.collection ${JSON.stringify(urls.collection)}`);
    if (parent !== undefined && !endsWith(urls.up, `/${tx.kind}/${parent}`))
      bad.push(`urls.up ${JSON.stringify(urls.up)}`);
  }
  return bad;
}

export function itemChecks(tx: Taxonomy): void {
  const GET1 = req.route('GET', tx.kind, '/{id}');
  const DEL = req.route('DELETE', tx.kind, '/{id}');
  // The parent of the values checks' terms (categories), made once per file.
  const parentPool = sharedSetup(`${tx.kind} values parent`, (s) => makeTerm(s, tx, 'values parent'));

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

  check(
    meta(tx, {
      id: 'delete.answer',
      spec: `Endpoints: DELETE /cal/events/v1/${tx.kind}/{id}; docs/requirements.md#original-tests (should: 200 with the deleted term: id, name, slug, description${tx.hierarchical ? ', parent' : ''}, taxonomy ${tx.taxonomy} and urls self, collection${tx.hierarchical ? ', up' : ''}, as the original's own tests assert)`,
      level: 'should',
      requirements: [DEL, req.field(tx.kind, 'description'), req.field(tx.kind, 'slug')],
      tags: ['writes'],
    }),
    `answers a delete with 200 and the deleted ${tx.noun}'s values (name, slug, description${tx.hierarchical ? ', parent' : ''}, taxonomy ${tx.taxonomy}, urls)`,
    async (t) => {
      const parent = tx.hierarchical ? await parentPool.get(t) : undefined;
      const sent = {
        name: t.name('deleted'),
        slug: slugFor(t, 'deleted'),
        description: `${t.scope} deleted description`,
        ...(parent ? { parent: parent.id } : {}),
      };
      const made = await t.create(tx.kind, sent);
      const res = await t.api.delete(`/${tx.kind}/${made.id}`);
      t.expectStatus(res, 200, `DELETE /${tx.kind}/${made.id}`);
      const bad = termValuesWrong(tx, t.json(res, 'the delete answer'), made.id, sent, parent?.id);
      t.assert(bad.length === 0, `the answer to DELETE /${tx.kind}/${made.id}: ${bad.join('; ')}`, res);
    },
  );

  check(
    meta(tx, {
      id: 'read.record-values',
      spec: `Endpoints: GET /cal/events/v1/${tx.kind}/{id}; docs/requirements.md#original-tests (should: the read ${tx.noun} holds its id, name, slug, description${tx.hierarchical ? ', parent' : ''}, taxonomy ${tx.taxonomy} and urls self, collection${tx.hierarchical ? ', up' : ''}, as the original's own tests assert; in a list the same term without _links, measured on 6.8.0 and 4.6.8)`,
      level: 'should',
      requirements: [GET1, req.field(tx.kind, 'description'), req.field(tx.kind, 'slug')],
      tags: ['writes'],
    }),
    `a ${tx.noun} read by ID holds its values: name, slug, description${tx.hierarchical ? ', parent' : ''}, taxonomy ${tx.taxonomy} and urls, and a list shows the same term`,
    async (t) => {
      const parent = tx.hierarchical ? await parentPool.get(t) : undefined;
      const sent = {
        name: t.name('read values'),
        slug: slugFor(t, 'read-values'),
        description: `${t.scope} read description`,
      };
      const made = await t.create(tx.kind, { ...sent, ...(parent ? { parent: parent.id } : {}) });
      const res = await t.api.get(`/${tx.kind}/${made.id}`);
      t.expectStatus(res, 200, `GET /${tx.kind}/${made.id}`);
      const read = t.json(res, 'the read');
      const bad = termValuesWrong(tx, read, made.id, sent, parent?.id);
      // In a list, the same term without its _links (6.8.0, 4.6.8).
      const listRes = await t.api.get(`/${tx.kind}`, { search: t.scope, hide_empty: 0, per_page: 50 });
      const listed = readList(t, listRes, tx.kind, { what: `the ${tx.kind} of the check` }).records;
      bad.push(
        ...agreementWrongs(
          read,
          listed.find((r) => r.id === made.id),
          'in the list',
          { mayLack: ['_links'] },
        ),
      );
      t.assert(bad.length === 0, `GET /${tx.kind}/${made.id}: ${bad.join('; ')}`, res);
    },
  );
}
