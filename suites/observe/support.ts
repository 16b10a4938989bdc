/**
 * Shared by the observation checks (suites/observe/*.test.ts): the run's snapshot (given by the
 * runner, or crawled once per worker), a per-check request budget, one page of a list, seeded
 * sampling, and the small vocabulary the checks use. The readings a judgement needs and what the
 * judge (lib/spec/judge/) decides on them are readings.ts and reads.ts.
 */
import { inject } from 'vitest';
import { replayCommand } from '../../lib/run/config/replay.ts';
import { type CheckContext, CouldNotJudge } from '../../lib/check/index.ts';
import type { ApiResponse, Params } from '../../lib/types.ts';
import type { Client } from '../../lib/run/client.ts';
import { readList, req, type ApiRecord, isInteger, isObject, field } from '../../lib/spec/contract.ts';
import {
  checkBudget,
  crawl,
  crawlQuery,
  crawlBudget,
  crawlKey,
  type SharedLearned,
  unshare,
  WIDE_WINDOW,
  type Learned,
  type Plural,
} from '../../lib/run/crawl.ts';

declare module 'vitest' {
  interface ProvidedContext {
    calcertObserved: SharedLearned | null;
  }
}

export { crawlQuery, WIDE_WINDOW, type Plural };

export const LIST = (plural: Plural) => req.route('GET', plural);
export const ITEM = (plural: Plural) => req.route('GET', plural, '/{id}');
export const BY_SLUG = (plural: Plural) => req.route('GET', plural, '/by-slug/{slug}');
export const PARAM = (plural: Plural, name: string) => req.param(plural, name);

let own: { key: string; promise: Promise<Learned> } | undefined;

/** The run's learned data: the runner's crawl, or one crawl per worker (cached on the run tag). */
export async function learned(t: CheckContext): Promise<Learned> {
  const key = crawlKey(t.config);
  if (own?.key === key) return own.promise;
  let given: SharedLearned | null = null;
  try {
    given = inject('calcertObserved') ?? null;
  } catch {
    given = null;
  }
  // Decoded once and kept for the worker's other checks: the runner's crawl is the same object
  // for the whole run (a large calendar's records are not decoded again per check).
  if (given && given.key === key) {
    const data = unshare(given);
    own = { key, promise: Promise.resolve(data) };
    return data;
  }
  if (own?.key !== key) {
    own = {
      key,
      promise: crawl(t.api, t.anon, {
        key,
        variant: t.variant,
        authenticated: t.config.auth.kind !== 'none',
        budget: crawlBudget(t.config.maxRequests),
      }),
    };
  }
  return own.promise;
}

/**
 * Learned data whose routes were read to the end. A route the crawl could not read (its
 * must-check, observe.crawl.lists-readable, fails with the reason) blocks the check; a route the
 * crawl's request budget or page cap cut short leaves it unjudged (`error`), never n/a: the data
 * did not rule the behaviour out.
 */
export async function complete(t: CheckContext, ...plurals: Plural[]): Promise<Learned> {
  const l = await learned(t);
  for (const p of plurals) {
    const routes = l.routes.filter((r) => r.route === `GET /${p}`);
    const problem = l.problems.find((x) => x.route === `GET /${p}`);
    if (!routes.length || (problem && !routes.every((r) => r.complete)))
      t.blocked(
        `the crawl could not read GET /${p}${problem ? `: ${problem.message}` : ''} (see observe.crawl.lists-readable)`,
      );
    if (!routes.every((r) => r.complete))
      throw new CouldNotJudge(
        `the suite could not judge: the crawl did not read GET /${p} to its end (${routes.some((r) => r.stopped === 'cap') ? 'page cap reached' : `${l.requests} of ${l.budget} requests spent`}); raise --max-requests`,
        'request-budget',
      );
  }
  return l;
}

/**
 * Learned data a check only draws values from (a window, a record to start from): the records
 * the crawl read, to the end or not; blocked when the crawl could read none of the route.
 */
export async function drawable(t: CheckContext, plural: Plural): Promise<Learned> {
  const l = await learned(t);
  const problem = l.problems.find((x) => x.route === `GET /${plural}`);
  if (problem && !l[plural].length)
    t.blocked(`the crawl could not read GET /${plural}: ${problem.message} (see observe.crawl.lists-readable)`);
  return l;
}

/**
 * The terms events use (count > 0) when there are `min` of them, else all: the values a check
 * names in its query or reads by ID. A term another client just created (and may delete before
 * the read, which the original then refuses as an invalid include) is used by no event yet:
 * used terms hold still. Other records are returned as they are.
 */
export function settled(list: readonly ApiRecord[], min: number): ApiRecord[] {
  const used = list.filter((x) => typeof x.count === 'number' && x.count > 0);
  return used.length >= min ? used : [...list];
}

/** A seeded choice (the check's seed: `--seed` replays it). */
class Draw {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    // mulberry32
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let x = this.s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)] as T;
  }
  sample<T>(xs: readonly T[], n: number): T[] {
    const copy = [...xs];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  }
}

export function draw(t: CheckContext): Draw {
  return new Draw(t.seed);
}

/**
 * A seeded sample of `n` records that covers events that are over and events still to come alike
 * (half each when both exist: the original's default window, and a server's faults, treat them
 * apart); other records are drawn plainly.
 */
export function spread(t: CheckContext, records: readonly ApiRecord[], n: number): ApiRecord[] {
  const d = draw(t);
  const yesterday = Date.now() - 86_400_000;
  const over = (r: ApiRecord) => Date.parse(`${String(r.end_date ?? '').replace(' ', 'T')}Z`) < yesterday;
  const past = records.filter((r) => typeof r.end_date === 'string' && over(r));
  const isPast = new Set(past);
  const rest = records.filter((r) => !isPast.has(r));
  if (!past.length || !rest.length) return d.sample(records, n);
  const some = d.sample(past, Math.min(past.length, Math.ceil(n / 2)));
  return [...some, ...d.sample(rest, n - some.length)];
}

/** The replay line for a message: the run's own (lib/run/config/replay.ts), which runs as printed. */
export function replay(t: CheckContext): string {
  return `replay: ${replayCommand(t.config, t.meta.id)}`;
}

const widened = new WeakMap<CheckContext, number>();
const allowed = new WeakMap<CheckContext, number>();

/** Adds `n` requests to a check's share: the re-reads a judgement makes before it sets a difference aside. */
export function allow(t: CheckContext, n: number): void {
  allowed.set(t, (allowed.get(t) ?? 0) + n);
}

/** Gives a check `factor` times the usual share of the request budget (a check that reads a list again until it holds still). */
export function widenBudget(t: CheckContext, factor: number): void {
  widened.set(t, factor);
}

/**
 * Stops the check once it has sent its share of the run's request budget: unjudged (`error`,
 * named in the verdict's incomplete line), never n/a: the data did not rule the behaviour out,
 * the budget did.
 */
export function spend(t: CheckContext): void {
  const cap = checkBudget(t.config.maxRequests) * (widened.get(t) ?? 1) + (allowed.get(t) ?? 0);
  if (t.exchanges.length >= cap)
    throw new CouldNotJudge(
      `the suite could not judge: this check's share of the request budget (${cap} requests of --max-requests ${t.config.maxRequests}) is spent; raise --max-requests`,
      'request-budget',
    );
}

export interface Page {
  res: ApiResponse;
  records: ApiRecord[];
  ids: number[];
  body: unknown;
}

/**
 * One page of a list, read by the one list rule (lib/spec/contract.ts: base may answer an empty page
 * with the documented 404; `pastEnd`: a page past the end may be that 404 on every variant).
 */
export async function page(
  t: CheckContext,
  client: Client,
  plural: Plural,
  query: Params,
  opts: { pastEnd?: boolean } = {},
): Promise<Page> {
  spend(t);
  const res = await client.get(`/${plural}`, query);
  const { records, ids } = readList(t, res, plural, {
    what: `GET /${plural} with ${JSON.stringify(query)}`,
    notFoundIsEmpty: opts.pastEnd,
  });
  return { res, records, ids, body: res.json };
}

/** Pages of 50 a filter check reads at most: a bounded sample, so a large calendar costs what a small one does. */
export const SAMPLE_PAGES = 3;

/** Same set of IDs, and a sentence naming the differences. */
export function diff(expected: readonly number[], got: readonly number[]): string | null {
  const g = new Set(got);
  const e = new Set(expected);
  const missing = [...e].filter((id) => !g.has(id));
  const unexpected = [...g].filter((id) => !e.has(id));
  if (!missing.length && !unexpected.length) return null;
  const parts: string[] = [];
  if (missing.length) parts.push(`missing ${show(missing)}`);
  if (unexpected.length) parts.push(`unexpected ${show(unexpected)}`);
  return parts.join('; ');
}

export function show(ids: readonly number[]): string {
  if (ids.length > 30) return `[${ids.slice(0, 30).join(', ')}, ... (${ids.length})]`;
  return `[${ids.join(', ')}]`;
}

/** IDs of terms/linked records an event names (`categories`, `tags`: arrays; `venue`, `organizer`: object or array). */
export function linkedIds(ev: ApiRecord, key: 'categories' | 'tags' | 'venue' | 'organizer'): number[] {
  const v = ev[key];
  const list = Array.isArray(v) ? v : isObject(v) ? [v] : [];
  return list.map((x: unknown) => (typeof x === 'number' ? x : field(x, 'id'))).filter(isInteger);
}

/** Words of a title usable as a search term (letters only, 4+ characters). */
export function words(title: unknown): string[] {
  const text = typeof title === 'string' ? title : '';
  return (text.match(/[A-Za-z]{4,}/g) ?? []).map((w) => w.toLowerCase());
}

/** Records an anonymous caller should see (published ones). */
export function published(records: readonly ApiRecord[]): ApiRecord[] {
  return records.filter((r) => r.status === undefined || r.status === 'publish');
}

/**
 * Words of the records' names to search for, preferring words that some record lacks (a word
 * every record has cannot tell a working search from an ignored one).
 */
export function discriminating(records: readonly ApiRecord[], wordsOf: (r: ApiRecord) => string[]): string[] {
  const pool = [...new Set(records.flatMap(wordsOf))];
  const some = pool.filter((w) =>
    records.some(
      (r) =>
        !JSON.stringify(r ?? '')
          .toLowerCase()
          .includes(w),
    ),
  );
  return some.length ? some : pool;
}

/** A search on a copy: its name has the word (a match), it mentions it nowhere (none), else either. */
export function searched(word: string, wordsOf: (r: ApiRecord) => string[]): (r: ApiRecord) => boolean | undefined {
  return (r) =>
    wordsOf(r).includes(word)
      ? true
      : JSON.stringify(r ?? '')
            .toLowerCase()
            .includes(word)
        ? undefined
        : false;
}

/** Records that do not mention the word anywhere: no search may list them. */
export function unmentioned(records: readonly ApiRecord[], word: string): number[] {
  return records
    .filter(
      (r) =>
        !JSON.stringify(r ?? '')
          .toLowerCase()
          .includes(word),
    )
    .map((r) => r?.id);
}
