/**
 * The response contract every check relies on (LEVELS.md, "The minimal response contract"), written
 * once: reading a list (with the base empty-page 404 rule), a record answer (2xx JSON object with an
 * integer `id`), the ID no record has, comparing and showing sets of IDs, dates relative to today
 * (UTC; written in lib/spec/utc-dates.ts, re-exported here) and the builders of requirement IDs
 * (`fixtures/spec/requirements.json`).
 *
 * Pure functions over responses, plus `readList`/`readRecord`, which fail through the check
 * context so that a failure carries the exchange. They are bookkeeping: a read that holds is no
 * judgement (the evidence rule, lib/check/context.ts). Checks reach them as `t.list(res, key)` and
 * `t.record(res)`.
 */
import type { ApiResponse } from '../types.ts';
import { pageEnd } from './judge/totals.ts';

/** The five resources: route segment, plural key of their lists, check-ID group. */
export type ResourceKey = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';

/** The namespace path the requirement IDs are written with (whatever the target's namespace). */
const NAMESPACE_PATH = '/cal/events/v1';

/** An ID no record has: far above any real post or term ID. */
export const MISSING_ID = 987654321;

/** A plain (non-array) JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` is an integer (a type guard, unlike `Number.isInteger`). */
export function isInteger(value: unknown): value is number {
  return Number.isInteger(value);
}

/** `obj[key]` when `obj` is a JSON object, else undefined. */
export function field(obj: unknown, key: string): unknown {
  return isObject(obj) ? obj[key] : undefined;
}

/** The `code` of a JSON error body, as ` CODE` (leading space) for messages, or ''. */
export function errorCode(body: unknown): string {
  const code = field(body, 'code');
  return typeof code === 'string' ? ` ${code}` : '';
}

/** The `id`s of the records a list body holds under `key` (NaN for an entry without one); [] when there is no array. */
export function listedIds(body: unknown, key: string): number[] {
  const records = field(body, key);
  return Array.isArray(records)
    ? records.map((r) => (isInteger(field(r, 'id')) ? (field(r, 'id') as number) : Number.NaN))
    : [];
}

/** The keys of a body, for messages. */
function keysOf(body: unknown): string {
  return isObject(body) ? Object.keys(body).join(', ') || 'none' : typeof body;
}

// ---------------------------------------------------------------------------------------------
// Lists

/**
 * THE base empty-page rule (LEVELS.md minimal contract: "Base only: an empty page may instead be a
 * 404 JSON error"). True when `res` is such an answer: base variant, and the documented empty
 * answer (`isJson404`). Extended servers answer an empty page with an empty array; a 404 on
 * extended is never read as an empty page by this rule.
 */
export function isBaseEmptyPage(variant: string, res: ApiResponse, key: ResourceKey): boolean {
  return variant === 'base' && isJson404(res, key);
}

/**
 * The documented "no records" answer of a list (the original's `*-archive-page-not-found`): a 404
 * whose JSON error body holds no records array and names its error `code`. A 404 coded
 * `rest_no_route` says the ROUTE is missing, not that the page is empty; a 404 without a JSON error
 * (an HTML page, a proxy's) says nothing about the list: neither is read as an empty page.
 */
function isJson404(res: ApiResponse, key: ResourceKey): boolean {
  if (res.status !== 404 || !isObject(res.json) || Array.isArray(res.json[key])) return false;
  const code = res.json.code;
  return typeof code === 'string' && code !== 'rest_no_route';
}

interface ListOptions {
  /** Words for messages (default `the <key> list`). */
  what?: string;
  /**
   * Also read a 404 JSON error as "no records" on every variant. Only for checks whose behaviour
   * is "no records" and whose should is the 404 (a page past the end, a search matching nothing).
   */
  notFoundIsEmpty?: boolean;
}

interface ListReading {
  /** The records; [] when the page was read as empty from a 404. */
  records: ApiRecord[];
  /** Their `id`s, in order. */
  ids: number[];
  /** True when the answer was a 404 read as an empty page. */
  emptyAs404: boolean;
}

/** What a list-reading check context offers (lib/check/index.ts `CheckContext` satisfies it). */
interface Asserter {
  variant: string;
  expectStatus(res: ApiResponse, expected: number | number[] | '2xx' | '4xx', what?: string): void;
  assert(condition: unknown, message: string, res?: ApiResponse): void;
  fail(message: string, res?: ApiResponse): never;
  /** Counts a reader's read that held as bookkeeping, never as a judgement (CheckContext: setupAssertions). */
  bookkeeping?(): void;
}

/**
 * Reads `res` as a list answer: 2xx, a JSON object, the records in an array under `key`; or, by
 * the base empty-page rule (or `notFoundIsEmpty`), a 404 JSON error read as no records. Anything
 * else fails the check with the exchange.
 */
export function readList(t: Asserter, res: ApiResponse, key: ResourceKey, opts: ListOptions = {}): ListReading {
  const got = readPage(res, key, { variant: t.variant, notFoundIsEmpty: opts.notFoundIsEmpty, what: opts.what });
  if (got.kind === 'empty') return { records: [], ids: [], emptyAs404: true };
  if (got.kind === 'bad') t.fail(got.message, res);
  // Reading a list is bookkeeping, no judgement of the behaviour a check names: the check asserts
  // what the records show (lib/check/context.ts, the evidence rule).
  t.bookkeeping?.();
  return { records: got.records, ids: got.ids, emptyAs404: false };
}

/** How one page of a list answer reads. Pure. */
type PageReading =
  | {
      kind: 'page';
      records: ApiRecord[];
      ids: number[];
      total: number | null;
      totalPages: number | null;
      /** Whether the page links a next one (`next_rest_url`). */
      next: boolean;
    }
  /** The documented empty answer (`isJson404`) where the variant allows it. */
  | { kind: 'empty' }
  /** Not a list answer: why (status, not JSON, no array, an entry that is no object). */
  | { kind: 'bad'; message: string };

/**
 * Reads one list page without asserting: the records under `key`, or the documented empty answer
 * where it is allowed (base: any page; every variant: a page past the first, i.e. past the end;
 * `notFoundIsEmpty`: always), or why the answer is no list. THE list rule, shared by `readList`
 * (checks) and `readPages` (the crawl, the observation checks' all(), the run-tag sweep).
 */
export function readPage(
  res: ApiResponse,
  key: ResourceKey,
  opts: { variant: string; page?: number; notFoundIsEmpty?: boolean; what?: string },
): PageReading {
  if ((opts.variant === 'base' || (opts.page ?? 1) > 1 || opts.notFoundIsEmpty) && isJson404(res, key))
    return { kind: 'empty' };
  const what = opts.what ?? `the ${key} list`;
  if (res.status < 200 || res.status >= 300)
    return { kind: 'bad', message: `${what} answered ${res.status}${errorCode(res.json)}` };
  if (res.json === undefined) return { kind: 'bad', message: `${what} is not JSON (${res.jsonError ?? 'no body'})` };
  const body = res.json;
  const records = isObject(body) ? body[key] : undefined;
  if (!Array.isArray(records))
    return { kind: 'bad', message: `${what} has no array under "${key}" (keys: ${keysOf(body)})` };
  const notObject = records.findIndex((r) => !isObject(r));
  if (notObject >= 0)
    return {
      kind: 'bad',
      message: `${what}: entry ${notObject} under "${key}" is not a JSON object (${JSON.stringify(records[notObject])})`,
    };
  const typed = records as ApiRecord[];
  const num = (k: string) => {
    const v = field(body, k);
    return isInteger(v) ? v : null;
  };
  return {
    kind: 'page',
    records: typed,
    ids: typed.map((r) => (Number.isInteger(r.id) ? r.id : Number.NaN)),
    total: num('total'),
    totalPages: num('total_pages'),
    next: typeof field(body, 'next_rest_url') === 'string' && field(body, 'next_rest_url') !== '',
  };
}

/** A list read page by page (`readPages`). */
interface Paged {
  records: ApiRecord[];
  ids: number[];
  /** Pages that answered records (or the empty answer). */
  pages: number;
  /** The list ended (a short or empty page, the empty answer past the end, the last of total_pages). */
  complete: boolean;
  /** Why the list stopped before its end: 'budget' (the caller's stop) or 'cap' (maxPages read, all full). */
  stopped?: 'budget' | 'cap';
  /**
   * The records contradict each other: a record on two pages (LEVELS.md, must: pages partition
   * the list, no overlap). The read stops: the list is unusable.
   */
  incoherent?: string;
  /**
   * The totals contradict each other or the records: `total_pages` that disagrees with `total`,
   * or records on a page past `total_pages`. Totals are should (LEVELS.md: `total`,
   * `total_pages` right), so this never makes the list incoherent: the records are read on to
   * the first short or empty page, and `observe.<plural>-list.totals` judges the totals.
   */
  totalsWrong?: string;
  /** A page that is no list answer: its message. */
  bad?: string;
  /**
   * With `believe`: a short page its totals contradicted (lib/spec/judge/totals.ts), read past, and
   * the size of the first such page.
   */
  short?: { finding: string; size: number; page: number };
  /** `total` of the first page, when given. */
  total: number | null;
  /** The last answer read (for messages and failures). */
  last?: ApiResponse;
}

/**
 * Whether a reading looks capped (rule `totals`): fewer records than `total`, read to its end, its
 * first page already short (a cap shortens every page; a later short page is a list that moved).
 */
export function capped(got: Paged): got is Paged & { short: { size: number; page: 1 } } {
  const s = got.short;
  return !!s && s.page === 1 && s.size > 0 && got.total !== null && got.ids.length < got.total && got.complete;
}

/**
 * Reads a list page by page with `fetch(page)` (the caller's client, query and per_page) and
 * judges its coherence, without asserting: stops at a short or empty page, at the empty answer
 * past the end, at the last page `total_pages` names (when it agrees with `total`), after
 * `maxPages` or when `more()` says the caller's budget is spent. A record repeated on a later page
 * makes the list incoherent (must: pages partition the list): a server that ignores `page` is
 * caught on page 2, never read to a silent cap. Totals are should (LEVELS.md): missing ones are
 * allowed and the list ends at its first short page; ones that contradict each other or the
 * records (`total_pages` against `total`, records past `total_pages`) are noted (`totalsWrong`)
 * and the records read on to the first short page.
 */
export async function readPages(
  fetch: (page: number) => Promise<ApiResponse>,
  key: ResourceKey,
  opts: {
    variant: string;
    perPage: number;
    maxPages: number;
    more?: () => boolean;
    what?: string;
    /** The crawl's reading: a short page ends the list only when total, total_pages and next_rest_url agree (rule `totals`). */
    believe?: boolean;
  },
): Promise<Paged> {
  const out: Paged = { records: [], ids: [], pages: 0, complete: false, total: null };
  const seen = new Set<number>();
  for (let page = 1; page <= opts.maxPages; page++) {
    if (opts.more && !opts.more()) {
      out.stopped = 'budget';
      return out;
    }
    const res = await fetch(page);
    out.last = res;
    const what = `${opts.what ?? `the ${key} list`} page ${page}`;
    const got = readPage(res, key, { variant: opts.variant, page, what });
    if (got.kind === 'bad') {
      out.bad = got.message;
      return out;
    }
    out.pages++;
    if (got.kind === 'empty') {
      out.complete = true;
      return out;
    }
    if (page === 1) out.total = got.total;
    const repeated = got.ids.filter((id) => seen.has(id));
    if (repeated.length) {
      out.incoherent = `${what} (per_page ${opts.perPage}) repeats record(s) ${showIds(repeated.slice(0, 10))} of earlier pages`;
      return out;
    }
    const pastTotal = got.totalPages !== null && page > got.totalPages && got.records.length > 0;
    if (pastTotal)
      out.totalsWrong ??= `${what} holds ${got.records.length} record(s) past total_pages ${got.totalPages}`;
    // Totals that contradict each other are no end to trust: the records are read on to the
    // first short page (they may be right).
    const totalsWrong =
      pastTotal ||
      (got.total !== null && got.totalPages !== null && got.totalPages !== Math.ceil(got.total / opts.perPage));
    if (totalsWrong)
      out.totalsWrong ??= `${what}: total_pages ${got.totalPages} contradicts total ${got.total} at per_page ${opts.perPage}`;
    for (const [i, r] of got.records.entries()) {
      const id = got.ids[i] as number;
      if (Number.isInteger(id)) seen.add(id);
      out.records.push(r);
      out.ids.push(id);
    }
    if (opts.believe) {
      const end = pageEnd({
        page,
        perPage: opts.perPage,
        records: got.records.length,
        seen: out.records.length,
        total: out.total,
        totalPages: got.totalPages,
        next: got.next,
      });
      if (end.short) out.short ??= { finding: `${what}: ${end.short}`, size: got.records.length, page };
      if (end.end) {
        out.complete = true;
        return out;
      }
      continue;
    }
    if (got.records.length < opts.perPage || (!totalsWrong && got.totalPages !== null && page >= got.totalPages)) {
      out.complete = true;
      return out;
    }
  }
  out.stopped = 'cap';
  return out;
}

// ---------------------------------------------------------------------------------------------
// Records

/**
 * A record as the interface answers it: a JSON object with an integer `id`. Its other fields are
 * `unknown` on purpose: a check narrows what it reads (`field`, `isObject`, `typeof`), so a server
 * answering a wrong type gets a failure message, not a TypeError.
 */
export interface ApiRecord {
  id: number;
  [key: string]: unknown;
}

/** The `id` of a record answer (2xx JSON object with an integer `id`), else undefined. */
export function recordId(res: ApiResponse): number | undefined {
  if (res.status < 200 || res.status >= 300 || !isObject(res.json)) return undefined;
  const id = res.json.id;
  return Number.isInteger(id) ? (id as number) : undefined;
}

/** A record answer whose `id` is `id`. */
export function isRecordOf(res: ApiResponse, id: number): boolean {
  return recordId(res) === id;
}

/**
 * An absence read: `res` (a read of a record that must not be served: deleted, hidden, protected)
 * is no record of `id`, and no server error (a 5xx is no refusal: the read broke). Fails the check
 * with the exchange. Pair it with a positive control: the same read served the record before, or
 * the authorised client still reads it.
 */
export function expectNotServed(t: Asserter, res: ApiResponse, id: number, what: string): void {
  t.assert(
    res.status < 500,
    `${what} answered ${res.status}, a server error; expected a refusal (4xx) or no record`,
    res,
  );
  t.assert(!isRecordOf(res, id), `${what} answered ${res.status} with the record ${id}`, res);
}

/** Reads `res` as a record answer (2xx JSON object with an integer `id`), or fails the check with the exchange. */
export function readRecord(t: Asserter, res: ApiResponse, what = 'the answer'): ApiRecord {
  // Bookkeeping, no judgement (the evidence rule): the check asserts what the record shows.
  if (res.status < 200 || res.status >= 300)
    t.fail(
      `expected ${what} to answer 2xx, got ${res.status}${errorCode(res.json) ? ` (${errorCode(res.json).trim()})` : ''}`,
      res,
    );
  if (res.json === undefined) t.fail(`${what} is not JSON (${res.jsonError ?? 'no body'})`, res);
  if (!isObject(res.json))
    t.fail(`${what} is not a JSON object (${Array.isArray(res.json) ? 'array' : typeof res.json})`, res);
  if (!Number.isInteger(res.json.id))
    t.fail(`${what} has no integer "id" (id: ${JSON.stringify(res.json.id)}; keys: ${keysOf(res.json)})`, res);
  t.bookkeeping?.();
  return res.json as ApiRecord;
}

// ---------------------------------------------------------------------------------------------
// Sets of IDs

/** `a` and `b` hold the same IDs, in any order (duplicates count). */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** An ID list for messages: `[3, 5]`, `[]` when empty. */
export function showIds(ids: readonly unknown[]): string {
  return `[${ids.join(', ')}]`;
}

// Dates (UTC wall clock, the interface's `YYYY-MM-DD hh:mm:ss`): lib/spec/utc-dates.ts.
export { at, day, pastDate, wallToUtc } from './utc-dates.ts';

// ---------------------------------------------------------------------------------------------
// Requirement IDs

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type RouteItem = '' | '/{id}' | '/by-slug/{slug}';

/** Builders of requirement IDs, as `fixtures/spec/requirements.json` names them. */
export const req = {
  /** `route:GET /cal/events/v1/events/{id}` */
  route: (method: Method, resource: ResourceKey, item: RouteItem = '') =>
    `route:${method} ${NAMESPACE_PATH}/${resource}${item}`,
  /** `route:GET /cal/events/v1` (the namespace root) or `route:GET /cal/events/v1/doc` */
  rootRoute: (item: '' | '/doc' = '') => `route:GET ${NAMESPACE_PATH}${item}`,
  /** `field:events.title` */
  field: (resource: ResourceKey, name: string) => `field:${resource}.${name}`,
  /** `param:events.search`; `param:root.context` (the root route), `param:path.id` (an item route's ID) */
  param: (resource: ResourceKey | 'root' | 'path', name: string) => `param:${resource}.${name}`,
  /** A row of the coverage matrix (issue 12): `cover:events.title.post` */
  cover: (row: string) => `cover:${row}`,
  /** The matrix rows of every field and operation given: `cover:venues.city.create`, ... */
  covers: (resource: ResourceKey, fields: readonly string[], ops: readonly string[]) =>
    fields.flatMap((f) => ops.map((op) => `cover:${resource}.${f}.${op}`)),
};
