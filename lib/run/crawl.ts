/**
 * The observation crawl: learns a target's own records by reading every list route to its end
 * (or to a per-route page cap, or to the request budget), without writing anything. Observation
 * checks (suites/observe/) draw their values from what it learned and compare the target's
 * filtered lists with what the learned records say.
 *
 * Done once per run: the runner crawls before the observation checks start (so every worker sees
 * the same data, and the crawl's requests are counted once) and hands the result to the workers
 * through vitest's `provide` as shared memory (`share`/`unshare`); a worker that was given none
 * (e.g. a `--grep` run) crawls itself, once, cached on the run tag. Pure of vitest: it only needs
 * two clients.
 */
import type { Client } from './client.ts';
import type { ApiResponse } from '../types.ts';
import { readPages, type ApiRecord } from '../spec/contract.ts';

export type Plural = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
const PLURALS: readonly Plural[] = ['events', 'venues', 'organizers', 'categories', 'tags'];

/** The window the events crawl asks for: wide enough for any real calendar. */
export const WIDE_WINDOW = { start_date: '2000-01-01 00:00:00', end_date: '2099-12-31 23:59:59' } as const;
/** Page size of the crawl (the largest every variant honours). */
const CRAWL_PER_PAGE = 50;
/** Pages per route at most (50 x 200 = 10,000 records). */
const ROUTE_PAGE_CAP = 200;

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

/**
 * Reads every list route page by page. `api` carries the credentials (or none), `anon` never
 * does. Stops a route at its last page, at ROUTE_PAGE_CAP pages, or when the budget is spent.
 */
export async function crawl(api: Client, anon: Client, opts: CrawlOptions): Promise<Learned> {
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
  };
  const readRoute = async (client: Client, plural: Plural, label: string): Promise<ApiRecord[] | null> => {
    const query: Record<string, unknown> = { per_page: perPage };
    if (plural === 'events') Object.assign(query, WIDE_WINDOW);
    if (plural === 'categories' || plural === 'tags') query.hide_empty = 0;
    const route: RouteCrawl = { route: label, pages: 0, records: 0, total: null, complete: false };
    learned.routes.push(route);
    let url = `/${plural}`;
    const read = () =>
      readPages(
        async (page) => {
          learned.requests++;
          const res = await client.get(`/${plural}`, { ...query, page });
          url = res.exchange.url;
          return res;
        },
        plural,
        {
          variant: opts.variant,
          perPage,
          maxPages: ROUTE_PAGE_CAP,
          more: () => learned.requests < opts.budget,
          what: label,
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
      // while the pages were read shifts the later pages): read it once more before judging.
      if (got.incoherent) got = await read();
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
        `the list is incoherent (read twice): ${got.incoherent}`,
        got.last ? excerptOf(got.last) : '',
      );
      // The records read before the contradiction are kept (route.complete says whether the
      // list was read to its end): checks that only draw values from them still judge the target.
    }
    route.complete = got.complete;
    if (got.stopped) route.stopped = got.stopped;
    return got.records;
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
