/**
 * Parameter edges of the category and tag lists (issue 12, point 2). Invalid values (drawn by
 * lib/spec/arbitraries/invalid.ts) of `include`, `parent` (categories), `post` and `event` never give a
 * 2xx listing of terms the filter does not select (must: docs/requirements.md#unknown-filter-values)
 * and every parameter's invalid values answer 400 (should: measured on both versions); `event` wins
 * over `post` when both are sent (should); a filter matching nothing answers 200 with an empty
 * list and `total` 0 (should; 4.6.8 answers 404); term lists carry `total` and `total_pages`
 * (should); `order` values other than `asc` sort descending and unknown `orderby` values fall back
 * to the name (should: the original's conventions, allowed values not shown). The array and comma
 * forms of `include` and `exclude` are checked by lists.ts (`list.include`, `list.exclude`).
 *
 * The checks that read share one setup per file (lib/check/shared.ts): three terms made in the
 * order Bravo, charlie, alpha (so name order differs from ID order) and, on the extended variant,
 * an event with alpha and an event with Bravo.
 */
import fc from 'fast-check';
import {
  badPositiveInt,
  empty,
  invalidCases,
  nonBoolean,
  nonNumeric,
  unknownId,
} from '../../../lib/spec/arbitraries/invalid.ts';
import { check, type CheckContext, sharedSetup } from '../../../lib/check/index.ts';
import type { ApiResponse, Params } from '../../../lib/types.ts';
import { type ApiRecord, field, listedIds, req, sameIds, showIds } from '../../../lib/spec/contract.ts';
import type { Taxonomy } from '../../../lib/spec/resources.ts';
import { eventWith, idsOf, listTerms, meta, SHOW_EMPTY, slugFor } from './support.ts';

/** Invalid values every original version refuses (400) and that select nothing when ignored. */
function mustTable(tx: Taxonomy): Record<string, Record<string, fc.Arbitrary<unknown>>> {
  return {
    include: { unknown: unknownId },
    ...(tx.hierarchical ? { parent: { unknown: unknownId } } : {}),
    post: { unknown: unknownId },
    event: { unknown: unknownId },
  };
}

/**
 * Every parameter's invalid values, as measured (400 on both versions). `include`, `exclude` and
 * `parent` are looked up as terms by ID, slug or name, so only IDs are sent (a word might name a
 * real term on a live site); `parent=0` is refused too (top-level terms cannot be selected).
 */
function shouldTable(tx: Taxonomy): Record<string, Record<string, fc.Arbitrary<unknown>>> {
  return {
    page: { bad: badPositiveInt },
    per_page: { bad: badPositiveInt },
    search: { empty },
    include: { unknown: unknownId },
    exclude: { unknown: unknownId },
    order: { empty },
    orderby: { empty },
    hide_empty: { 'non-boolean': fc.oneof(nonBoolean, empty) },
    ...(tx.hierarchical ? { parent: { unknown: unknownId, zero: fc.constant('0'), empty } } : {}),
    post: { unknown: unknownId, 'non-numeric': nonNumeric },
    event: { unknown: unknownId, 'non-numeric': nonNumeric },
    slug: { empty },
  };
}

/** The records of a list answer when it is a 2xx JSON list, else none (a refusal lists nothing). */
function listedOn2xx(res: ApiResponse, key: string): number[] {
  return res.status >= 200 && res.status < 300 ? listedIds(res.json, key) : [];
}

export function listEdgeChecks(tx: Taxonomy): void {
  const LIST = req.route('GET', tx.kind);

  const setup = sharedSetup(`${tx.kind}.list edges`, async (s) => {
    // Made Bravo, charlie, alpha: name order (alpha, Bravo, charlie) is not ID order.
    const byName: Record<string, ApiRecord> = {};
    for (const word of ['Bravo', 'charlie', 'alpha'])
      byName[word] = await s.create(tx.kind, { name: s.name(word), slug: slugFor(s, word) });
    const terms = [byName.alpha, byName.Bravo, byName.charlie];
    const events = s.extended
      ? [
          await eventWith(s, tx, [byName.alpha.id], 'event alpha'),
          await eventWith(s, tx, [byName.Bravo.id], 'event bravo'),
        ]
      : [];
    return { scope: s.scope, terms, ids: terms.map((x) => x.id), events };
  });

  /** The scope of the shared terms, with the empty ones shown. */
  async function scoped(t: CheckContext, extra: Params = {}, what?: string) {
    const s = await setup.get(t);
    return { s, ...(await listTerms(t, tx, { search: s.scope, ...SHOW_EMPTY, ...extra }, what)) };
  }

  check(
    meta(tx, {
      id: 'list.invalid-no-listing',
      spec: `List ${tx.kind}: include, ${tx.hierarchical ? 'parent, ' : ''}post, event; docs/requirements.md#unknown-filter-values (must: no 2xx listing of unrelated records); docs/requirements.md#term-lists (a missing term or event is 400); positive control: listed without the filter`,
      level: 'must',
      requirements: [LIST, ...Object.keys(mustTable(tx)).map((p) => req.cover(`${tx.kind}.list.${p}.invalid`))],
      tags: ['writes', 'property'],
    }),
    `an unknown ID in include, ${tx.hierarchical ? 'parent, ' : ''}post or event never lists ${tx.kind} the filter does not select`,
    async (t) => {
      const control = await scoped(t);
      t.assert(
        sameIds(idsOf(control.items), control.s.ids),
        `the scope lists ${showIds(idsOf(control.items))} without a filter; expected the ${tx.kind} ${showIds(control.s.ids)}`,
        control.res,
      );
      await t.property(
        invalidCases(mustTable(tx)),
        async (cases) => {
          for (const c of cases) {
            const query = { search: control.s.scope, ...SHOW_EMPTY, [c.name]: String(c.value) };
            const res = await t.api.get(`/${tx.kind}`, query);
            t.assert(
              res.status < 500,
              `GET /${tx.kind} with ${c.name}=${JSON.stringify(c.value)} (${c.kind}) answered ${res.status}, a server error; expected a 4xx`,
              res,
            );
            const listed = listedOn2xx(res, tx.kind).filter((id) => control.s.ids.includes(id));
            t.assert(
              listed.length === 0,
              `GET /${tx.kind} with ${c.name}=${JSON.stringify(c.value)} (${c.kind}, selects nothing) answered ${res.status} listing ${showIds(listed)}`,
              res,
            );
          }
        },
        { numRuns: 2 },
      );
    },
  );

  check(
    meta(tx, {
      id: 'list.invalid-400',
      spec: `List ${tx.kind}: every parameter; docs/requirements.md#measured-cross-cutting: invalid value is 400 rest_invalid_param (page/per_page not positive, an empty search, order, orderby or slug, a non-boolean hide_empty, a missing term or event)`,
      level: 'should',
      requirements: [LIST, ...Object.keys(shouldTable(tx)).map((p) => req.cover(`${tx.kind}.list.${p}.invalid-400`))],
      tags: ['property'],
    }),
    `answers 400 to a non-numeric, negative, empty, unknown or non-boolean value of every ${tx.noun} list parameter`,
    async (t) => {
      await t.property(
        invalidCases(shouldTable(tx)),
        async (cases) => {
          for (const c of cases) {
            const res = await t.api.get(`/${tx.kind}`, { [c.name]: c.value as string });
            t.expectStatus(res, 400, `GET /${tx.kind} with ${c.name}=${JSON.stringify(c.value)} (${c.kind})`);
          }
        },
        { numRuns: 2 },
      );
    },
  );

  check(
    meta(tx, {
      id: 'list.event-wins-over-post',
      spec: `List ${tx.kind}: post, event (alias of post); docs/requirements.md#term-lists (event wins when both are sent, measured on both versions; should); Event: ${tx.kind} (extended only)`,
      level: 'should',
      requirements: [
        LIST,
        req.param(tx.kind, 'post'),
        req.param(tx.kind, 'event'),
        req.cover(`${tx.kind}.list.post-event.event-wins`),
      ],
      tags: ['writes', 'extended'],
    }),
    `with post and event both sent (in either order) the ${tx.kind} of the event are listed`,
    async (t) => {
      const s = await setup.get(t);
      const [withAlpha, withBravo] = s.events;
      const [alpha, bravo] = s.ids;
      for (const query of [
        { post: withAlpha.id, event: withBravo.id },
        { event: withBravo.id, post: withAlpha.id },
      ]) {
        const list = await listTerms(t, tx, { ...query, search: s.scope, ...SHOW_EMPTY });
        t.assert(
          sameIds(idsOf(list.items), [bravo]),
          `${Object.entries(query)
            .map(([k, v]) => `${k}=${v}`)
            .join(
              '&',
            )} lists ${showIds(idsOf(list.items))}, expected the event's ${tx.noun} ${bravo} (not the post's ${alpha})`,
          list.res,
        );
      }
    },
  );

  check(
    meta(tx, {
      id: 'list.no-match',
      spec: `List ${tx.kind}: slug, search; docs/requirements.md#measured-lists (200 with an empty list and total 0; 4.6.8 answers 404: should)`,
      level: 'should',
      requirements: [
        LIST,
        req.param(tx.kind, 'slug'),
        req.param(tx.kind, 'search'),
        req.cover(`${tx.kind}.list.no-match`),
      ],
      tags: ['writes'],
    }),
    `a slug or search that matches no ${tx.noun} answers 200 with an empty list, total 0 and total_pages 0`,
    async (t) => {
      const s = await setup.get(t);
      for (const query of [{ slug: `${s.scope}-no-such-slug` }, { search: `${s.scope}nomatch` }]) {
        const res = await t.api.get(`/${tx.kind}`, { ...query, ...SHOW_EMPTY });
        t.expectStatus(res, 200, `GET /${tx.kind} ${JSON.stringify(query)}`);
        const records = field(res.json, tx.kind);
        const total = field(res.json, 'total');
        const pages = field(res.json, 'total_pages');
        t.assert(
          Array.isArray(records) && records.length === 0 && Number(total) === 0 && Number(pages) === 0,
          `GET /${tx.kind} ${JSON.stringify(query)} answered ${Array.isArray(records) ? records.length : 'no'} records, total ${JSON.stringify(total)}, total_pages ${JSON.stringify(pages)}; expected none, 0 and 0`,
          res,
        );
      }
    },
  );

  check(
    meta(tx, {
      id: 'list.totals',
      spec: `List ${tx.kind}: page, per_page; docs/requirements.md#measured-lists (a list carries total and total_pages; should)`,
      level: 'should',
      requirements: [LIST, req.param(tx.kind, 'per_page'), req.cover(`${tx.kind}.list.totals`)],
      tags: ['writes'],
    }),
    `total and total_pages of a ${tx.noun} list count the matches, on every page`,
    async (t) => {
      for (const page of [1, 2]) {
        const { res, items, s } = await scoped(t, { per_page: 2, page });
        const total = field(res.json, 'total');
        const pages = field(res.json, 'total_pages');
        t.assert(
          items.length === (page === 1 ? 2 : 1) && Number(total) === 3 && Number(pages) === 2,
          `page ${page} of per_page=2 over the 3 ${tx.kind} ${showIds(s.ids)} holds ${items.length} with total ${JSON.stringify(total)} and total_pages ${JSON.stringify(pages)}; expected ${page === 1 ? 2 : 1}, 3 and 2`,
          res,
        );
      }
    },
  );

  check(
    meta(tx, {
      id: 'list.order-edges',
      spec: `List ${tx.kind}: order, orderby (allowed values not shown); docs/requirements.md#term-order (should: the name by default, ascending by default; other order values descending; unknown orderby values by name)`,
      level: 'should',
      requirements: [
        LIST,
        req.param(tx.kind, 'order'),
        req.param(tx.kind, 'orderby'),
        req.cover(`${tx.kind}.list.order.edges`),
        req.cover(`${tx.kind}.list.orderby.edges`),
      ],
      tags: ['writes'],
    }),
    `sorts ${tx.kind} by name ascending by default, descending for order=foo, and by name for orderby=foo`,
    async (t) => {
      const s = await setup.get(t);
      const names = ['alpha', 'Bravo', 'charlie'];
      const cases: Array<[Params, number[]]> = [
        [{}, s.ids],
        [{ orderby: 'name', order: 'foo' }, [...s.ids].reverse()],
        [{ orderby: 'foo' }, s.ids],
        [{ orderby: 'foo', order: 'desc' }, [...s.ids].reverse()],
      ];
      for (const [query, want] of cases) {
        const { res, items } = await scoped(t, query);
        const got = idsOf(items);
        t.assert(
          got.join() === want.join(),
          `${JSON.stringify(query)} lists ${showIds(got)} (${items.map((r) => JSON.stringify(r.name)).join(', ')}), expected ${showIds(want)} (${(want === s.ids ? names : [...names].reverse()).join(', ')})`,
          res,
        );
      }
    },
  );
}
