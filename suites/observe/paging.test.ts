/**
 * Paging of every list, on the target's own records: the crawl learned each list to its end, so
 * pages of any size must partition the same set, `per_page` must give min(N, total), the defaults
 * are 10 and 1, totals agree (should), and a page past the end holds no record.
 */
import { an } from '../../lib/resources.ts';
import { check } from '../../lib/check.ts';
import { field, type ApiRecord } from '../../lib/contract.ts';
import { checkBudget } from '../../lib/observe/crawl.ts';
import { complete, diff, draw, LIST, PARAM, page, replay, show, WIDE_WINDOW, type Plural } from './support.ts';

const LEVELS = 'docs/requirements.md#levels per_page, pages, page past the end';
const PLURALS: Plural[] = ['events', 'venues', 'organizers', 'categories', 'tags'];

/** The query the crawl used for a list (so the learned set is the expected set). */
export function baseQuery(plural: Plural): Record<string, unknown> {
  if (plural === 'events') return { ...WIDE_WINDOW };
  if (plural === 'categories' || plural === 'tags') return { hide_empty: 0 };
  return {};
}

for (const plural of PLURALS) {
  const reqs = [LIST(plural), PARAM(plural, 'page'), PARAM(plural, 'per_page')];

  check(
    {
      id: `observe.${plural}-list.pages-partition`,
      spec: `Lists: page, per_page; ${LEVELS}`,
      level: 'must',
      requirements: reqs,
      tags: ['observe'],
    },
    `pages of a drawn size partition the learned ${plural}: no overlap, no gap`,
    async (t) => {
      const l = await complete(t, plural);
      const learned: ApiRecord[] = l[plural];
      const n = learned.length;
      if (n < 2) t.na(`the target has ${n} ${plural}: no second page to compare`);
      if (plural === 'venues' || plural === 'organizers') {
        const dates = learned.map((r) => r?.date);
        if (new Set(dates).size < dates.length)
          t.na(`some learned ${plural} share a post date: the original orders such ties differently on each page`);
      }
      const cap = checkBudget(t.config.maxRequests) - 2;
      const min = Math.max(1, Math.ceil(n / cap));
      const max = Math.min(50, n - 1);
      if (min > max) t.na(`${n} ${plural} need more pages than this check's request budget allows`);
      const k = draw(t).int(min, max);
      const seen: number[] = [];
      const pages = Math.ceil(n / k);
      for (let p = 1; p <= pages; p++) {
        const got = await page(t, t.api, plural, { ...baseQuery(plural), per_page: k, page: p });
        const dup = got.ids.filter((id) => seen.includes(id));
        t.assert(
          !dup.length,
          `page ${p} (per_page ${k}) repeats ${show(dup)} from earlier pages; ${replay(t)}`,
          got.res,
        );
        seen.push(...got.ids);
      }
      const d = diff(
        learned.map((r) => r.id),
        seen,
      );
      t.assert(!d, `pages 1..${pages} of per_page ${k} do not hold the ${n} learned ${plural}: ${d}; ${replay(t)}`);
    },
  );

  check(
    {
      id: `observe.${plural}-list.per-page`,
      spec: `Lists: per_page; ${LEVELS}`,
      level: 'must',
      requirements: [LIST(plural), PARAM(plural, 'per_page')],
      tags: ['observe'],
    },
    `per_page N (1..50) gives min(N, total) ${plural}`,
    async (t) => {
      const l = await complete(t, plural);
      const n = l[plural].length;
      if (n === 0) t.na(`the target has no ${plural}`);
      const d = draw(t);
      const sizes = [...new Set([1, Math.min(50, n), d.int(1, 50), d.int(1, 50)])];
      for (const k of sizes) {
        const got = await page(t, t.api, plural, { ...baseQuery(plural), per_page: k });
        t.assert(
          got.ids.length === Math.min(k, n),
          `per_page ${k} listed ${got.ids.length} ${plural}, expected min(${k}, ${n}) = ${Math.min(k, n)}; ${replay(t)}`,
          got.res,
        );
      }
    },
  );

  check(
    {
      id: `observe.${plural}-list.defaults`,
      spec: `Lists: page, per_page defaults; ${LEVELS}`,
      level: 'must',
      requirements: [LIST(plural), PARAM(plural, 'per_page'), PARAM(plural, 'page')],
      tags: ['observe'],
    },
    `without page and per_page ${an(plural)} list is page 1 of 10`,
    async (t) => {
      const l = await complete(t, plural);
      const n = l[plural].length;
      if (n === 0) t.na(`the target has no ${plural}`);
      const plain = await page(t, t.api, plural, baseQuery(plural));
      t.assert(
        plain.ids.length === Math.min(10, n),
        `the list without per_page holds ${plain.ids.length} ${plural}, expected min(10, ${n}) = ${Math.min(10, n)}`,
        plain.res,
      );
      const first = await page(t, t.api, plural, { ...baseQuery(plural), page: 1, per_page: 10 });
      const d = diff(first.ids, plain.ids);
      t.assert(!d, `the list without page/per_page differs from page=1&per_page=10: ${d}`, plain.res);
    },
  );

  check(
    {
      id: `observe.${plural}-list.totals`,
      spec: `docs/requirements.md#pages (should: total, total_pages right)`,
      level: 'should',
      requirements: [LIST(plural), PARAM(plural, 'per_page')],
      tags: ['observe'],
    },
    `total and total_pages of the ${plural} list agree with the learned records`,
    async (t) => {
      const l = await complete(t, plural);
      const n = l[plural].length;
      if (n === 0) t.na(`the target has no ${plural}`);
      const k = draw(t).int(1, 50);
      const got = await page(t, t.api, plural, { ...baseQuery(plural), per_page: k });
      const total = field(got.body, 'total');
      const totalPages = field(got.body, 'total_pages');
      t.assert(total === n, `total is ${JSON.stringify(total)}, learned ${n} ${plural}`, got.res);
      t.assert(
        totalPages === Math.ceil(n / k),
        `total_pages is ${JSON.stringify(totalPages)} for per_page ${k}, expected ${Math.ceil(n / k)}`,
        got.res,
      );
    },
  );

  check(
    {
      id: `observe.${plural}-list.past-the-end`,
      spec: `Lists: page; ${LEVELS}`,
      level: 'must',
      requirements: [LIST(plural), PARAM(plural, 'page')],
      tags: ['observe'],
    },
    `a page past the last ${plural} page holds no record`,
    async (t) => {
      const l = await complete(t, plural);
      const n = l[plural].length;
      const k = draw(t).int(1, 50);
      const past = Math.ceil(n / k) + 1;
      const res = await t.api.get(`/${plural}`, { ...baseQuery(plural), per_page: k, page: past });
      if (res.status >= 400 && res.status < 500) return;
      t.expectStatus(res, '2xx', `GET /${plural} page ${past} (past the end)`);
      const records = field(t.json(res), plural);
      t.assert(
        Array.isArray(records) && records.length === 0,
        `page ${past} of per_page ${k} (${n} ${plural}) lists ${Array.isArray(records) ? records.length : 'no array of'} records`,
        res,
      );
    },
  );
}
