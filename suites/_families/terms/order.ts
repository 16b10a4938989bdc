/**
 * Term ordering (`order` x `orderby`) and the record/list schemas of categories and tags.
 */
import fc from 'fast-check';
import { check } from '../../../lib/check/index.ts';
import { validateList, validateRecord } from '../../../lib/spec/schemas.ts';
import { req, showIds, field } from '../../../lib/spec/contract.ts';
import type { Taxonomy } from '../../../lib/spec/resources.ts';
import { byNameCaseInsensitive, idsOf, listTerms, makeTerm, meta, slugFor, SHOW_EMPTY } from './support.ts';

const LETTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'];

export function orderChecks(tx: Taxonomy): void {
  const LIST = req.route('GET', tx.kind);

  check(
    meta(tx, {
      id: 'list.order-by-name',
      spec: `List ${tx.kind}: order, orderby; docs/requirements.md#term-order (must: orderby=name asc/desc on ASCII names, case-insensitive)`,
      level: 'must',
      requirements: [req.param(tx.kind, 'order'), req.param(tx.kind, 'orderby'), LIST],
      tags: ['writes', 'property'],
    }),
    `orderby=name with order asc or desc sorts ASCII ${tx.noun} names case-insensitively`,
    async (t) => {
      let run = 0;
      const names = fc.uniqueArray(
        fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 6 }).map((a) => a.join('')),
        {
          minLength: 2,
          maxLength: 4,
          selector: (s) => s.toLowerCase(),
        },
      );
      await t.property(
        fc.tuple(names, fc.constantFrom('asc', 'desc', 'ASC', 'DESC')),
        async ([words, order]) => {
          run++;
          // A prefix shared by the run's terms: it scopes the list and leaves the order to the words.
          const prefix = `${t.scope}o${run}x`;
          const made: Array<{ id: number; word: string }> = [];
          for (const word of words)
            made.push({ id: (await t.create(tx.kind, { name: `${prefix} ${word}` })).id, word });
          const expected = [...made].sort((a, b) => byNameCaseInsensitive(a.word, b.word));
          if (order.toLowerCase() === 'desc') expected.reverse();
          const { res, items } = await listTerms(t, tx, { search: prefix, orderby: 'name', order, ...SHOW_EMPTY });
          const got = idsOf(items);
          t.assert(
            got.join() === idsOf(expected).join(),
            `orderby=name&order=${order} lists ${showIds(got)} (${items.map((r) => JSON.stringify(r?.name)).join(', ')}), expected ${showIds(idsOf(expected))} (${expected.map((e) => e.word).join(', ')})`,
            res,
          );
        },
        // 6 runs of 2-4 names (about 7 requests each): the full extended certification stays
        // within issue 22's 4,200 requests.
        { numRuns: 6 },
      );
    },
  );

  check(
    meta(tx, {
      id: 'list.orderby-other-values',
      spec: "docs/requirements.md#term-order (should: id, slug, count, term_group, description, include answer 200); docs/requirements.md#original-tests (orderby=id with order asc and desc, as the original's own tests assert)",
      level: 'should',
      requirements: [req.param(tx.kind, 'orderby'), req.param(tx.kind, 'order'), LIST],
      tags: ['writes'],
    }),
    `orderby=id (order asc and desc), slug, description and include sort ${tx.kind} by that attribute; count and term_group answer 200`,
    async (t) => {
      // Created in the order c, b, a, with slugs and descriptions that order them differently again.
      const c = await makeTerm(t, tx, 'c', { slug: slugFor(t, 'm'), description: 'y' });
      const b = await makeTerm(t, tx, 'b', { slug: slugFor(t, 'z'), description: 'x' });
      const a = await makeTerm(t, tx, 'a', { slug: slugFor(t, 'k'), description: 'z' });
      const want: Record<string, number[]> = {
        id: [c.id, b.id, a.id],
        // The original's own test (CategoryArchiveCest) also reads orderby=id with order=desc.
        'id desc': [a.id, b.id, c.id],
        slug: [a.id, c.id, b.id],
        description: [b.id, c.id, a.id],
        include: [b.id, a.id, c.id],
      };
      for (const key of ['id', 'id desc', 'slug', 'description', 'include', 'count', 'term_group']) {
        const [orderby, order = 'asc'] = key.split(' ');
        const query: Record<string, unknown> = { search: t.scope, orderby, order, ...SHOW_EMPTY };
        if (orderby === 'include') query.include = want.include;
        const { res, items } = await listTerms(t, tx, query, `the list with orderby=${orderby}&order=${order}`);
        t.expectStatus(res, 200, `the list with orderby=${orderby}&order=${order}`);
        const got = idsOf(items);
        if (want[key])
          t.assert(
            got.join() === want[key].join(),
            `orderby=${orderby}&order=${order} lists ${showIds(got)}, expected ${showIds(want[key])}`,
            res,
          );
        else
          t.assert(
            got.length === 3,
            `orderby=${orderby} lists ${showIds(got)}, expected the 3 ${tx.kind} ${showIds([a.id, b.id, c.id])}`,
            res,
          );
      }
    },
  );

  check(
    meta(tx, {
      id: 'list.order-non-ascii-names',
      spec: 'docs/requirements.md#term-order (should: non-ASCII collation)',
      level: 'should',
      requirements: [req.param(tx.kind, 'orderby'), req.param(tx.kind, 'order'), LIST],
      tags: ['writes'],
    }),
    `orderby=name sorts accented ${tx.noun} names with their base letters (Ångström, apple, eagle, Émile, zebra, Zoë)`,
    async (t) => {
      const words = ['Zoë', 'eagle', 'Émile', 'zebra', 'Ångström', 'apple'];
      const made: Array<{ id: number; w: string }> = [];
      for (const w of words) made.push({ id: (await t.create(tx.kind, { name: `${t.scope} ${w}` })).id, w });
      // Accents sort with their base letter (primary strength), as MySQL's *_unicode_ci does.
      const collator = new Intl.Collator('en', { sensitivity: 'base' });
      const order = [...words].sort(collator.compare);
      const expected = order.map((w) => made.find((m) => m.w === w)!.id);
      const { res, items } = await listTerms(t, tx, { search: t.scope, orderby: 'name', order: 'asc', ...SHOW_EMPTY });
      t.assert(
        idsOf(items).join() === expected.join(),
        `orderby=name lists ${items.map((r) => JSON.stringify(r?.name)).join(', ')}, expected ${order.join(', ')}`,
        res,
      );
    },
  );

  check(
    meta(tx, {
      id: 'schema.contract',
      spec: 'docs/requirements.md#contract (records with an integer id, lists under the plural name)',
      level: 'must',
      requirements: [req.route('POST', tx.kind), req.route('GET', tx.kind, '/{id}'), LIST],
      tags: ['writes'],
    }),
    `${tx.noun} create, read and list answers meet the minimal response contract`,
    async (t) => {
      const created = await t.api.post(`/${tx.kind}`, { name: t.name('contract') });
      t.trackCreated(tx.kind, created);
      t.expectStatus(created, '2xx', `POST /${tx.kind}`);
      const c = validateRecord(tx.record, t.json(created), 'contract');
      t.assert(c.ok, `the create answer breaks the contract: ${c.message}`, created);
      const id = field(created.json, 'id');
      const read = await t.api.get(`/${tx.kind}/${id}`);
      t.expectStatus(read, '2xx', `GET /${tx.kind}/${id}`);
      const r = validateRecord(tx.record, t.json(read), 'contract');
      t.assert(r.ok, `the read answer breaks the contract: ${r.message}`, read);
      const list = await t.api.get(`/${tx.kind}`, { include: [id], ...SHOW_EMPTY });
      t.expectStatus(list, '2xx', `GET /${tx.kind}?include=${id}`);
      const l = validateList(tx.kind, t.json(list), 'contract');
      t.assert(l.ok, `the list breaks the contract: ${l.message}`, list);
    },
  );

  check(
    meta(tx, {
      id: 'schema.shape',
      spec: 'docs/requirements.md#record-shapes term records and lists (docs/requirements.md#contract: shapes are should)',
      level: 'should',
      requirements: [req.route('POST', tx.kind), req.route('GET', tx.kind, '/{id}'), LIST],
      tags: ['writes'],
    }),
    `${tx.noun} create, read and list answers have the original's full shape`,
    async (t) => {
      const made = await makeTerm(t, tx, 'shape', { description: 'described' });
      const read = await t.api.get(`/${tx.kind}/${made.id}`);
      const created = validateRecord(tx.record, made, 'shape');
      t.assert(created.ok, `the create answer lacks the original's shape: ${created.message}`);
      const r = validateRecord(tx.record, t.json(read), 'shape');
      t.assert(r.ok, `the read answer lacks the original's shape: ${r.message}`, read);
      const list = await t.api.get(`/${tx.kind}`, { include: [made.id], ...SHOW_EMPTY });
      const l = validateList(tx.kind, t.json(list), 'shape');
      t.assert(l.ok, `the list lacks the original's shape: ${l.message}`, list);
    },
  );
}
