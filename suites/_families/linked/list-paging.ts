/**
 * Venue and organizer lists: per_page, page, their defaults, totals and the list schemas. The
 * check's records get distinct post dates (equal dates make the original's pages overlap) and
 * page URLs are built here, never followed (the original's next_rest_url drops `search`), except by
 * the should-check `<p>.list.next-url`, which tests exactly that.
 *
 * The paging checks only read, so they share one pool per file (lib/check/shared.ts): 51 records
 * with distinct past dates, made once; a search for `three` finds the first 3, `eleven` the first
 * 11, `all` (the pool's scope) all 51.
 */
import { check, sharedSetup } from '../../../lib/check/index.ts';
import { validateList } from '../../../lib/spec/schemas.ts';
import { pastDate, req, sameIds, showIds, field, readList, type ApiRecord } from '../../../lib/spec/contract.ts';
import { type LinkedDef, resource } from '../../../lib/spec/resources.ts';
import { createRecord, listPage } from './support.ts';
import { emptyAndLinkChecks, pastEndChecks } from '../generic/paging.ts';

export function listPagingChecks(d: LinkedDef): void {
  const P = d.plural;
  const routeList = req.route('GET', d.plural, '');
  const pool = sharedSetup(`${P}.list paging pool`, async (s) => {
    const three = `${s.scope}three`;
    const eleven = `${s.scope}eleven`;
    const made: ApiRecord[] = [];
    // Made a few at a time (distinct dates, so the order of creation does not matter).
    for (let from = 0; from < 51; from += 8) {
      const batch = Array.from({ length: Math.min(8, 51 - from) }, (_, k) => from + k);
      made.push(
        ...(await Promise.all(
          batch.map((i) =>
            createRecord(
              s,
              d,
              { date: pastDate(i) },
              `paged ${i}${i < 3 ? ` ${three}` : ''}${i < 11 ? ` ${eleven}` : ''}`,
            ),
          ),
        )),
      );
    }
    return { all: s.scope, three, eleven, made };
  });
  pastEndChecks(resource(P), async (t) => {
    const { three, made } = await pool.get(t);
    return { search: three, ids: made.slice(0, 3).map((r) => r.id) };
  });
  emptyAndLinkChecks(resource(P), async (t) => {
    const { three, made } = await pool.get(t);
    return { search: three, ids: made.slice(0, 3).map((r) => r.id) };
  });

  check(
    {
      id: `${P}.list.per-page`,
      spec: `List ${P}: per_page; docs/requirements.md#per-page (must: exactly min(N, matches))`,
      level: 'must',
      requirements: [routeList, req.param(d.plural, 'per_page'), req.param(d.plural, 'search')],
      tags: ['writes'],
    },
    `per_page=2 lists exactly 2 of the check's 3 ${P}`,
    async (t) => {
      const { three } = await pool.get(t);
      const page = await listPage(t, d, { search: three, per_page: 2 });
      t.assert(
        page.records.length === 2,
        `per_page=2 listed ${page.records.length} records ${showIds(page.ids)}, expected 2`,
        page.res,
      );
    },
  );

  check(
    {
      id: `${P}.list.pages-partition`,
      spec: `List ${P}: page; docs/requirements.md#pages (must: partition the list, no overlap, no gap)`,
      level: 'must',
      requirements: [routeList, req.param(d.plural, 'page'), req.param(d.plural, 'per_page')],
      tags: ['writes'],
    },
    `pages 1 and 2 of per_page=2 partition the check's 3 ${P} with distinct dates`,
    async (t) => {
      const { three, made } = await pool.get(t);
      const want = made
        .slice(0, 3)
        .map((r) => r.id as number)
        .sort((a, b) => a - b);
      const p1 = await listPage(t, d, { search: three, per_page: 2, page: 1 });
      const p2 = await listPage(t, d, { search: three, per_page: 2, page: 2 });
      const seen = [...p1.ids, ...p2.ids];
      const overlap = p1.ids.filter((id) => p2.ids.includes(id));
      t.assert(
        overlap.length === 0,
        `pages 1 ${showIds(p1.ids)} and 2 ${showIds(p2.ids)} overlap on ${showIds(overlap)}`,
        p2.res,
      );
      const missing = want.filter((id) => !seen.includes(id));
      t.assert(
        missing.length === 0 && seen.length === want.length,
        `pages 1 ${showIds(p1.ids)} and 2 ${showIds(p2.ids)} do not partition the created ${showIds(want)}`,
        p2.res,
      );
    },
  );

  check(
    {
      id: `${P}.list.defaults`,
      spec: 'Limits 1, 2: per_page defaults to 10, page to 1; docs/requirements.md#levels (must)',
      level: 'must',
      requirements: [routeList, req.param(d.plural, 'per_page'), req.param(d.plural, 'page')],
      tags: ['writes'],
    },
    `without page and per_page the list is the first page of 10`,
    async (t) => {
      const { eleven } = await pool.get(t);
      const first = await listPage(t, d, { search: eleven });
      t.assert(
        first.records.length === 10,
        `the default page lists ${first.records.length} of the check's 11 records, expected 10`,
        first.res,
      );
      const page1 = await listPage(t, d, { search: eleven, page: 1, per_page: 10 });
      t.assert(
        JSON.stringify([...first.ids].sort()) === JSON.stringify([...page1.ids].sort()),
        `the default page ${showIds(first.ids)} is not page=1&per_page=10 ${showIds(page1.ids)}`,
        first.res,
      );
    },
  );

  check(
    {
      id: `${P}.list.totals`,
      spec: 'docs/requirements.md#measured-lists Lists: total, total_pages (should)',
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'per_page')],
      tags: ['writes'],
    },
    `total and total_pages count the matching ${P}`,
    async (t) => {
      const { three } = await pool.get(t);
      const page = await listPage(t, d, { search: three, per_page: 2 });
      const total = field(page.res.json, 'total');
      const totalPages = field(page.res.json, 'total_pages');
      t.assert(total === 3 || total === '3', `total is ${JSON.stringify(total)}, expected 3`, page.res);
      t.assert(
        totalPages === 2 || totalPages === '2',
        `total_pages is ${JSON.stringify(totalPages)}, expected 2`,
        page.res,
      );
    },
  );

  check(
    {
      id: `${P}.list.schema-contract`,
      spec: 'docs/requirements.md#contract: records in an array under the plural name (must)',
      level: 'must',
      requirements: [routeList],
      tags: ['writes'],
    },
    `the ${P} list meets the minimal response contract`,
    async (t) => {
      const { three } = await pool.get(t);
      const res = await t.api.get(`/${P}`, { search: three });
      t.expectStatus(res, '2xx', `GET /${P}`);
      const v = validateList(P, t.json(res), 'contract');
      t.assert(v.ok, `the list breaks the minimal contract: ${v.message}`, res);
    },
  );

  check(
    {
      id: `${P}.list.schema-shape`,
      spec: 'docs/requirements.md#measured-lists Lists; docs/requirements.md#record-shapes (should)',
      level: 'should',
      requirements: [routeList],
      tags: ['writes'],
    },
    `the ${P} list has the original's list shape`,
    async (t) => {
      const { three } = await pool.get(t);
      const res = await t.api.get(`/${P}`, { search: three });
      t.expectStatus(res, '2xx', `GET /${P}`);
      const v = validateList(P, t.json(res), 'shape');
      t.assert(v.ok, `the list does not have the list shape: ${v.message}`, res);
    },
  );

  check(
    {
      id: `${P}.list.per-page-cap`,
      spec: `Limits 3 (not shown); docs/requirements.md#measured-lists: per_page silently capped at 50; docs/requirements.md#per-page (should)`,
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'per_page'), req.param(d.plural, 'search')],
      tags: ['writes'],
    },
    `per_page=51 and per_page=100 list 50 of the check's 51 ${P}`,
    async (t) => {
      const { all } = await pool.get(t);
      for (const perPage of [51, 100]) {
        const page = await listPage(t, d, { search: all, per_page: perPage });
        t.assert(
          page.records.length === 50,
          `per_page=${perPage} with 51 matches listed ${page.records.length} ${P}, expected 50 (capped)`,
          page.res,
        );
      }
    },
  );

  check(
    {
      id: `${P}.list.per-page-invalid-400`,
      spec: `docs/requirements.md#measured-lists: per_page=0, -1, abc are 400 rest_invalid_param; docs/requirements.md#levels (should)`,
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'per_page')],
      tags: [],
    },
    `answers 400 to per_page 0, -1 and abc`,
    async (t) => {
      for (const value of ['0', '-1', 'abc']) {
        const res = await t.api.get(`/${P}`, { per_page: value });
        t.expectStatus(res, 400, `GET /${P}?per_page=${value}`);
      }
    },
  );

  check(
    {
      id: `${P}.list.next-url`,
      spec: `docs/requirements.md#measured-lists lists: next_rest_url; docs/requirements.md#pages (should: followable as admin; the original drops search and adds status=any, which it rejects)`,
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'page'), req.param(d.plural, 'search')],
      tags: ['writes'],
    },
    `following next_rest_url of a search serves the search's next page`,
    async (t) => {
      const { three, made } = await pool.get(t);
      const want = made.slice(0, 3).map((r) => r.id as number);
      const first = await listPage(t, d, { search: three, per_page: 2 });
      const next = field(first.res.json, 'next_rest_url');
      if (typeof next !== 'string' || next.length === 0)
        return t.fail(`page 1 of 2 (per_page=2, 3 matches) has no next_rest_url`, first.res);
      const res = await t.api.request({ method: 'GET', url: next });
      t.expectStatus(res, 200, 'GET next_rest_url');
      const got = readList(t, res, P, { what: 'the page at next_rest_url' }).ids;
      t.assert(
        sameIds([...first.ids, ...got], want),
        `page 1 ${showIds(first.ids)} and next_rest_url ${showIds(got)} do not partition the check's ${P} ${showIds(want)}`,
        res,
      );
    },
  );

  check(
    {
      id: `${P}.list.previous-url`,
      spec: `docs/requirements.md#measured-linked-2026-11 lists: previous_rest_url; docs/requirements.md#pages (should: page 1 has none; page 2's names page 1 at the same per_page)`,
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'page'), req.param(d.plural, 'per_page')],
      tags: ['writes'],
    },
    `page 1 of a search carries no previous_rest_url, page 2's names page 1 at the same per_page`,
    async (t) => {
      const { three } = await pool.get(t);
      const first = await listPage(t, d, { search: three, per_page: 2 });
      t.assert(first.records.length === 2, `page 1 (per_page=2, 3 matches) lists ${showIds(first.ids)}`, first.res);
      const before = field(first.res.json, 'previous_rest_url');
      t.assert(
        before === undefined || before === null || before === '',
        `page 1 carries previous_rest_url ${JSON.stringify(before)}, but no page comes before it`,
        first.res,
      );
      const second = await listPage(t, d, { search: three, per_page: 2, page: 2 });
      const prev = field(second.res.json, 'previous_rest_url');
      if (typeof prev !== 'string' || prev.length === 0)
        return t.fail(`page 2 of 2 has no previous_rest_url`, second.res);
      const q = new URL(prev, 'http://x/').searchParams;
      // The original names page 1 without a page parameter (measured on 6.8.0 and 4.6.8).
      const page = q.get('page') ?? '1';
      t.assert(
        page === '1' && q.get('per_page') === '2',
        `page 2's previous_rest_url ${prev} names page=${page}, per_page=${q.get('per_page')}; expected page 1 (or none) and per_page=2`,
        second.res,
      );
    },
  );

  check(
    {
      id: `${P}.list.page-invalid-400`,
      spec: `List ${P}: page (integer); docs/requirements.md#measured-linked-2026-11: page 0, -1, abc, 1.5 are 400 rest_invalid_param (should)`,
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'page')],
      tags: [],
    },
    `answers 400 to page 0, -1, abc and 1.5`,
    async (t) => {
      for (const value of ['0', '-1', 'abc', '1.5']) {
        const res = await t.api.get(`/${P}`, { page: value });
        t.expectStatus(res, 400, `GET /${P}?page=${value}`);
      }
    },
  );
}
