/**
 * The observation crawl: learns a target's own records by reading every list route to its end
 * (or to a per-route page cap, or to the request budget), without writing anything. Observation
 * checks (suites/observe/) draw their values from what it learned and compare the target's
 * filtered lists with what the learned records say.
 *
 * The crawl reads every list twice, one reading after the other: the learned records are the
 * snapshot a read-only run judges (lib/spec/judge/snapshot.ts: a record is in it only when both
 * readings agree on what holds still; the others are out of every sample, and counted). It
 * believes `total`, `total_pages` and `next_rest_url` (lib/spec/judge/totals.ts): a short page
 * they contradict is read past, and the list read again at the page size the server served.
 *
 * Done once per run: the runner crawls before the observation checks start (so every worker sees
 * the same data, and the crawl's requests are counted once) and hands the result to the workers
 * through vitest's `provide` as shared memory (`share`/`unshare`); a worker that was given none
 * (e.g. a `--grep` run) crawls itself, once, cached on the run tag. Pure of vitest: it only needs
 * two clients.
 */
import type { Client } from './client.ts';
import type { ApiResponse } from '../types.ts';
import { capped, readPages, type ApiRecord } from '../spec/contract.ts';
import { agreeOn, agreeOnIds, setAsideBound } from '../spec/judge/snapshot.ts';
import { fewerLine } from '../spec/judge/totals.ts';

export type Plural = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
const PLURALS: readonly Plural[] = ['events', 'venues', 'organizers', 'categories', 'tags'];

/** The window the events crawl asks for: wide enough for any real calendar. */
export const WIDE_WINDOW = { start_date: '2000-01-01 00:00:00', end_date: '2099-12-31 23:59:59' } as const;
/** Page size of the crawl (the largest every variant honours). */
const CRAWL_PER_PAGE = 50;
/** Pages per route at most (50 x 200 = 10,000 records). */
const ROUTE_PAGE_CAP = 200;

/** The query the crawl reads a list with (so its records are the whole candidate set): events in WIDE_WINDOW, terms used or not. */
export function crawlQuery(plural: Plural): Record<string, unknown> {
  if (plural === 'events') return { ...WIDE_WINDOW };
  if (plural === 'categories' || plural === 'tags') return { hide_empty: 0 };
  return {};
}

export interface CrawlProblem {
  route: string;
  url: string;
  status: number;
  message: string;
  excerpt: string;
}

export interface RouteCrawl {
  /** `GET /events` (authenticated view) or `GET /events (anonymous)`. */
  route: string;
  pages: number;
  records: number;
  /** `total` of the first page, when the server gave one. */
  total: number | null;
  /** Read to the end (no cap, no budget stop, no problem). */
  complete: boolean;
  /** Why the route stopped before its end without a problem of the target: its request budget, or the page cap. */
  stopped?: 'budget' | 'cap';
  /** A short page its totals contradicted (read past: rule `totals`), a should finding. */
  short?: string;
  /** The route learned fewer records than its `total` names. */
  fewer?: string;
}

/** What the crawl learned. Records are the server's JSON as it answered them. */
export interface Learned {
  key: string;
  variant: 'base' | 'extended';
  /** Whether the main view was read with credentials. */
  authenticated: boolean;
  events: ApiRecord[];
  venues: ApiRecord[];
  organizers: ApiRecord[];
  categories: ApiRecord[];
  tags: ApiRecord[];
  /** IDs an anonymous caller sees in each list (only when `authenticated`). */
  anonymous: Partial<Record<Plural, number[]>>;
  routes: RouteCrawl[];
  problems: CrawlProblem[];
  requests: number;
  budget: number;
  /** Every route read to its end. */
  complete: boolean;
  /** When the crawl started (ISO); the default window is computed from it. */
  at: string;
  /**
   * IDs out of every sample: records the two readings disagreed on (changed, or in the first
   * only) and those in the second only (arrived between them). The lists above hold the others.
   */
  excluded: Partial<Record<Plural, number[]>>;
  /** Each authenticated list's IDs as its second reading listed them (its size is the snapshot's count). */
  lists: Partial<Record<Plural, number[]>>;
  /** The snapshot's counts (lib/spec/judge/snapshot.ts). */
  snapshot: { records: number; differing: number; arrived: number; bound: number };
}

/** The report header's summary of a crawl (`header.observed`). */
export interface ObservedSummary {
  events: number;
  venues: number;
  organizers: number;
  categories: number;
  tags: number;
  /** Events the authenticated view showed that are not published (drafts, pending, private). */
  unpublished: number;
  requests: number;
  budget: number;
  complete: boolean;
  problems: number;
  /** Routes cut short by the crawl's request budget, and by the page cap (absent in older reports). */
  budgetStops?: number;
  capStops?: number;
  /** Routes that learned fewer records than their `total` names (rule `totals`), as sentences. */
  fewerThanTotal?: string[];
  /** The snapshot's counts (the report moves them to `header.snapshot`). */
  snapshot?: Learned['snapshot'];
}

export function summarize(l: Learned): ObservedSummary {
  return {
    events: l.events.length,
    venues: l.venues.length,
    organizers: l.organizers.length,
    categories: l.categories.length,
    tags: l.tags.length,
    unpublished: l.events.filter((e) => e?.status !== undefined && e.status !== 'publish').length,
    requests: l.requests,
    budget: l.budget,
    complete: l.complete,
    problems: l.problems.length,
    budgetStops: l.routes.filter((r) => r.stopped === 'budget').length,
    capStops: l.routes.filter((r) => r.stopped === 'cap').length,
    ...(l.routes.some((r) => r.fewer) ? { fewerThanTotal: l.routes.flatMap((r) => (r.fewer ? [r.fewer] : [])) } : {}),
    snapshot: l.snapshot,
  };
}

/**
 * The learned data as the runner hands it to the workers. vitest copies every provided value into
 * each test file's task (about 100 per run): 900 events are 2.3 MB of records, cloned 100 times
 * (about 2 s of CPU on the runner's thread, the cost that made a large calendar's read-only run
 * slower than a small one's). The records travel as JSON text in a SharedArrayBuffer, which every
 * worker thread sees without a copy, and a worker decodes them once, when its first observation
 * check asks (files of other route groups never do).
 */
export interface SharedLearned {
  key: string;
  /** `JSON.stringify(learned)`, UTF-8. */
  json: SharedArrayBuffer;
}

export function share(l: Learned): SharedLearned {
  const bytes = new TextEncoder().encode(JSON.stringify(l));
  const json = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(json).set(bytes);
  return { key: l.key, json };
}

export function unshare(s: SharedLearned): Learned {
  return JSON.parse(new TextDecoder().decode(new Uint8Array(s.json))) as Learned;
}

export function crawlKey(cfg: { runTag: string; baseUrl: string; namespace: string; pass?: number }): string {
  return `${cfg.runTag} ${cfg.baseUrl} ${cfg.namespace}${cfg.pass ? ` pass ${cfg.pass}` : ''}`;
}

/** The part of the run's request budget the crawl may spend (the checks share the rest). */
export function crawlBudget(maxRequests: number): number {
  return Math.max(10, Math.floor(maxRequests * 0.4));
}

/** The requests one observation check may send. */
export function checkBudget(maxRequests: number): number {
  return Math.max(4, Math.floor((maxRequests * 0.5) / 100));
}

interface CrawlOptions {
  key: string;
  variant: 'base' | 'extended';
  authenticated: boolean;
  budget: number;
  /** Page size (tests use small ones); default CRAWL_PER_PAGE. */
  perPage?: number;
}

function excerptOf(res: ApiResponse): string {
  return res.text.slice(0, 300);
}

/** Readings of one list route the crawl takes at most for a coherent one (no record on two pages). */
const CRAWL_READINGS = 3;

/**
 * The snapshot: every list route read twice (readOnce), the records the two readings agree on
 * kept (lib/spec/judge/snapshot.ts). The second reading's problems and stops are the route's.
 */
export async function crawl(api: Client, anon: Client, opts: CrawlOptions): Promise<Learned> {
  const first = await readOnce(api, anon, opts);
  const second = await readOnce(api, anon, { ...opts, budget: Math.max(0, opts.budget - first.requests) });
  return snapshotOf(first, second);
}

/** The snapshot of two readings of the lists. Pure. */
export function snapshotOf(first: Learned, second: Learned): Learned {
  const out: Learned = {
    ...second,
    requests: first.requests + second.requests,
    budget: first.budget,
    // A problem of either reading is the target's (a list it could not answer twice alike).
    problems: [...first.problems, ...second.problems.filter((p) => !first.problems.some((q) => q.route === p.route))],
    routes: second.routes.map((r) => {
      const before = first.routes.find((x) => x.route === r.route);
      return before && !before.complete
        ? { ...r, complete: false, ...(before.stopped ? { stopped: before.stopped } : {}) }
        : r;
    }),
    excluded: {},
    lists: {},
    anonymous: {},
  };
  let records = 0;
  let differing = 0;
  let arrived = 0;
  for (const plural of PLURALS) {
    const split = agreeOn(first[plural], second[plural]);
    out[plural] = split.kept;
    out.lists[plural] = second[plural].map((r) => r?.id).filter((id) => Number.isInteger(id));
    const anon =
      first.anonymous[plural] && second.anonymous[plural]
        ? agreeOnIds(first.anonymous[plural], second.anonymous[plural])
        : null;
    if (anon) out.anonymous[plural] = anon.kept.filter((id) => !split.differing.includes(id));
    const excluded = [...new Set([...split.differing, ...split.arrived, ...(anon?.moved ?? [])])];
    if (excluded.length) out.excluded[plural] = excluded;
    records += split.kept.length;
    differing += split.differing.length;
    arrived += split.arrived.length;
  }
  out.complete = out.problems.length === 0 && out.routes.every((r) => r.complete);
  out.snapshot = { records, differing, arrived, bound: setAsideBound(records) };
  return out;
}

/**
 * Reads every list route page by page, once. `api` carries the credentials (or none), `anon`
 * never does. Stops a route at its last page, at ROUTE_PAGE_CAP pages, or when the budget is spent.
 */
async function readOnce(api: Client, anon: Client, opts: CrawlOptions): Promise<Learned> {
  const perPage = opts.perPage ?? CRAWL_PER_PAGE;
  const learned: Learned = {
    key: opts.key,
    variant: opts.variant,
    authenticated: opts.authenticated,
    events: [],
    venues: [],
    organizers: [],
    categories: [],
    tags: [],
    anonymous: {},
    routes: [],
    problems: [],
    requests: 0,
    budget: opts.budget,
    complete: true,
    at: new Date().toISOString(),
    excluded: {},
    lists: {},
    snapshot: { records: 0, differing: 0, arrived: 0, bound: 1 },
  };
  const readRoute = async (client: Client, plural: Plural, label: string): Promise<ApiRecord[] | null> => {
    const query = crawlQuery(plural);
    const route: RouteCrawl = { route: label, pages: 0, records: 0, total: null, complete: false };
    learned.routes.push(route);
    let url = `/${plural}`;
    const read = (size = perPage) =>
      readPages(
        async (page) => {
          learned.requests++;
          const res = await client.get(`/${plural}`, { ...query, per_page: size, page });
          url = res.exchange.url;
          return res;
        },
        plural,
        {
          variant: opts.variant,
          perPage: size,
          maxPages: ROUTE_PAGE_CAP,
          more: () => learned.requests < opts.budget,
          what: label,
          believe: true,
        },
      );
    const problem = (status: number, message: string, excerpt: string) => {
      learned.problems.push({ route: label, url, status, message, excerpt });
      return null;
    };
    let got: Awaited<ReturnType<typeof read>>;
    try {
      got = await read();
      // A list can look incoherent for a moment on a live site (another client's record created
      // while the pages were read shifts the later pages): read it again, up to three readings in
      // all, before judging. Two were not enough: the busy reference (a write every 60 ms) left
      // GET /events incoherent on two readings in 1 of 30 read-only runs (2026-11-29), and
      // observe.crawl.lists-readable failed a conformant server; a server whose pages overlap
      // repeats its records on every reading.
      for (let i = 1; i < CRAWL_READINGS && got.incoherent; i++) got = await read();
    } catch (e) {
      return problem(0, String(e), '');
    }
    route.pages = got.pages;
    route.records = got.records.length;
    route.total = got.total;
    if (got.bad) return problem(got.last?.status ?? 0, got.bad, got.last ? excerptOf(got.last) : '');
    if (got.incoherent) {
      problem(
        got.last?.status ?? 0,
        `the list is incoherent (read ${CRAWL_READINGS} times): ${got.incoherent}`,
        got.last ? excerptOf(got.last) : '',
      );
      // The records read before the contradiction are kept (route.complete says whether the
      // list was read to its end): checks that only draw values from them still judge the target.
    }
    route.complete = got.complete;
    if (got.stopped) route.stopped = got.stopped;
    if (got.short) route.short = got.short.finding;
    let records = got.records;
    // Fewer records than the total names, after a short first page: read again at the size the
    // server served (a server that caps per_page below the crawl's skips records between its
    // pages, and its first page is already short). A later short page is a list that moved
    // between pages (a record deleted meanwhile), no cap: reading it at that size (one record a
    // page on a busy site) proves nothing more.
    if (capped(got)) {
      const again = await read(got.short.size);
      if (!again.bad && !again.incoherent) {
        const known = new Set(records.map((r) => r?.id));
        records = [...records, ...again.records.filter((r) => !known.has(r?.id))];
      }
    }
    const fewer = fewerLine(label, records.length, got.total);
    if (fewer) route.fewer = fewer;
    route.records = records.length;
    return records;
  };

  // The routes are read side by side (the client's bound caps the requests in flight): a large
  // calendar's pages wait on the network, not on each other, and the anonymous view is read at
  // the same moments as the authenticated one it is compared with.
  const views = [
    ...PLURALS.map(async (plural) => {
      const records = await readRoute(api, plural, `GET /${plural}`);
      if (records) learned[plural] = records;
    }),
    ...(opts.authenticated ? (['events', 'venues', 'organizers'] as const) : []).map(async (plural) => {
      const records = await readRoute(anon, plural, `GET /${plural} (anonymous)`);
      if (records) learned.anonymous[plural] = records.map((r) => r?.id).filter((id) => Number.isInteger(id));
    }),
  ];
  await Promise.all(views);
  learned.complete = learned.problems.length === 0 && learned.routes.every((r) => r.complete);
  return learned;
}

/**
 * One line for the terminal and summary.md: how many checks applied (did not come out n/a) and,
 * when the observation crawl ran, how much of the target it learned.
 */
export function appliedLine(checks: ReadonlyArray<{ status: string }>, observed?: ObservedSummary): string {
  const applied = checks.filter((c) => c.status !== 'n/a').length;
  const head = `${applied} of ${checks.length} checks applied`;
  if (!observed) return head;
  const o = observed;
  return `${head}; learned ${o.events} events (${o.unpublished} unpublished), ${o.venues} venues, ${o.organizers} organizers, ${o.categories} categories, ${o.tags} tags in ${o.requests} requests (of the crawl's ${o.budget}: 40% of --max-requests, which bounds the observation crawl and checks only, not the run${o.complete ? '; every list read to its end' : `; NOT every list read to its end: ${notToTheEnd(o)}`})`;
}

/**
 * Why the crawl did not read every list to its end, with the fix that fits: a list the target
 * answered with something that is no list (JSON cut short, an error) is the target's problem, not
 * the budget's; only a budget stop is fixed by --max-requests. Pure.
 */
function notToTheEnd(o: ObservedSummary): string {
  const why: string[] = [];
  if (o.problems)
    why.push(
      `${o.problems} list read${o.problems === 1 ? '' : 's'} met an answer that is no list (JSON cut short, not JSON, an error status; see observe.crawl.lists-readable)`,
    );
  if (o.budgetStops) why.push(`${o.budgetStops} list(s) stopped by the request budget: raise --max-requests`);
  if (o.capStops) why.push(`${o.capStops} list(s) stopped at the page cap`);
  // A report of an older version (no stop counts): the budget was the only cause it named.
  if (!why.length) why.push('raise --max-requests');
  return why.join('; ');
}
