/**
 * Differential run (`calcert diff`): the same generated requests to two servers, the responses
 * compared after normalisation, the differences reported with a curl line for each side.
 *
 *  - Requests: the root and every list route plain, then `numRuns` list queries drawn by
 *    fast-check from a fixed seed (events lists with date, search, term, venue/organizer, featured,
 *    status, include and paging filters; venues, organizers, categories and tags lists); both
 *    sides get the identical list. Record IDs in queries (venue=, organizer=, include=, exclude=,
 *    categories=, tags=) are never random numbers: the records of both sides are first paired by
 *    name (`pairRecords`: the first page of each list, names unique on each side), the queries
 *    name a pair (`{venues_2}`) and each side sends its own ID of it, so a query asks both
 *    servers about the same record and an ID that exists on one side only never makes a false
 *    difference; without a pair, no such filter is drawn. When both sides have credentials and the run is not read-only,
 *    a small create/read/delete sequence of run-tagged records follows on each side (venue,
 *    organizer, category, tag, an event linking them), with a run-tag sweep afterwards.
 *  - Normalisation (`normaliseBody`): record IDs (`id`, `*_id`, `global_id*`, `author`, `parent`,
 *    `post_parent`), timestamps (`date`, `modified`, `*_utc`, date-time `default`s of the root
 *    document) and, inside strings, the side's own
 *    origin (scheme, host, port), namespace and numeric URL path segments / `id=` values are
 *    replaced by placeholders. Status codes and normalised JSON bodies are compared (raw text when
 *    a body is not JSON); headers are not.
 * Pure helpers are exported for the unit tests.
 */
import fc from 'fast-check';
import { Client, TransportError, type ApiResponse, type Params } from './client.ts';
import type { Auth } from './config/model.ts';
import { field, isObject, readPage, recordId } from './contract.ts';
import { normaliseText } from './normalise.ts';
import { mdCell } from './report/common.ts';

export interface DiffSide {
  baseUrl: string;
  namespace: string;
  auth: Auth;
}

export interface DiffOptions {
  base: DiffSide;
  candidate: DiffSide;
  seed: number;
  numRuns: number;
  readOnly: boolean;
  runTag: string;
  timeoutMs: number;
  concurrency?: number;
  /** Day the generated dates are relative to (YYYY-MM-DD, UTC); default today. */
  today?: string;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

/** One request of the run. `{name}` in a path or string body value is replaced by the ID that side created under that name. */
export interface Step {
  label: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Params;
  json?: Record<string, unknown>;
  /** Remember the created record's id under this name. */
  save?: string;
  /** Send with credentials (writes; and reads when both sides have credentials). */
  auth?: boolean;
}

export interface SideResponse {
  status: number | null;
  /** Transport error, when there was no HTTP answer. */
  error?: string;
  curl: string;
  excerpt: string;
}

export interface Difference {
  index: number;
  label: string;
  request: string;
  base: SideResponse;
  candidate: SideResponse;
  /** What differs: 'status 200 vs 404' or '<path>: <base> vs <candidate>' lines (first few). */
  details: string[];
}

export interface DiffResult {
  requests: number;
  same: number;
  differences: Difference[];
  /** Cleanup problems (records that may be left behind), per side. */
  cleanupErrors: string[];
  writes: boolean;
}

// ---------------------------------------------------------------------------------------------
// Generation

const LISTS = ['venues', 'organizers', 'categories', 'tags'] as const;

/** The resources whose records the queries name by ID. */
export const POOLS = ['events', 'venues', 'organizers', 'categories', 'tags'] as const;
export type PoolKey = (typeof POOLS)[number];
/** How many records of each resource exist on both sides (paired by name); `{<key>_<i>}` names the i-th. */
export type Pools = Record<PoolKey, number>;
export const NO_POOLS: Pools = { events: 0, venues: 0, organizers: 0, categories: 0, tags: 0 };

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The list queries of a run: deterministic for a seed, numRuns, day and pools. Record IDs are
 * placeholders of paired records (`{venues_0}`, `{events_3},{events_1}`), drawn only from
 * resources with pairs (`pools`); each side substitutes its own IDs.
 */
export function generateQueries(seed: number, numRuns: number, today: string, pools: Pools = NO_POOLS): Step[] {
  const day = fc.integer({ min: -400, max: 800 }).map((n) => addDays(today, n));
  const time = fc.constantFrom('00:00:00', '09:30:00', '12:00:00', '23:59:59');
  const date = fc.oneof(
    day,
    fc.tuple(day, time).map(([d, t]) => `${d} ${t}`),
  );
  const words = fc.constantFrom('calcert', 'fixture', 'event', 'venue', 'Paris', 'zzz-nothing');
  /** One paired record of `pool`, as its placeholder. */
  const one = (pool: PoolKey) => fc.integer({ min: 0, max: pools[pool] - 1 }).map((i) => `{${pool}_${i}}`);
  /** One to three paired records of `pool`, comma-separated. */
  const several = (pool: PoolKey) =>
    fc
      .uniqueArray(fc.integer({ min: 0, max: pools[pool] - 1 }), { minLength: 1, maxLength: Math.min(3, pools[pool]) })
      .map((a) => a.map((i) => `{${pool}_${i}}`).join(','));
  /** The filters on `pool`'s IDs, only when it has pairs. */
  const byId = <T extends Record<string, fc.Arbitrary<unknown>>>(pool: PoolKey, model: () => T): T | object =>
    pools[pool] > 0 ? model() : {};
  /** Term filters: slugs, or paired terms of the taxonomy. */
  const terms = (pool: 'categories' | 'tags') =>
    pools[pool] > 0
      ? fc.oneof(fc.constantFrom('music', 'sport', 'calcert'), several(pool))
      : fc.constantFrom('music', 'sport', 'calcert');
  const paging = { page: fc.integer({ min: 1, max: 3 }), per_page: fc.integer({ min: 1, max: 60 }) };
  // A few filters per query (0 to 3), so lists are not almost always empty.
  const some = <T extends Record<string, fc.Arbitrary<unknown>>>(model: T) =>
    fc
      .tuple(fc.uniqueArray(fc.constantFrom(...Object.keys(model)), { maxLength: 3 }), fc.record(model))
      .map(([keys, all]) => Object.fromEntries(keys.map((k) => [k, (all as Record<string, unknown>)[k]])) as Params);
  const events = fc
    .constant(null)
    .chain(() =>
      some({
        ...paging,
        start_date: date,
        end_date: date,
        starts_before: date,
        starts_after: date,
        ends_before: date,
        ends_after: date,
        strict_dates: fc.boolean(),
        search: words,
        categories: terms('categories'),
        tags: terms('tags'),
        ...byId('venues', () => ({ venue: one('venues') })),
        ...byId('organizers', () => ({ organizer: one('organizers') })),
        featured: fc.boolean(),
        status: fc.constantFrom('publish', 'draft', 'any'),
        ...byId('events', () => ({ include: several('events') })),
      }),
    )
    .map((query): Step => ({ label: 'events list', method: 'GET', path: '/events', query }));
  const linked = fc
    .tuple(
      fc.constantFrom('venues', 'organizers'),
      some({ ...paging, search: words, has_events: fc.boolean(), only_with_upcoming: fc.boolean() }),
    )
    .map(([r, query]): Step => ({ label: `${r} list`, method: 'GET', path: `/${r}`, query }));
  const termList = fc.constantFrom('categories' as const, 'tags' as const).chain((r) =>
    some({
      ...paging,
      search: words,
      order: fc.constantFrom('asc', 'desc'),
      orderby: fc.constantFrom('name', 'id', 'count'),
      hide_empty: fc.boolean(),
      ...byId(r, () => ({ exclude: several(r), include: several(r) })),
    }).map((query): Step => ({ label: `${r} list`, method: 'GET', path: `/${r}`, query })),
  );
  const drawn = fc.sample(
    fc.oneof({ weight: 3, arbitrary: events }, { weight: 1, arbitrary: linked }, { weight: 1, arbitrary: termList }),
    { seed, numRuns },
  );
  const fixed: Step[] = [
    { label: 'root', method: 'GET', path: '' },
    { label: 'events list', method: 'GET', path: '/events' },
    ...LISTS.map((r): Step => ({ label: `${r} list`, method: 'GET', path: `/${r}` })),
    { label: 'events list', method: 'GET', path: '/events', query: { per_page: 2 } },
    { label: 'events list', method: 'GET', path: '/events', query: { page: 2, per_page: 2 } },
  ];
  return [...fixed, ...drawn];
}

/** The create/read/delete sequence, run-tagged. */
export function writeSequence(runTag: string, today: string): Step[] {
  const d = addDays(today, 45);
  return [
    {
      label: 'create venue',
      method: 'POST',
      path: '/venues',
      json: { venue: `${runTag} diff venue`, address: '2 Diff Street', city: 'Lyon', country: 'France' },
      save: 'venue',
    },
    {
      label: 'create organizer',
      method: 'POST',
      path: '/organizers',
      json: { organizer: `${runTag} diff organizer`, email: 'diff@example.org' },
      save: 'organizer',
    },
    {
      label: 'create category',
      method: 'POST',
      path: '/categories',
      json: { name: `${runTag} diff category` },
      save: 'category',
    },
    { label: 'create tag', method: 'POST', path: '/tags', json: { name: `${runTag} diff tag` }, save: 'tag' },
    {
      label: 'create event',
      method: 'POST',
      path: '/events',
      json: {
        title: `${runTag} diff event`,
        description: 'Differential run event',
        start_date: `${d} 10:00:00`,
        end_date: `${d} 12:00:00`,
        cost: '10',
        venue: '{venue}',
        organizer: '{organizer}',
        categories: ['{category}'],
        tags: ['{tag}'],
      },
      save: 'event',
    },
    { label: 'read event', method: 'GET', path: '/events/{event}' },
    { label: 'read venue', method: 'GET', path: '/venues/{venue}' },
    { label: 'read organizer', method: 'GET', path: '/organizers/{organizer}' },
    { label: 'read category', method: 'GET', path: '/categories/{category}' },
    { label: "list the run's events", method: 'GET', path: '/events', query: { search: runTag } },
    { label: 'delete event', method: 'DELETE', path: '/events/{event}' },
    { label: 'read deleted event', method: 'GET', path: '/events/{event}' },
    { label: 'delete event again', method: 'DELETE', path: '/events/{event}' },
    { label: 'delete venue', method: 'DELETE', path: '/venues/{venue}' },
    { label: 'delete organizer', method: 'DELETE', path: '/organizers/{organizer}' },
    { label: 'delete category', method: 'DELETE', path: '/categories/{category}', query: { force: true } },
    { label: 'delete tag', method: 'DELETE', path: '/tags/{tag}', query: { force: true } },
  ].map((s) => ({ ...s, auth: true }) as Step);
}

// ---------------------------------------------------------------------------------------------
// Normalisation and comparison

const ID_KEYS = new Set([
  'id',
  'global_id',
  'global_id_lineage',
  'author',
  'parent',
  'post_parent',
  'term_id',
  'term_taxonomy_id',
  'object_id',
]);
const TIMESTAMP_KEY = /^(date|modified)$|_utc$/;
const CLOCK_VALUE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/;

export interface SideContext {
  /** `scheme://host[:port]` of the side's base URL. */
  origin: string;
  namespace: string;
  /**
   * By query parameter, the IDs this side sent for paired records and their placeholders
   * (`include -> '17' -> '{events_0}'`): a URL the server echoes (rest_url, next_rest_url) reads
   * alike on both sides.
   */
  sentIds?: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function sideContext(side: DiffSide): SideContext {
  return { origin: new URL(side.baseUrl).origin, namespace: side.namespace };
}

/** A string with the side's origin, namespace and (in URLs) numeric IDs replaced. */
export function normaliseString(s: string, ctx: SideContext): string {
  let out = s.split(ctx.origin).join('<origin>');
  if (ctx.namespace) out = out.replace(new RegExp(`(^|/)${escapeRegex(ctx.namespace)}(?=/|$|\\?|#)`, 'g'), '$1<ns>');
  if (/^(<origin>|https?:\/\/)/.test(out)) {
    out = out.replace(/\/\d+(?=\/|$|\?|#)/g, '/<id>').replace(/([?&](?:id|p|page_id|post)=)\d+/g, '$1<id>');
    const sent = ctx.sentIds;
    if (sent?.size)
      out = out.replace(/([?&])([^=&#]+)=([^&#]*)/g, (whole, sep: string, key: string, value: string) => {
        let name = key;
        let text = value;
        try {
          name = decodeURIComponent(key);
          text = decodeURIComponent(value);
        } catch {
          return whole;
        }
        const ids = sent.get(name);
        if (!ids) return whole;
        return `${sep}${key}=${text
          .split(',')
          .map((v) => ids.get(v.trim()) ?? v)
          .join(',')}`;
      });
  }
  return out;
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || v === 0 || v === '0' || v === '' || v === false;
}

/** The body as compared: IDs, timestamps, origin and namespace replaced by placeholders. */
export function normaliseBody(value: unknown, ctx: SideContext, key?: string): unknown {
  if (key !== undefined && TIMESTAMP_KEY.test(key) && typeof value === 'string') return '<timestamp>';
  // Clock-derived defaults in the root/doc documents (e.g. end_date's "now + 2 years").
  if (key === 'default' && typeof value === 'string' && CLOCK_VALUE.test(value)) return '<timestamp>';
  if (key !== undefined && ID_KEYS.has(key)) {
    if (Array.isArray(value)) return value.map(() => '<id>');
    if (typeof value === 'number' || typeof value === 'string') return isBlank(value) ? value : '<id>';
  }
  if (typeof value === 'string') return normaliseString(value, ctx);
  if (Array.isArray(value)) return value.map((v) => normaliseBody(v, ctx));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[normaliseString(k, ctx)] = normaliseBody(v, ctx, k);
    return out;
  }
  return value;
}

function show(v: unknown): string {
  if (v === undefined) return '(absent)';
  const s = JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** Paths where two normalised values differ (at most `limit`). */
export function jsonDifferences(a: unknown, b: unknown, path = '', out: string[] = [], limit = 5): string[] {
  if (out.length >= limit) return out;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${path || '/'}: ${a.length} items vs ${b.length} items`);
    for (let i = 0; i < Math.min(a.length, b.length) && out.length < limit; i++)
      jsonDifferences(a[i], b[i], `${path}/${i}`, out, limit);
    return out;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      if (out.length >= limit) break;
      jsonDifferences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}/${k}`, out, limit);
    }
    return out;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${path || '/'}: ${show(a)} vs ${show(b)}`);
  return out;
}

interface Answer {
  status: number | null;
  error?: string;
  body: unknown;
  raw: string;
  curl: string;
}

/** What differs between two answers to the same request; empty when they are the same. */
export function compareAnswers(a: Answer, actx: SideContext, b: Answer, bctx: SideContext): string[] {
  if (a.error || b.error) {
    if (a.error && b.error) return [];
    return [`transport: ${a.error ?? `HTTP ${a.status}`} vs ${b.error ?? `HTTP ${b.status}`}`];
  }
  const details: string[] = [];
  if (a.status !== b.status) details.push(`status ${a.status} vs ${b.status}`);
  if (a.body !== undefined && b.body !== undefined)
    details.push(...jsonDifferences(normaliseBody(a.body, actx), normaliseBody(b.body, bctx)));
  else if (a.body !== undefined || b.body !== undefined)
    details.push(
      `body: ${a.body === undefined ? 'not JSON' : 'JSON'} vs ${b.body === undefined ? 'not JSON' : 'JSON'}`,
    );
  else if (normaliseString(a.raw, actx).trim() !== normaliseString(b.raw, bctx).trim())
    details.push('body (not JSON) differs');
  return details;
}

// ---------------------------------------------------------------------------------------------
// Running

/** The target could not be used at all (exit 2). */
export class UnusableTarget extends Error {
  override name = 'UnusableTarget';
}

function substitute<T>(value: T, ids: Record<string, number>): T {
  if (typeof value === 'string') {
    const whole = /^\{(\w+)\}$/.exec(value);
    if (whole && ids[whole[1]!] !== undefined) return ids[whole[1]!] as T;
    return value.replace(/\{(\w+)\}/g, (m, k: string) => (ids[k] !== undefined ? String(ids[k]) : m)) as T;
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, ids)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, ids)])) as T;
  return value;
}

class Side {
  readonly client: Client;
  readonly ctx: SideContext;
  readonly ids: Record<string, number> = {};
  /** Created records not yet deleted: name -> path. */
  readonly live = new Map<string, { path: string; query?: Params }>();
  constructor(
    readonly name: 'base' | 'candidate',
    readonly side: DiffSide,
    opts: DiffOptions,
  ) {
    this.client = new Client({
      baseUrl: side.baseUrl,
      namespace: side.namespace,
      auth: side.auth,
      timeoutMs: opts.timeoutMs,
      concurrency: opts.concurrency ?? 2,
    });
    this.ctx = sideContext(side);
  }

  curl(raw: string): string {
    // Each side's secret comes from its own variable: never a password on screen.
    return this.name === 'candidate'
      ? raw
          .split('$CAL_PASSWORD')
          .join('$CAL_CANDIDATE_PASSWORD')
          .split('$CAL_AUTH_HEADER')
          .join('$CAL_CANDIDATE_AUTH_HEADER')
      : raw;
  }

  async send(step: Step, withAuth: boolean): Promise<Answer> {
    const path = substitute(step.path, this.ids);
    const unresolved = /\{\w+\}/.test(path);
    if (unresolved)
      return {
        status: null,
        error: `skipped: ${path} names a record this side did not create`,
        body: undefined,
        raw: '',
        curl: '',
      };
    try {
      const res: ApiResponse = await this.client.request({
        method: step.method,
        path,
        query: step.query ? substitute(step.query, this.ids) : undefined,
        json: step.json ? substitute(step.json, this.ids) : undefined,
        auth: withAuth,
      });
      const id = recordId(res);
      if (step.save && id !== undefined) {
        this.ids[step.save] = id;
        const base = step.path.replace(/^\/(\w+).*$/, '/$1');
        this.live.set(step.save, {
          path: `${base}/${id}`,
          ...(base === '/categories' || base === '/tags' ? { query: { force: true } } : {}),
        });
      }
      if (step.method === 'DELETE' && res.status >= 200 && res.status < 300) {
        for (const [k, v] of this.live) if (v.path === path) this.live.delete(k);
      }
      return { status: res.status, body: res.json, raw: res.text, curl: this.curl(res.exchange.curl) };
    } catch (e) {
      if (e instanceof TransportError)
        return { status: null, error: e.message, body: undefined, raw: '', curl: this.curl(e.exchange.curl) };
      throw e;
    }
  }

  /** name -> ID of the first page of a list (empty when the list cannot be read). */
  async names(pool: PoolKey, query: Params, withAuth: boolean): Promise<Map<string, number>> {
    try {
      const res = await this.client.request({ method: 'GET', path: `/${pool}`, query, auth: withAuth });
      // The one list rule (lib/contract.ts readPage): a page of records, else nothing to pair (the
      // documented empty answer on either variant; an error is no list).
      return readPage(res, pool, { variant: 'base' }).kind === 'page' ? namesToIds(res.json, pool) : new Map();
    } catch (e) {
      if (e instanceof TransportError) return new Map();
      throw e;
    }
  }

  /** Delete what the sequence left, then sweep by run tag. */
  async cleanup(runTag: string): Promise<string[]> {
    const errors: string[] = [];
    for (const [name, rec] of [...this.live].reverse()) {
      try {
        const res = await this.client.request({ method: 'DELETE', path: rec.path, query: rec.query });
        if (res.status >= 300 && res.status !== 410 && res.status !== 404)
          errors.push(`${this.name}: DELETE ${rec.path} answered ${res.status} (${name} may be left)`);
      } catch (e) {
        errors.push(`${this.name}: DELETE ${rec.path}: ${(e as Error).message}`);
      }
    }
    try {
      const { sweep } = await import('./cleanup.ts');
      const r = await sweep(this.client, runTag);
      errors.push(...r.errors.map((e) => `${this.name}: ${e}`));
    } catch (e) {
      errors.push(`${this.name}: sweep: ${(e as Error).message}`);
    }
    return errors;
  }
}

/** The field naming a record of each resource. */
const NAME_FIELD: Record<PoolKey, string> = {
  events: 'title',
  venues: 'venue',
  organizers: 'organizer',
  categories: 'name',
  tags: 'name',
};
/** At most this many pairs per resource. */
const MAX_PAIRS = 30;

/** name -> ID of the records of one list answer whose (normalised) name is unique in it. Pure. */
export function namesToIds(body: unknown, pool: PoolKey): Map<string, number> {
  const list = field(body, pool);
  const seen = new Map<string, number | null>();
  for (const rec of Array.isArray(list) ? list : []) {
    if (!isObject(rec) || typeof rec['id'] !== 'number') continue;
    const name = normaliseText(rec[NAME_FIELD[pool]]);
    if (!name) continue;
    seen.set(name, seen.has(name) ? null : rec['id']);
  }
  return new Map([...seen].filter((e): e is [string, number] => e[1] !== null));
}

/** The pairs of two sides' names (sorted by name, at most MAX_PAIRS): [base ID, candidate ID]. Pure. */
export function pairsOf(a: Map<string, number>, b: Map<string, number>): Array<[number, number]> {
  return [...a.keys()]
    .filter((n) => b.has(n))
    .sort()
    .slice(0, MAX_PAIRS)
    .map((n) => [a.get(n) as number, b.get(n) as number]);
}

/**
 * Pair the records of both sides by name (the first page of each list, 50 records), and give
 * each side its own ID of every pair (`{events_0}` ...). Returns the number of pairs per resource.
 */
async function pairRecords(a: Side, b: Side, withAuth: boolean): Promise<Pools> {
  const pools: Pools = { ...NO_POOLS };
  for (const pool of POOLS) {
    const query = { per_page: 50, ...(pool === 'categories' || pool === 'tags' ? { hide_empty: 0 } : {}) };
    const [la, lb] = await Promise.all([a.names(pool, query, withAuth), b.names(pool, query, withAuth)]);
    const pairs = pairsOf(la, lb);
    pairs.forEach(([ia, ib], i) => {
      a.ids[`${pool}_${i}`] = ia;
      b.ids[`${pool}_${i}`] = ib;
    });
    pools[pool] = pairs.length;
  }
  return pools;
}

function excerpt(a: Answer): string {
  return (a.error ?? a.raw).replace(/\s+/g, ' ').slice(0, 300);
}

function requestLine(step: Step, client: Client): string {
  const url = client.urlFor({ path: step.path, query: step.query });
  const shown = url.slice(client.root.length) || '/';
  // Placeholders of paired records read as written: include={events_0},{events_3}.
  return `${step.method} ${/%7B\w+%7D/.test(shown) ? decodeURIComponent(shown) : shown}`;
}

/** By query parameter, the IDs a side substitutes for the placeholders of a step's query, and the placeholders. Pure. */
export function sentIdsOf(query: Params | undefined, ids: Record<string, number>): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [param, v] of Object.entries(query ?? {}))
    for (const m of String(v).matchAll(/\{(\w+)\}/g)) {
      const id = ids[m[1] as string];
      if (id === undefined) continue;
      const own = out.get(param) ?? new Map<string, string>();
      own.set(String(id), m[0]);
      out.set(param, own);
    }
  return out;
}

/** Preflight: the root answers 2xx JSON on both sides (with credentials when given). */
async function usable(side: Side): Promise<void> {
  let res: ApiResponse;
  try {
    res = await side.client.request({ method: 'GET', path: '' });
  } catch (e) {
    throw new UnusableTarget(`${side.name} ${side.side.baseUrl}: ${(e as Error).message}`);
  }
  if (res.status === 401 || res.status === 403)
    throw new UnusableTarget(
      `${side.name} ${side.client.root}: the credentials are rejected (${res.status}): check the ${side.name === 'base' ? '--user/--password' : '--candidate-user/--candidate-password'}`,
    );
  if (res.status < 200 || res.status >= 300 || res.json === undefined)
    throw new UnusableTarget(
      `${side.name} ${side.client.root} answered ${res.status}${res.json === undefined ? ' without JSON' : ''}: check the URL (the REST root, e.g. https://example.org/wp-json) and the namespace`,
    );
}

export async function runDiff(opts: DiffOptions): Promise<DiffResult> {
  const log = opts.log ?? (() => undefined);
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const a = new Side('base', opts.base, opts);
  const b = new Side('candidate', opts.candidate, opts);
  const bothAuth = opts.base.auth.kind !== 'none' && opts.candidate.auth.kind !== 'none';
  const writes = bothAuth && !opts.readOnly;
  const result: DiffResult = { requests: 0, same: 0, differences: [], cleanupErrors: [], writes };
  try {
    await Promise.all([usable(a), usable(b)]);
    const pools = await pairRecords(a, b, bothAuth);
    log(
      `diff: records on both sides by name: ${POOLS.map((p) => `${pools[p]} ${p}`).join(', ')} (queries name their IDs only)`,
    );
    const steps = generateQueries(opts.seed, opts.numRuns, today, pools);
    if (writes) steps.push(...writeSequence(opts.runTag, today));
    log(
      `diff: ${steps.length} requests (seed ${opts.seed}, ${opts.numRuns} generated list queries${writes ? `, a create/read/delete sequence tagged ${opts.runTag}` : ', no writes'})`,
    );
    try {
      for (const [i, step] of steps.entries()) {
        if (opts.signal?.aborted) break;
        const withAuth = bothAuth && (step.auth ?? true);
        const [ra, rb] =
          step.method === 'GET'
            ? await Promise.all([a.send(step, withAuth), b.send(step, withAuth)])
            : [await a.send(step, withAuth), await b.send(step, withAuth)];
        result.requests++;
        const details = compareAnswers(ra, { ...a.ctx, sentIds: sentIdsOf(step.query, a.ids) }, rb, {
          ...b.ctx,
          sentIds: sentIdsOf(step.query, b.ids),
        });
        if (!details.length) {
          result.same++;
          continue;
        }
        result.differences.push({
          index: i + 1,
          label: step.label,
          request: requestLine(step, a.client),
          base: { status: ra.status, ...(ra.error ? { error: ra.error } : {}), curl: ra.curl, excerpt: excerpt(ra) },
          candidate: {
            status: rb.status,
            ...(rb.error ? { error: rb.error } : {}),
            curl: rb.curl,
            excerpt: excerpt(rb),
          },
          details,
        });
      }
    } finally {
      if (writes) {
        const errs = await Promise.all([a.cleanup(opts.runTag), b.cleanup(opts.runTag)]);
        result.cleanupErrors = errs.flat();
      }
    }
    return result;
  } finally {
    await Promise.all([a.client.close(), b.client.close()]);
  }
}

/** The differences as a terminal/Markdown table, then a curl line for each side. */
export function renderDiff(r: DiffResult, opts: Pick<DiffOptions, 'base' | 'candidate' | 'seed' | 'numRuns'>): string {
  const lines: string[] = [];
  lines.push(`base:      ${opts.base.baseUrl}/${opts.base.namespace}`);
  lines.push(`candidate: ${opts.candidate.baseUrl}/${opts.candidate.namespace}`);
  lines.push(
    `${r.requests} requests (seed ${opts.seed}, --num-runs ${opts.numRuns}${r.writes ? ', with writes' : ', read-only'}): ${r.same} same, ${r.differences.length} different`,
  );
  if (r.differences.length) {
    lines.push('', '| # | request | base | candidate | difference |', '|---|---|---|---|---|');
    for (const d of r.differences)
      lines.push(
        `| ${d.index} | ${mdCell(`${d.label}: ${d.request}`)} | ${d.base.status ?? 'no answer'} | ${d.candidate.status ?? 'no answer'} | ${mdCell(d.details.join('; '))} |`,
      );
    lines.push('', 'Reproduce (passwords come from $CAL_PASSWORD and $CAL_CANDIDATE_PASSWORD):');
    for (const d of r.differences) {
      lines.push('', `#${d.index} ${d.label}: ${d.request}`);
      lines.push(`  base:      ${d.base.curl || d.base.error || ''}`);
      lines.push(`  candidate: ${d.candidate.curl || d.candidate.error || ''}`);
    }
  }
  for (const e of r.cleanupErrors) lines.push(`cleanup: ${e}`);
  return lines.join('\n');
}
