/**
 * Creating categories and tags: name required, sent fields reflected, status, duplicates,
 * form bodies, and property-based payloads (valid ones round-trip, invalid ones create nothing).
 */
import fc from 'fast-check';
import { check, type CheckContext } from '../../../lib/check/index.ts';
import type { Params } from '../../../lib/types.ts';
import { req, sameIds, showIds, field, isInteger } from '../../../lib/spec/contract.ts';
import type { Taxonomy } from '../../../lib/spec/resources.ts';
import { assertReflects, listTerms, makeTerm, meta, readTerm, slugFor, idsOf, SHOW_EMPTY } from './support.ts';

/**
 * Fails unless the check's scope (name or slug) lists exactly `own`: the terms the check made
 * itself are the positive control (a list that finds nothing proves nothing), anything else was
 * created by a request that should have created nothing.
 */
async function assertOnly(t: CheckContext, tx: Taxonomy, own: number[], what: string): Promise<void> {
  const { res, items } = await listTerms(t, tx, { search: t.scope, ...SHOW_EMPTY, per_page: 50 });
  const ids = idsOf(items);
  const extra = ids.filter((id) => !own.includes(id));
  t.assert(
    sameIds(ids, own),
    `after ${what} the scope lists ${showIds(ids)} (search=${t.scope}&hide_empty=0): ${extra.length ? `created ${showIds(extra)} anyway` : `the check's own ${showIds(own)} are missing (positive control)`}`,
    res,
  );
}

// Non-ASCII text: accented Latin, Greek, CJK, plus ASCII letters and a few punctuation marks.
// Never "0": 6.8.0 refuses a term description of "0" with 400 (PHP's empty("0"), as for event
// text; tags.create.round-trip failed on the original at seed 2533939353606703).
const TEXT_CHARS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'éèàüöñçøåßÉÜŁžšłΩλπжЖ日本語中文한국',
  ' ',
  ' ',
  '-',
  "'",
  '.',
];
const text = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...TEXT_CHARS), { minLength: min, maxLength: max })
    .map((a) => a.join('').trim())
    .filter((s) => s.length >= min && s !== '0');
const slugWord = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), { minLength: 1, maxLength: 8 })
  .map((a) => a.join(''));

export function createChecks(tx: Taxonomy): void {
  const POST = req.route('POST', tx.kind);

  check(
    meta(tx, {
      id: 'create.requires-name',
      spec: `Resources and their fields / Event ${tx.noun} (name required); docs/requirements.md#missing-required-field`,
      level: 'must',
      requirements: [req.field(tx.kind, 'name'), POST],
      tags: ['writes'],
    }),
    `rejects a ${tx.noun} without a name and creates nothing`,
    async (t) => {
      const control = await makeTerm(t, tx, 'control');
      const slug = slugFor(t, 'nameless');
      const res = await t.api.post(`/${tx.kind}`, { description: t.name('no name'), slug });
      t.trackCreated(tx.kind, res);
      t.expectStatus(res, '4xx', `POST /${tx.kind} without name`);
      await assertOnly(t, tx, [control.id], `POST /${tx.kind} without name`);
    },
  );

  check(
    meta(tx, {
      id: 'create.missing-name-400',
      spec: `docs/requirements.md#missing-required-field (should: 400 rest_missing_callback_param)`,
      level: 'should',
      requirements: [req.field(tx.kind, 'name'), POST],
      tags: ['writes'],
    }),
    `answers 400 rest_missing_callback_param to a ${tx.noun} without a name`,
    async (t) => {
      const res = await t.api.post(`/${tx.kind}`, { description: t.name('no name'), slug: slugFor(t, 'nameless') });
      t.trackCreated(tx.kind, res);
      t.expectStatus(res, 400, `POST /${tx.kind} without name`);
      t.assert(
        field(res.json, 'code') === 'rest_missing_callback_param',
        `the error code is ${JSON.stringify(field(res.json, 'code'))}, expected "rest_missing_callback_param"`,
        res,
      );
    },
  );

  check(
    meta(tx, {
      id: 'create.reflects-fields',
      spec: `Resources and their fields / Event ${tx.noun} (name, description, slug); docs/requirements.md#valid-create`,
      level: 'must',
      requirements: [
        req.field(tx.kind, 'name'),
        req.field(tx.kind, 'description'),
        req.field(tx.kind, 'slug'),
        POST,
        ...['name', 'description', 'slug'].map((f) => req.cover(`${tx.kind}.${f}.create`)),
      ],
      tags: ['writes'],
    }),
    `creates a ${tx.noun} with name, description and slug and returns them with an integer id`,
    async (t) => {
      const sent = {
        name: t.name('Créé & "quoted"'),
        description: t.name('A description with ümlauts & more'),
        slug: slugFor(t, 'created'),
      };
      const res = await t.api.post(`/${tx.kind}`, sent);
      t.expectStatus(res, '2xx', `POST /${tx.kind}`);
      const body = t.record(res);
      t.assert(
        Number.isInteger(body?.id),
        `the create answer has id ${JSON.stringify(body?.id)}, expected an integer`,
        res,
      );
      t.track(tx.kind, body.id);
      assertReflects(t, tx, sent, body, res, 'the create answer');
      const read = await readTerm(t, tx, body.id);
      assertReflects(t, tx, sent, read.body, read.res, `GET /${tx.kind}/${body.id}`);
    },
  );

  if (!tx.hierarchical) {
    check(
      meta(tx, {
        id: 'create.parent-refused',
        spec: `Resources and their fields / Event ${tx.noun} (no parent: not hierarchical); docs/requirements.md#term-lists: parent on ${tx.noun} create is 400 rest_taxonomy_not_hierarchical [M 6.8.0, M 4.6.8] (should)`,
        level: 'should',
        requirements: [POST, req.field(tx.kind, 'name')],
        tags: ['writes'],
      }),
      `answers 400 rest_taxonomy_not_hierarchical to a ${tx.noun} create with a parent, and creates nothing`,
      async (t) => {
        const parent = await makeTerm(t, tx, 'would-be parent');
        const res = await t.api.post(`/${tx.kind}`, { name: t.name('child'), parent: parent.id });
        const id = field(res.json, 'id');
        if (isInteger(id) && id !== parent.id) t.track(tx.kind, id);
        t.expectStatus(res, 400, `POST /${tx.kind} with parent ${parent.id}`);
        t.assert(
          field(res.json, 'code') === 'rest_taxonomy_not_hierarchical',
          `the error code is ${JSON.stringify(field(res.json, 'code'))}, expected "rest_taxonomy_not_hierarchical"`,
          res,
        );
        await assertOnly(t, tx, [parent.id], `the refused create with a parent`);
      },
    );
  }

  check(
    meta(tx, {
      id: 'create.duplicate-name-term-exists',
      spec: `docs/requirements.md#measured-cross-cutting: creating a duplicate term name is 400 term_exists`,
      level: 'should',
      requirements: [req.field(tx.kind, 'name'), POST],
      tags: ['writes'],
    }),
    `answers 400 term_exists to a second ${tx.noun} with the same name, and keeps one`,
    async (t) => {
      const first = await makeTerm(t, tx, 'twice');
      const res = await t.api.post(`/${tx.kind}`, { name: t.name('twice') });
      t.trackCreated(tx.kind, res);
      t.expectStatus(res, 400, `POST /${tx.kind} with the name of ${tx.noun} ${first.id}`);
      t.assert(
        field(res.json, 'code') === 'term_exists',
        `the error code is ${JSON.stringify(field(res.json, 'code'))}, expected "term_exists"`,
        res,
      );
      const list = await listTerms(t, tx, { search: t.scope, ...SHOW_EMPTY });
      t.assert(
        list.items.length === 1,
        `${tx.kind} ${showIds(idsOf(list.items))} carry the name, expected only ${first.id}`,
        list.res,
      );
    },
  );

  check(
    meta(tx, {
      id: 'create.round-trip',
      spec: `Resources and their fields / Event ${tx.noun}; docs/requirements.md#valid-create (text after normalisation)`,
      level: 'must',
      requirements: [
        req.field(tx.kind, 'name'),
        req.field(tx.kind, 'description'),
        req.field(tx.kind, 'slug'),
        ...(tx.hierarchical ? [req.field(tx.kind, 'parent')] : []),
        POST,
        req.route('GET', tx.kind, '/{id}'),
      ],
      tags: ['writes', 'property'],
    }),
    `a ${tx.noun} created from any valid payload (random optional fields, non-ASCII text) reads back as sent`,
    async (t) => {
      const parent = tx.hierarchical ? await makeTerm(t, tx, 'parent') : undefined;
      let run = 0;
      const payload = fc.record(
        { name: text(1, 16), description: text(1, 40), slug: slugWord, parent: fc.constant(true) },
        { requiredKeys: ['name'] },
      );
      await t.property(
        payload,
        async (p) => {
          run++;
          const sent: Params = { name: `${t.scope} r${run} ${p.name}` };
          if (p.description !== undefined) sent.description = p.description;
          if (p.slug !== undefined) sent.slug = slugFor(t, `r${run}-${p.slug}`);
          if (p.parent && parent) sent.parent = parent.id;
          const res = await t.api.post(`/${tx.kind}`, sent);
          t.trackCreated(tx.kind, res);
          const created = t.record(res, `POST /${tx.kind} ${JSON.stringify(sent)}`);
          const read = await readTerm(t, tx, created.id);
          assertReflects(t, tx, sent, read.body, read.res, `GET /${tx.kind}/${created.id}`);
        },
        { numRuns: 10 },
      );
    },
  );

  check(
    meta(tx, {
      id: 'create.invalid-creates-nothing',
      spec: `Resources and their fields / Event ${tx.noun} (name required); docs/requirements.md#missing-required-field`,
      level: 'must',
      requirements: [req.field(tx.kind, 'name'), POST],
      tags: ['writes', 'property'],
    }),
    `any ${tx.noun} payload without a name (random optional fields) is refused with a 4xx and creates nothing`,
    async (t) => {
      const parent = tx.hierarchical ? await makeTerm(t, tx, 'parent') : undefined;
      // The control the scope must list (a tag check has no parent to serve as one).
      const control = parent ?? (await makeTerm(t, tx, 'control'));
      let run = 0;
      const payload = fc.record(
        { description: text(1, 40), slugWord, parent: fc.constant(true) },
        { requiredKeys: ['slugWord'] },
      );
      // The refused payloads by slug: a term created anyway names the payload that made it.
      const refused = new Map<string, Params>();
      await t.property(
        payload,
        async (p) => {
          run++;
          // The slug carries the scope, so a term created anyway shows in a search for it.
          const sent: Params = { slug: slugFor(t, `n${run}-${p.slugWord}`) };
          if (p.description !== undefined) sent.description = p.description;
          if (p.parent && parent) sent.parent = parent.id;
          const res = await t.api.post(`/${tx.kind}`, sent);
          t.trackCreated(tx.kind, res);
          t.expectStatus(res, '4xx', `POST /${tx.kind} ${JSON.stringify(sent)} (no name)`);
          refused.set(String(sent.slug), sent);
        },
        { numRuns: 10 },
      );
      // One list for all the runs (was one per run: 9 requests fewer per taxonomy).
      const { res, items } = await listTerms(t, tx, { search: t.scope, ...SHOW_EMPTY, per_page: 50 });
      const ids = idsOf(items);
      const made = items
        .filter((i) => field(i, 'id') !== control.id)
        .map((i) => {
          const payload = refused.get(String(field(i, 'slug')));
          return `${String(field(i, 'id'))}${payload ? ` (made by ${JSON.stringify(payload)})` : ''}`;
        });
      t.assert(
        sameIds(ids, [control.id]),
        `after ${refused.size} refused creates without a name the scope lists ${showIds(ids)} (search=${t.scope}&hide_empty=0), expected only the control ${control.id}${made.length ? `: created ${made.join('; ')} anyway` : ' (positive control)'}`,
        res,
      );
    },
  );
}
