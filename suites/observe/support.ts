/**
 * Shared by the observation checks (suites/observe/*.test.ts): the learned data of the run (given
 * by the runner, or crawled once per worker), a per-check request budget, list reading to the
 * end, seeded sampling, and the small vocabulary the checks use to compare ID sets.
 */
import { inject } from 'vitest';
import type { CheckContext } from '../../lib/check.ts';
import type { ApiResponse, Client, Params } from '../../lib/client.ts';
import { readList, req, type ApiRecord, isInteger, isObject, field } from '../../lib/contract.ts';
import {
  checkBudget,
  crawl,
  crawlBudget,
  crawlKey,
  WIDE_WINDOW,
  type Learned,
  type Plural,
} from '../../lib/observe/crawl.ts';

declare module 'vitest' {
  interface ProvidedContext {
    calcertObserved: Learned | null;
  }
}

export { WIDE_WINDOW, type Learned, type Plural };

export const LIST = (plural: Plural) => req.route('GET', plural);
export const ITEM = (plural: Plural) => req.route('GET', plural, '/{id}');
export const BY_SLUG = (plural: Plural) => req.route('GET', plural, '/by-slug/{slug}');
export const PARAM = (plural: Plural, name: string) => req.param(plural, name);

let own: { key: string; promise: Promise<Learned> } | undefined;

/** The run's learned data: the runner's crawl, or one crawl per worker (cached on the run tag). */
export async function learned(t: CheckContext): Promise<Learned> {
  const key = crawlKey(t.config);
  let given: Learned | null = null;
  try {
    given = inject('calcertObserved') ?? null;
  } catch {
    given = null;
  }
  if (given && given.key === key) return given;
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

/** Learned data whose routes were read to the end, or n/a saying how far the crawl got. */
export async function complete(t: CheckContext, ...plurals: Plural[]): Promise<Learned> {
  const l = await learned(t);
  for (const p of plurals) {
    const routes = l.routes.filter((r) => r.route === `GET /${p}`);
    if (!routes.length || !routes.every((r) => r.complete))
      t.na(
        `the crawl did not read GET /${p} to its end (${l.requests} of ${l.budget} requests spent${l.problems.length ? `, ${l.problems.length} problem(s)` : ''}); raise --max-requests`,
      );
  }
  return l;
}

/** A seeded choice (the check's seed: `--seed` replays it). */
export class Draw {
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

/** The replay line for a message. */
export function replay(t: CheckContext): string {
  return `replay: calcert certify --read-only --seed ${t.config.seed} --grep '${t.meta.id}' (with this run's target settings)`;
}

/** n/a once this check has sent its share of the run's request budget. */
export function spend(t: CheckContext): void {
  const cap = checkBudget(t.config.maxRequests);
  if (t.exchanges.length >= cap)
    t.na(
      `this check's share of the request budget (${cap} requests of --max-requests ${t.config.maxRequests}) is spent`,
    );
}

export interface Page {
  res: ApiResponse;
  records: ApiRecord[];
  ids: number[];
  body: unknown;
}

/** One page of a list, read by the one list rule (lib/contract.ts: base may answer an empty page with a 404). */
export async function page(t: CheckContext, client: Client, plural: Plural, query: Params): Promise<Page> {
  spend(t);
  const res = await client.get(`/${plural}`, query);
  const { records, ids } = readList(t, res, plural, { what: `GET /${plural} with ${JSON.stringify(query)}` });
  return { res, records, ids, body: res.json };
}

/** Every match of a query, paged with `per_page` 50 to the end (page past the end: 404 or empty). */
export async function all(
  t: CheckContext,
  client: Client,
  plural: Plural,
  query: Params,
): Promise<{ ids: number[]; records: ApiRecord[]; res: ApiResponse }> {
  const ids: number[] = [];
  const records: ApiRecord[] = [];
  let last: ApiResponse | undefined;
  for (let p = 1; p <= 200; p++) {
    spend(t);
    const res = await client.get(`/${plural}`, { ...query, per_page: 50, page: p });
    last = res;
    // Past the last page a 404 (the original's answer) ends the list on every variant.
    const { records: recs, emptyAs404 } = readList(t, res, plural, {
      what: `GET /${plural} with ${JSON.stringify({ ...query, page: p })}`,
      notFoundIsEmpty: p > 1,
    });
    if (emptyAs404) break;
    const body = res.json as ApiRecord;
    for (const r of recs) {
      ids.push(r?.id);
      records.push(r);
    }
    const totalPages = typeof body.total_pages === 'number' ? body.total_pages : null;
    if (recs.length < 50 || (totalPages !== null && p >= totalPages)) break;
  }
  return { ids, records, res: last! };
}

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

/** Checks that every `must` ID is in `got` and no `mustNot` ID is. */
export function bounds(must: readonly number[], mustNot: readonly number[], got: readonly number[]): string | null {
  const g = new Set(got);
  const missing = must.filter((id) => !g.has(id));
  const unexpected = mustNot.filter((id) => g.has(id));
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
