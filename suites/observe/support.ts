/**
 * Shared by the observation checks (suites/observe/*.test.ts): the learned data of the run (given
 * by the runner, or crawled once per worker), a per-check request budget, list reading to the
 * end, seeded sampling, and the small vocabulary the checks use to compare ID sets.
 */
import { inject } from 'vitest';
import { normaliseText } from '../../lib/spec/normalise.ts';
import { changed, classify, conclude, type ItemRead, itemRead, MOVED_LIMIT } from '../../lib/spec/oracle/moved.ts';
import { replayCommand } from '../../lib/run/config/replay.ts';
import { type CheckContext, CouldNotJudge } from '../../lib/check/index.ts';
import type { ApiResponse, Params } from '../../lib/types.ts';
import type { Client } from '../../lib/run/client.ts';
import {
  readList,
  readPage,
  readPages,
  req,
  type ApiRecord,
  isInteger,
  isObject,
  field,
} from '../../lib/spec/contract.ts';
import {
  checkBudget,
  crawl,
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

export { WIDE_WINDOW, type Plural };

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

/** A filtered list as a check read it: its first pages (`complete` when they hold every match). */
interface Sample {
  ids: number[];
  records: ApiRecord[];
  /** The last answer read (absent for a list the crawl read). */
  res?: ApiResponse;
  complete: boolean;
  /** Reads the same sample again (the second reading of a difference: lib/spec/oracle/moved.ts). */
  again?: () => Promise<Sample>;
}

/**
 * The matches of a query, read by the one list reader (lib/spec/contract.ts `readPages`) with per_page
 * 50, to the end or to `maxPages` (default SAMPLE_PAGES): a bounded sample. A page that is no
 * list answer or an incoherent list (a record on two pages) fails the check; totals that
 * contradict each other or the records are should (observe.<plural>-list.totals judges them).
 * A page past the end may be the documented 404 on every variant.
 */
export async function all(
  t: CheckContext,
  client: Client,
  plural: Plural,
  query: Params,
  opts: {
    maxPages?: number;
    /** Called before a refused answer (4xx) fails the check: it may rule the refusal unjudged. */
    onRefused?: (res: ApiResponse) => Promise<void>;
  } = {},
): Promise<Sample> {
  const read = () =>
    readPages(
      (p) => {
        spend(t);
        return client.get(`/${plural}`, { ...query, per_page: 50, page: p });
      },
      plural,
      {
        variant: t.variant,
        perPage: 50,
        maxPages: opts.maxPages ?? SAMPLE_PAGES,
        what: `GET /${plural} with ${JSON.stringify(query)}`,
      },
    );
  let got = await read();
  // A record on two pages can be another client's doing (a record created before it between
  // the pages shifts it down): the list is read once more, and is judged incoherent only when it
  // repeats the same way again. A list that shifted differently each time is a moving sample:
  // the pages read before the repeat are judged, as a sample that is not complete.
  if (got.incoherent && got.pages > 1) {
    const first = got.incoherent;
    got = await read();
    if (got.incoherent && got.incoherent !== first) got = { ...got, incoherent: undefined, complete: false };
  }
  const res = got.last as ApiResponse;
  if (got.bad && res && res.status >= 400 && res.status < 500 && opts.onRefused) await opts.onRefused(res);
  if (got.bad) t.fail(got.bad, res);
  // Coherence is the reader's bookkeeping (the evidence rule): no judgement of the behaviour a check names.
  t.setup.assert(!got.incoherent, `${got.incoherent}; ${replay(t)}`, res);
  return {
    ids: got.ids,
    records: got.records,
    res,
    complete: got.complete,
    again: () => all(t, client, plural, query, opts),
  };
}

/** The longest word of a record's name (for a search that must list it), or ''. */
function nameWord(r: ApiRecord): string {
  const name = normaliseText(r.title ?? r.venue ?? r.organizer ?? r.name);
  return (name.match(/[A-Za-z0-9]{3,}/g) ?? []).sort((a, b) => b.length - a.length)[0] ?? '';
}

/**
 * Whether a learned record is gone or changed (in what holds still: lib/spec/oracle/moved.ts)
 * since the crawl, by its read by ID. A witness for a refusal that names the record (a term
 * filter naming a term another client deleted): the check is then unjudged, never passed.
 */
export async function moved(t: CheckContext, plural: Plural, rec: ApiRecord): Promise<boolean> {
  spend(t);
  const res = await t.api.get(`/${plural}/${rec.id}`);
  const read = itemRead(res.status, res.json, rec.id);
  return read.kind === 'gone' || (read.kind === 'record' && changed(read.rec, rec));
}

/**
 * A second reading of a record in a list that must show it when it exists as learned (for the
 * checks of reads by ID): terms and extended events of the default window by `include`, the
 * others by a word of their name. Whether it is listed and its copy there, or null when the
 * witness cannot tell (a first page full of other matches).
 */
export async function witness(
  t: CheckContext,
  client: Client,
  plural: Plural,
  rec: ApiRecord,
): Promise<{ listed: boolean; copy?: ApiRecord } | null> {
  const terms = plural === 'categories' || plural === 'tags';
  // `include` finds an event only inside 6.8.0's default window (kept beside explicit dates):
  // an event that ended before yesterday is looked for by a word of its name instead.
  const endDay = Date.parse(`${String(rec.end_date ?? '').slice(0, 10)}T00:00:00Z`);
  const mayBeInWindow = !Number.isFinite(endDay) || endDay >= Date.now() - 2 * 86_400_000;
  const query: Params = terms
    ? { include: rec.id, hide_empty: 0 }
    : plural === 'events' && t.extended && mayBeInWindow
      ? { include: rec.id, ...WIDE_WINDOW }
      : { search: nameWord(rec), ...(plural === 'events' ? WIDE_WINDOW : {}) };
  spend(t);
  const res = await client.get(`/${plural}`, { ...query, per_page: 50 });
  // A 4xx naming the record (the original refuses `include` of a term that is gone): not listed.
  if (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 403) return { listed: false };
  const got = readPage(res, plural, { variant: t.variant });
  if (got.kind !== 'page') return null;
  const copy = got.records.find((r) => r.id === rec.id);
  if (copy) return { listed: true, copy };
  // Not on the first page of a search with more matches: no proof either way.
  return got.records.length < 50 ? { listed: false } : null;
}

/** Moved records a judgement sets aside at most (lib/spec/oracle/moved.ts MOVED_LIMIT). */
export const MOVED_CHECKS = MOVED_LIMIT;

/** A filter on a copy of a record: true = must be listed, false = must not be, undefined = either. */
export type Matcher = (r: ApiRecord) => boolean | undefined;

/** Records a judgement reads by ID when a list shows IDs the crawl never learned (a drawn sample). */
export const UNKNOWN_READS = 5;

/**
 * Judges a filtered sample against what the learned records say: no `mustNot` record listed on
 * the pages read, and, when they hold every match, every `must` record listed. With `matches`
 * (the filter on a record's copy), a listed record the crawl never learned is read by ID and
 * judged against the filter too (up to UNKNOWN_READS of them, drawn): a draft, a record of
 * another status or an unrelated one fails; one created since the crawl that matches passes.
 *
 * An excuse is a re-read, never a verdict (lib/spec/oracle/moved.ts): each difference (up to
 * MOVED_LIMIT + 1 of them) is read by ID and the list is read a second time. A difference is set
 * aside only when the record changed since the crawl in what holds still (never `modified`), in
 * its read by ID and in the list, and its fresh copy then agrees with the filter; a difference
 * that holds over two readings fails; more than MOVED_LIMIT set aside is `error` ("site changing
 * too fast"), never a pass. Comparing two empty sets is no evidence: a check with nothing that
 * could be wrong is n/a.
 */
export async function judge(
  t: CheckContext,
  plural: Plural,
  learnedRecords: readonly ApiRecord[],
  got: Sample,
  must: readonly number[],
  mustNot: readonly number[],
  what: string,
  opts: { matches?: Matcher; client?: Client } = {},
): Promise<void> {
  if (!must.length && !mustNot.length) t.na(`${what}: the learned data give no record that must or must not be listed`);
  if (!got.complete && !mustNot.length)
    throw new CouldNotJudge(
      `the suite could not judge: ${what} has more matches than the ${SAMPLE_PAGES} pages read, and no learned record must be left out`,
      'request-budget',
    );
  const need = got.complete ? must : [];
  const listed = new Set(got.ids);
  const byId = new Map(learnedRecords.map((r) => [r.id, r]));
  const missing = need.filter((id) => !listed.has(id));
  const unexpected = mustNot.filter((id) => listed.has(id));
  const unknown = opts.matches ? got.ids.filter((id) => !byId.has(id)) : [];
  // A trashed copy is in no list that does not ask for the trash (LEVELS.md delete: gone from
  // default lists); a status filter says so itself.
  const filter: Matcher = opts.matches ?? (() => undefined);
  const matches: Matcher = (r) => (r?.status === 'trash' ? false : filter(r));
  const client = opts.client ?? t.api;
  const diffs: Array<{ id: number; side: 'missing' | 'unexpected' | 'unknown' }> = [
    ...unexpected.map((id) => ({ id, side: 'unexpected' as const })),
    ...missing.map((id) => ({ id, side: 'missing' as const })),
  ];
  const examined = diffs.slice(0, MOVED_LIMIT + 1);
  const drawn = draw(t).sample(unknown, UNKNOWN_READS);
  const fail = (parts: string[]) => t.assert(!parts.length, `${what}: ${parts.join('; ')}; ${replay(t)}`, got.res);
  if (!examined.length && !drawn.length) {
    fail([]);
    return;
  }
  // The reads of the excuse are the judgement's own: they do not eat the check's share.
  allow(t, examined.length + drawn.length + 2 * SAMPLE_PAGES);
  const reads = new Map<number, ItemRead>();
  for (const { id } of [...examined, ...drawn.map((id) => ({ id }))]) {
    spend(t);
    const res = await client.get(`/${plural}/${id}`);
    reads.set(id, itemRead(res.status, res.json, id));
  }
  // A new record that matches by its read by ID needs no second reading.
  const open = [
    ...examined,
    ...drawn
      .filter((id) => {
        const r = reads.get(id);
        return !(r?.kind === 'record' && matches(r.rec) !== false);
      })
      .map((id) => ({ id, side: 'unknown' as const })),
  ];
  if (!open.length) {
    fail([]);
    return;
  }
  const second = got.again ? await got.again() : got;
  const again = new Set(second.ids);
  const classes = open.map((d) =>
    classify({
      ...d,
      ...(byId.has(d.id) ? { learned: byId.get(d.id) } : {}),
      item: reads.get(d.id) as ItemRead,
      again: { listed: again.has(d.id), copy: second.records.find((r) => r?.id === d.id) },
      matches,
    }),
  );
  const c = conclude(classes);
  const rest = diffs.length - examined.length;
  const sideOf = (id: number) => (open.find((d) => d.id === id)?.side ?? '') as string;
  const name = {
    missing: 'missing',
    unexpected: 'unexpected',
    unknown: 'listed, never learned, no match by its read by ID:',
  };
  fail(
    c.holds.map(
      (h) =>
        `${name[sideOf(h.id) as keyof typeof name]} ${h.id} (${h.why})${rest > 0 ? ` (and ${rest} more difference(s) not read again)` : ''}`,
    ),
  );
  if (c.tooFast)
    throw new CouldNotJudge(
      `the suite could not judge: site changing too fast: ${what}: ${c.moved.length} records changed between two readings (${c.moved
        .map((m) => `${m.id}: ${m.why}`)
        .join('; ')})${rest > 0 ? `, and ${rest} more difference(s) not read again` : ''}`,
      'transient',
    );
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
