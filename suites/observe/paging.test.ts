/**
 * Paging of every list, on the target's own records: the crawl learned each list to its end, so
 * pages of any size must partition the same set, `per_page` must give min(N, total), the defaults
 * are 10 and 1, totals agree (should), and a page past the end holds no record.
 */
import { an } from '../../lib/spec/resources.ts';
import { check, type CheckContext, CouldNotJudge } from '../../lib/check/index.ts';
import { field, isInteger, sameIds, type ApiRecord } from '../../lib/spec/contract.ts';
import { pagesToRead, partitionVerdict, tiedByDate } from './partition.ts';
import { quietWindow } from '../../lib/spec/oracle/quiet.ts';
import { judgeOnStableView } from '../../lib/spec/oracle/stable.ts';
import {
  all,
  complete,
  drawable,
  diff,
  draw,
  LIST,
  PARAM,
  page,
  replay,
  SAMPLE_PAGES,
  spend,
  WIDE_WINDOW,
  type Page,
  type Plural,
  widenBudget,
} from './support.ts';

const LEVELS = 'docs/requirements.md#levels per_page, pages, page past the end';
const PLURALS: Plural[] = ['events', 'venues', 'organizers', 'categories', 'tags'];

/** The query the crawl used for a list (so the learned set is the expected set). */
export function baseQuery(plural: Plural): Record<string, unknown> {
  if (plural === 'events') return { ...WIDE_WINDOW };
  if (plural === 'categories' || plural === 'tags') return { hide_empty: 0 };
  return {};
}

/** The list's size now (read with per_page 50 to its end), or null when it has more than a sample. */
async function freshCount(t: CheckContext, plural: Plural): Promise<number | null> {
  const now = await all(t, t.api, plural, baseQuery(plural));
  return now.complete ? now.ids.length : null;
}

/** The list changed during every round of a stable-view judgement: unjudged, never failed. */
function unstable(plural: Plural, rounds: number): CouldNotJudge {
  return new CouldNotJudge(
    `the suite could not judge: GET /${plural} changed during each of ${rounds} counts (another client writing)`,
    'transient',
  );
}

/** The size a partition is judged on: small enough for a bounded number of pages of a drawn size. */
const SCOPE = 40;
/** Pages of the drawn size the partition check reads at most (per attempt). */
const PARTITION_PAGES = 6;
/** Rounds the partition check reads at most before a stable one (the list read the same before and after). */
const PARTITION_ATTEMPTS = 4;

/**
 * The list a paging check judges, read fresh by the one list reader with per_page 50: the crawl's
 * query, narrowed for a large events list to a window of whole days around about SCOPE learned
 * events (a large calendar costs what a small one does). The judgement compares the server's
 * answers with each other, read moments apart, not with the crawl made minutes before: a record
 * another client creates or deletes meanwhile is in both or in neither.
 */
async function scopeOf(t: CheckContext, plural: Plural, learnedRecords: ApiRecord[]) {
  let query: Record<string, unknown> = baseQuery(plural);
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
  return { query, ids: got.ids, records: got.records, res: got.res };
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
      // The learned records only place the window: the partition is judged on fresh reads.
      const l = await drawable(t, plural);
      const learnedRecords: ApiRecord[] = l[plural];
      // Judged on a stable view only: the scope read before and after the pages holds the same
      // records. A record another client creates or deletes meanwhile shifts the pages (a repeat,
      // a gap) without any fault of the server: such a round is read again, PARTITION_ATTEMPTS
      // times at most, and a list that never holds still is unjudged, never failed.
      widenBudget(t, learnedRecords.length > SAMPLE_PAGES * 50 ? 3 + Math.ceil(learnedRecords.length / 150) : 3);
      let whole = await scopeOf(t, plural, learnedRecords);
      let verdict: string | null = null;
      for (let attempt = 1; attempt <= PARTITION_ATTEMPTS && verdict === null; attempt++) {
        const n = whole.ids.length;
        if (n < 2)
          t.na(`GET /${plural} with ${JSON.stringify(whole.query)} lists ${n} ${plural}: no second page to compare`);
        const d = draw(t);
        // Every page of the drawn size while that is at most PARTITION_PAGES pages of 50 or less;
        // a longer list any size, judged on a sample of its pages.
        const lo = n <= 50 * PARTITION_PAGES ? Math.ceil(n / PARTITION_PAGES) : 1;
        const k = d.int(Math.max(1, lo), Math.min(50, n - 1));
        const last = Math.ceil(n / k);
        const read = pagesToRead(n, k, PARTITION_PAGES, d.int(3, Math.max(3, last - 2)));
        const pages = new Map<number, number[]>();
        for (const p of read) {
          // A page after the first may be the documented 404 when another client's deletion
          // shrank the list meanwhile: the read after the pages then differs and the round is
          // read again; on a list that held still, the records it should hold are missing.
          const got = await page(t, t.api, plural, { ...whole.query, per_page: k, page: p }, { pastEnd: p > 1 });
          pages.set(p, got.ids);
        }
        const after = await all(t, t.api, plural, whole.query, { maxPages: Math.ceil(n / 50) + 2 });
        if (sameIds(whole.ids, after.ids))
          verdict =
            partitionVerdict({
              list: whole.ids,
              perPage: k,
              pages,
              excused: await excusedTies(t, plural, whole.records),
            }) ?? '';
        if (verdict === null && plural === 'events') {
          // The two readings differ: the records in one of them only moved. The next round reads
          // the widest part of the window no moved event touches (lib/spec/oracle/quiet.ts),
          // judged afresh on two readings like any round.
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
          if (quiet) {
            const narrowed = await all(t, t.api, plural, quiet, { maxPages: Math.ceil(n / 50) + 2 });
            whole = { query: quiet, ids: narrowed.ids, records: narrowed.records, res: narrowed.res as Page['res'] };
            continue;
          }
        }
        whole = { ...whole, ids: after.ids, records: after.records, res: after.res as Page['res'] };
      }
      if (verdict === null)
        throw new CouldNotJudge(
          `the suite could not judge: GET /${plural} with ${JSON.stringify(whole.query)} changed during each of ${PARTITION_ATTEMPTS} paged reads (another client writing)`,
          'transient',
        );
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
      let n = l[plural].length;
      if (n === 0) t.na(`the target has no ${plural}`);
      const d = draw(t);
      const sizes = [...new Set([1, Math.min(50, n), d.int(1, 50), d.int(1, 50)])];
      // Up to 3 rounds of 3 reads per size while another client writes: three shares of the budget.
      widenBudget(t, 3);
      for (const k of sizes) {
        // Judged on a stable view when another client may be writing (lib/spec/oracle/stable.ts).
        let got: Page | undefined;
        const verdict = await judgeOnStableView({
          count: n,
          read: async () => {
            const read = await page(t, t.api, plural, { ...baseQuery(plural), per_page: k });
            got = read;
            return (m) =>
              read.ids.length === Math.min(k, m)
                ? ''
                : `per_page ${k} listed ${read.ids.length} ${plural}, expected min(${k}, ${m}) = ${Math.min(k, m)}`;
          },
          recount: () => freshCount(t, plural),
          countable: (m) => m <= 50,
        });
        if (!verdict.judged) throw unstable(plural, verdict.rounds);
        n = verdict.count;
        t.assert(
          !verdict.wrong,
          `${verdict.wrong || `per_page ${k} listed min(${k}, ${n}) ${plural}`}; ${replay(t)}`,
          got?.res,
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
      // Judged on a stable view when another client may be writing (lib/spec/oracle/stable.ts).
      // Beyond 50 records min(10, n) cannot move by a few, but which records page 1 holds can:
      // that list is read again without counting.
      widenBudget(t, 2);
      let res: Page['res'] | undefined;
      const verdict = await judgeOnStableView({
        count: n,
        read: async () => {
          const plain = await page(t, t.api, plural, baseQuery(plural));
          const first = await page(t, t.api, plural, { ...baseQuery(plural), page: 1, per_page: 10 });
          res = plain.res;
          const d = diff(first.ids, plain.ids);
          return (m) =>
            plain.ids.length !== Math.min(10, m)
              ? `the list without per_page holds ${plain.ids.length} ${plural}, expected min(10, ${m}) = ${Math.min(10, m)}`
              : d
                ? `the list without page/per_page differs from page=1&per_page=10: ${d}`
                : '';
        },
        recount: () => freshCount(t, plural),
        countable: (m) => m <= 50,
      });
      if (!verdict.judged) throw unstable(plural, verdict.rounds);
      const wrong = verdict.wrong;
      t.assert(!wrong, `${wrong || `page 1 of 10 ${plural}`}; ${replay(t)}`, res);
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
      let n = l[plural].length;
      if (n === 0) t.na(`the target has no ${plural}`);
      const k = draw(t).int(1, 50);
      const got = await page(t, t.api, plural, { ...baseQuery(plural), per_page: k });
      // Another client's record created or deleted since the crawl moves the total: count afresh.
      if (field(got.body, 'total') !== n && n <= 50) n = (await freshCount(t, plural)) ?? n;
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
      // The list's size: the crawl's count when it read the list to its end, else the total of a
      // fresh first page (a crawl cut short by an incoherent list).
      const l = await drawable(t, plural);
      const route = l.routes.find((r) => r.route === `GET /${plural}`);
      let n = l[plural].length;
      if (!route?.complete) {
        const first = await page(t, t.api, plural, { ...baseQuery(plural), per_page: 50 });
        const total = field(first.body, 'total');
        if (!isInteger(total))
          t.blocked(`the crawl did not read GET /${plural} to its end and its first page gives no total`, first.res);
        n = Math.max(n, total as number);
      }
      const k = draw(t).int(1, 50);
      // Two pages past the end; when that page lists records, the list may have grown since
      // (another client's records): it is counted afresh and a page past the new end read once.
      let past = Math.ceil(n / k) + 2;
      let got = await page(t, t.api, plural, { ...baseQuery(plural), per_page: k, page: past }, { pastEnd: true });
      if (got.ids.length) {
        const first = await page(t, t.api, plural, { ...baseQuery(plural), per_page: 50 });
        const total = field(first.body, 'total');
        const now = isInteger(total) ? total : ((await freshCount(t, plural)) ?? n);
        if (now > n) {
          n = now;
          past = Math.ceil(n / k) + 2;
          got = await page(t, t.api, plural, { ...baseQuery(plural), per_page: k, page: past }, { pastEnd: true });
        }
      }
      t.assert(
        got.ids.length === 0,
        `page ${past} of per_page ${k} (${n} ${plural}) lists ${got.ids.length} records; ${replay(t)}`,
        got.res,
      );
    },
  );
}
