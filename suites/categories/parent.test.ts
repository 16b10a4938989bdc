/**
 * Category hierarchy: `parent` on create and update, and the `parent` list filter (categories
 * only; tags are not hierarchical). The original rejects `parent=0` as a filter and on update,
 * so no check sends 0.
 */
import { check } from '../../lib/check/index.ts';
import { req, sameIds, showIds, field } from '../../lib/spec/contract.ts';
import { CATEGORIES as tx } from '../../lib/spec/resources.ts';
import { idsOf, listTerms, makeTerm, readTerm, SHOW_EMPTY } from '../_families/terms/support.ts';

check(
  {
    id: 'categories.create.parent',
    spec: 'Resources and their fields / Event category (parent: parent category term ID)',
    level: 'must',
    requirements: [req.field(tx.kind, 'parent'), req.route('POST', tx.kind), req.cover('categories.parent.create')],
    tags: ['writes'],
  },
  'creates a category under a parent and reflects the parent',
  async (t) => {
    const parent = await makeTerm(t, tx, 'parent');
    const res = await t.api.post('/categories', { name: t.name('child'), parent: parent.id });
    t.trackCreated('categories', res);
    t.expectStatus(res, '2xx', 'POST /categories with parent');
    t.assert(
      Number(field(res.json, 'parent')) === parent.id,
      `the create answer has parent ${JSON.stringify(field(res.json, 'parent'))}, expected ${parent.id}`,
      res,
    );
    const { body, res: read } = await readTerm(t, tx, t.record(res).id);
    t.assert(
      Number(body.parent) === parent.id,
      `GET /categories/${field(res.json, 'id')} has parent ${JSON.stringify(body.parent)}, expected ${parent.id}`,
      read,
    );
  },
);

check(
  {
    id: 'categories.update.parent',
    spec: 'Resources and their fields / Event category (parent); Update: every field optional',
    level: 'must',
    requirements: [req.field(tx.kind, 'parent'), req.route('PATCH', tx.kind, '/{id}')],
    tags: ['writes'],
  },
  'moves a category under another parent on update',
  async (t) => {
    const first = await makeTerm(t, tx, 'first parent');
    const second = await makeTerm(t, tx, 'second parent');
    const child = await makeTerm(t, tx, 'child', { parent: first.id });
    const res = await t.api.patch(`/categories/${child.id}`, { parent: second.id });
    t.expectStatus(res, '2xx', `PATCH /categories/${child.id} with parent ${second.id}`);
    const { body, res: read } = await readTerm(t, tx, child.id);
    t.assert(
      Number(body.parent) === second.id,
      `after the update the parent is ${JSON.stringify(body.parent)}, expected ${second.id} (was ${first.id})`,
      read,
    );
  },
);

check(
  {
    id: 'categories.list.parent',
    spec: 'List categories: parent (categories only; terms with this parent)',
    level: 'must',
    requirements: [req.param(tx.kind, 'parent'), req.route('GET', tx.kind)],
    tags: ['writes'],
  },
  'parent lists the direct children of a category and no other category',
  async (t) => {
    const parent = await makeTerm(t, tx, 'parent');
    const a = await makeTerm(t, tx, 'child a', { parent: parent.id });
    const b = await makeTerm(t, tx, 'child b', { parent: parent.id });
    const grandchild = await makeTerm(t, tx, 'grandchild', { parent: a.id });
    const other = await makeTerm(t, tx, 'top level');
    const { res, items } = await listTerms(t, tx, { parent: parent.id, search: t.scope, ...SHOW_EMPTY });
    t.assert(
      sameIds(idsOf(items), [a.id, b.id]),
      `parent=${parent.id} lists ${showIds(idsOf(items))}, expected its children ${a.id}, ${b.id} (not itself, the grandchild ${grandchild.id} or ${other.id})`,
      res,
    );
  },
);
