/**
 * Paging of every list, on the target's own records: the crawl learned each list to its end, so
 * pages of any size must partition the same set, `per_page` must give min(N, total), the defaults
 * are 10 and 1, totals agree (should), and a page past the end holds no record.
 */
import { an } from '../../lib/spec/resources.ts';
import { check, type CheckContext, CouldNotJudge } from '../../lib/check/index.ts';
import { field, isInteger, type ApiRecord } from '../../lib/spec/contract.ts';
import type { ApiResponse } from '../../lib/types.ts';
import { pagesToRead, partitionVerdict, quietWindow, tiedByDate } from '../../lib/spec/judge/partition.ts';
import {
  crawlQuery,
  drawable,
  complete,
  diff,
  draw,
  LIST,
  PARAM,
  page,
  replay,
  SAMPLE_PAGES,
  spend,
  type Plural,
  widenBudget,
} from './support.ts';
import { all, countOnSnapshot, pagedRounds } from './readings.ts';

const LEVELS = 'docs/requirements.md#levels per_page, pages, page past the end';
const PLURALS: Plural[] = ['events', 'venues', 'organizers', 'categories', 'tags'];

/** The size a partition is judged on: small enough for a bounded number of pages of a drawn size. */
const SCOPE = 40;
/** Pages of the drawn size the partition check reads at most (per attempt). */
const PARTITION_PAGES = 6;
/** Rounds the partition check reads at most: one more per proven motion of the list. */
const PARTITION_ROUNDS = 3;

/**
 * The list a paging check judges, read fresh by the one list reader with per_page 50: the crawl's
 * query, narrowed for a large events list to a window of whole days around about SCOPE learned
 * events (a large calendar costs what a small one does). The judgement compares the server's
 * answers with each other, read moments apart, not with the crawl made minutes before: a record
 * another client creates or deletes meanwhile is in both or in neither.
 */
async function scopeOf(t: CheckContext, plural: Plural, learnedRecords: ApiRecord[]) {
  let query: Record<string, unknown> = crawlQuery(plural);
  if (plural === 'events') {
    const starts = learnedRecords
      .map((e) => (typeof e.start_date === 'string' ? e.start_date.slice(0, 10) : ''))
      .filter(Boolean)
      .sort();
    // Events that are over hold still on a live site (new events are planned ahead, and that is
    // where other clients write): the window lies among them when there are enough.
    const today = new Date().toISOString().slice(0, 10);
    const past = starts.filter((d) => d < today);
    const pool = past.length >= PAST_ENOUGH ? past.slice(0, -1) : starts;
    if (pool !== starts || starts.length > SCOPE) {
      const from = draw(t).int(0, Math.max(0, pool.length - SCOPE));
      query = { start_date: pool[from], end_date: pool[Math.min(pool.length - 1, from + SCOPE - 1)] };
    }
  }
  // A list longer than a bounded sample is read whole with per_page 50 (its pages of the drawn
  // size are then judged on a sample): the request budget bounds it, never n/a.
  const got = await all(t, t.api, plural, query, {
    maxPages: Math.max(SAMPLE_PAGES, Math.ceil(learnedRecords.length / 50) + 2),
  });
  if (!got.complete)
    throw new CouldNotJudge(
      `the suite could not judge: GET /${plural} with ${JSON.stringify(query)} holds more records than the pages read (${got.ids.length}); raise --max-requests`,
      'request-budget',
    );
  return { ...got, query };
}

/**
 * Records the original may shuffle between pages: those whose post `date` another record of the
 * list shares (venues and organizers, measured: docs/requirements.md#levels pages). A record that
 * shows no date in the list is read by ID (up to DATE_READS of them) for it; a record whose date
 * is nowhere shown shares none, so it is judged.
 */
async function excusedTies(t: CheckContext, plural: Plural, records: readonly ApiRecord[]): Promise<Set<number>> {
  if (plural !== 'venues' && plural !== 'organizers') return new Set();
  const dated: Array<{ id: number; date?: unknown }> = [];
  let reads = 0;
  for (const r of records) {
    if (typeof r?.date === 'string' && r.date) {
      dated.push(r);
      continue;
    }
    if (reads >= DATE_READS) continue;
    reads++;
    spend(t);
    const res = await t.api.get(`/${plural}/${r.id}`);
    const date = (res.json as ApiRecord | undefined)?.date;
    if (res.status >= 200 && res.status < 300 && typeof date === 'string' && date) dated.push({ id: r.id, date });
  }
  return tiedByDate(dated);
}

/** Records without a date in the list that the partition check reads by ID at most. */
const DATE_READS = 12;

/** Past events enough to page through (a window among them, the last past day left out). */
const PAST_ENOUGH = 6;

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
    `pages of a drawn size partition the ${plural} list: no overlap, no gap`,
    async (t) => {
      // The snapshot's records only place the window: the partition is judged on fresh reads.
      const l = await drawable(t, plural);
      const learnedRecords: ApiRecord[] = l[plural];
      if ((l.lists[plural]?.length ?? learnedRecords.length) < 2)
        t.na(`the snapshot holds ${learnedRecords.length} ${plural}: no second page to compare`);
      // Judged on a round whose list, read before and after its pages, holds the same records. A
      // round whose two readings differ is read again only when each difference is proven by its
      // read by ID (lib/spec/judge/count.ts motionOf); an unproven one fails.
      widenBudget(t, learnedRecords.length > SAMPLE_PAGES * 50 ? 3 + Math.ceil(learnedRecords.length / 150) : 3);
      const first = await scopeOf(t, plural, learnedRecords);
      const verdict = await pagedRounds(t, plural, first, PARTITION_ROUNDS, {
        // One round: the pages of a drawn size, then the list again.
        read: async (whole) => {
          const n = whole.ids.length;
          const d = draw(t);
          // Every page of the drawn size while that is at most PARTITION_PAGES pages of 50 or less;
          // a longer list any size, judged on a sample of its pages.
          const lo = n <= 50 * PARTITION_PAGES ? Math.ceil(n / PARTITION_PAGES) : 1;
          const k = d.int(Math.max(1, lo), Math.min(50, n - 1));
          const last = Math.ceil(n / k);
          const pages = new Map<number, number[]>();
          for (const p of pagesToRead(n, k, PARTITION_PAGES, d.int(3, Math.max(3, last - 2)))) {
            // A page after the first may be the documented 404 when the list shrank meanwhile.
            const got = await page(t, t.api, plural, { ...whole.query, per_page: k, page: p }, { pastEnd: p > 1 });
            pages.set(p, got.ids);
          }
          const after = await all(t, t.api, plural, whole.query, { maxPages: Math.ceil(n / 50) + 2 });
          return {
            after: { ...after, query: whole.query },
            judge: async () =>
              partitionVerdict({
                list: whole.ids,
                perPage: k,
                pages,
                excused: await excusedTies(t, plural, whole.records),
              }),
          };
        },
        // After a proven motion, for events: the widest part of the window no moved event touches
        // (a query chosen, judged afresh on two readings like any round).
        next: async (whole, after) => {
          if (plural !== 'events') return after;
          const before = new Set(whole.ids);
          const now = new Set(after.ids);
          const moved = [
            ...whole.records.filter((r) => !now.has(r.id)),
            ...after.records.filter((r) => !before.has(r.id)),
          ];
          const quiet = quietWindow(
            after.records.filter((r) => before.has(r.id)),
            moved,
          );
          if (!quiet) return after;
          const narrowed = await all(t, t.api, plural, quiet, { maxPages: Math.ceil(whole.ids.length / 50) + 2 });
          return { ...narrowed, query: quiet };
        },
      });
      t.assert(!verdict, `${verdict}; ${replay(t)}`);
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
      const n = l.lists[plural]?.length ?? l[plural].length;
      if (n === 0) t.na(`the snapshot holds no ${plural}`);
      const d = draw(t);
      const sizes = [...new Set([1, Math.min(50, n), d.int(1, 50), d.int(1, 50)])];
      // A wrong reading is read again only on proven motion (lib/spec/judge/count.ts).
      widenBudget(t, 3);
      for (const k of sizes) {
        let res: ApiResponse | undefined;
        const v = await countOnSnapshot(t, plural, async () => {
          const read = await page(t, t.api, plural, { ...crawlQuery(plural), per_page: k });
          res = read.res;
          return (m) =>
            read.ids.length === Math.min(k, m)
              ? ''
              : `per_page ${k} listed ${read.ids.length} ${plural}, expected min(${k}, ${m}) = ${Math.min(k, m)}`;
        });
        t.assert(!v.wrong, `${v.wrong || `per_page ${k} listed min(${k}, ${v.count}) ${plural}`}; ${replay(t)}`, res);
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
      const n = l.lists[plural]?.length ?? l[plural].length;
      if (n === 0) t.na(`the snapshot holds no ${plural}`);
      widenBudget(t, 2);
      let res: ApiResponse | undefined;
      const v = await countOnSnapshot(t, plural, async () => {
        const plain = await page(t, t.api, plural, crawlQuery(plural));
        const first = await page(t, t.api, plural, { ...crawlQuery(plural), page: 1, per_page: 10 });
        res = plain.res;
        const d = diff(first.ids, plain.ids);
        const size = (m: number) =>
          plain.ids.length !== Math.min(10, m)
            ? `the list without per_page holds ${plain.ids.length} ${plural}, expected min(10, ${m}) = ${Math.min(10, m)}`
            : '';
        // The page size is one answer's: judged as such (rule `flaky`), whatever the other says.
        return Object.assign(
          (m: number) => size(m) || (d ? `the list without page/per_page differs from page=1&per_page=10: ${d}` : ''),
          { single: size },
        );
      });
      t.assert(!v.wrong, `${v.wrong || `page 1 of 10 ${plural}`}; ${replay(t)}`, res);
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
      const n = l.lists[plural]?.length ?? l[plural].length;
      if (n === 0) t.na(`the snapshot holds no ${plural}`);
      // The crawl read past a short page its totals contradicted (rule `totals`): a finding.
      const route = l.routes.find((r) => r.route === `GET /${plural}`);
      t.assert(!route?.short, `the crawl's ${route?.short}; ${route?.fewer ?? ''}`);
      const k = draw(t).int(1, 50);
      let res: ApiResponse | undefined;
      const v = await countOnSnapshot(t, plural, async () => {
        const got = await page(t, t.api, plural, { ...crawlQuery(plural), per_page: k });
        res = got.res;
        const total = field(got.body, 'total');
        const totalPages = field(got.body, 'total_pages');
        return (m) =>
          total !== m
            ? `total is ${JSON.stringify(total)}, the list holds ${m} ${plural}`
            : totalPages === Math.ceil(m / k)
              ? ''
              : `total_pages is ${JSON.stringify(totalPages)} for per_page ${k}, expected ${Math.ceil(m / k)}`;
      });
      t.assert(!v.wrong, `${v.wrong || `total ${v.count}`}; ${replay(t)}`, res);
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
      const l = await drawable(t, plural);
      const k = draw(t).int(1, 50);
      let res: ApiResponse | undefined;
      let past = 0;
      const pastEnd = async (m: number) => {
        past = Math.ceil(m / k) + 2;
        const at = past;
        const got = await page(t, t.api, plural, { ...crawlQuery(plural), per_page: k, page: at }, { pastEnd: true });
        res = got.res;
        // Past the end of any count whose last page lies before it.
        return (n: number) =>
          got.ids.length && Math.ceil(n / k) < at
            ? `page ${at} of per_page ${k} (${n} ${plural}) lists ${got.ids.length} records`
            : '';
      };
      const route = l.routes.find((r) => r.route === `GET /${plural}`);
      // Two pages past the end of the list the snapshot counted (or a count proven since); a
      // crawl cut short by an incoherent list: past the total of a fresh first page, read once.
      let v: { wrong: string };
      if (route?.complete) v = await countOnSnapshot(t, plural, pastEnd);
      else {
        const first = await page(t, t.api, plural, { ...crawlQuery(plural), per_page: 50 });
        const total = field(first.body, 'total');
        if (!isInteger(total))
          t.blocked(`the crawl did not read GET /${plural} to its end and its first page gives no total`, first.res);
        const n = Math.max(l[plural].length, total as number);
        v = { wrong: (await pastEnd(n))(n) };
      }
      t.assert(!v.wrong, `${v.wrong || `page ${past} of per_page ${k} lists no record`}; ${replay(t)}`, res);
    },
  );
}
