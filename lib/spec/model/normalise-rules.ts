/**
 * What the model comparison normalises before it compares, as data: each rule names what it
 * applies to, why, and the measurement on the original that justifies it. Every rule hides a class
 * of faults, so there are as few as the measurements allow; a field no rule names is compared as
 * answered. The functions below apply the rules to the target's values (translated into the
 * model's terms: its IDs, its address); the model's values are compared as answered. Pure.
 */
import { DateTime } from 'luxon';
import type { ResourceKey } from '../contract.ts';
import { type Pairs, queryIdKind, type Seen, translatePairsString, translateValue } from './pairs.ts';
import { type IdKind, RESOURCE_KEYS } from './route.ts';

export interface NormalisationRule {
  name: string;
  /** What it applies to. */
  appliesTo: string;
  /** Why a difference there is no difference of behaviour. */
  reason: string;
  /** The measurement on the original that justifies it. */
  measured: string;
}

export const NORMALISATION_RULES: readonly NormalisationRule[] = [
  {
    name: 'paired-ids',
    appliesTo:
      '`id`, `term_taxonomy_id` and a term `parent` of the check records (an image the request sideloaded too), record IDs inside URLs (`rest_url`, `urls`, `next_rest_url`, `global_id`, `global_id_lineage`), in errors (`data.term_id`, `additional_data`, a number in `message`), a number in a term string (a tag named after an ID) and in requests (paths, ID parameters, ID fields of bodies)',
    reason:
      'a site numbers its records itself: the target record and the model record made by the same request are paired (lib/spec/model/pairs.ts) and compared as one',
    measured:
      '6.8.0, 2026-11-28: one event create with an inline venue and organizer answered IDs 237, 234 and 236 where the model answered 76, 77 and 78; the rest of the answer was the same. A tag sent by ID on an event create links a new tag named after that ID (quirk tag-existing-name-new-tag): its name, slug and url hold the ID',
  },
  {
    name: 'site-address',
    appliesTo:
      "the target's REST root (base URL and namespace), its origin and, in `global_id`, its host: replaced by the model's in every string; so is the site URL its REST index names (`url`), when a proxy or another host name puts it elsewhere than the base URL",
    reason: 'the site URL is configuration; the paths below it are compared',
    measured:
      '6.8.0, 2026-11-28: `url` http://127.0.0.1:8883/event/<slug>/, `rest_url` http://127.0.0.1:8883/wp-json/tribe/events/v1/events/237, `global_id` 127.0.0.1?id=237 (the host without its port)',
  },
  {
    name: 'run-window-stamps',
    appliesTo:
      '`date`, `date_utc`, `modified`, `modified_utc` of the records: a value inside the run window (5 minutes margin) on each side compares equal',
    reason:
      "the site stamps a record with its own clock when it handles the request; the model's clock follows the run's, not the target's to the second",
    measured:
      '6.8.0, 2026-11-28: one event create stamped its inline venue 16:24:00 and the event 16:24:01 (one request crosses a second); a sent `date` (outside the window) is compared as answered',
  },
  {
    name: 'json-ld-email-entities',
    appliesTo:
      "an `email` inside `json_ld` (an organizer's, an event's `json_ld.organizer`): numeric character references (`&#64;`, `&#x40;`) read as the characters they stand for, on both sides",
    reason:
      "WordPress's antispambot() encodes a random choice of the address's characters on every answer: two reads of one organizer differ; the address they stand for is compared",
    measured:
      '6.8.0 and 4.6.8, 2026-11-28: organizer info@example.org answered `json_ld.email` `&#105;&#110;f&#111;&#64;&#101;xam&#112;l&#101;.&#111;&#114;g` and on the next read another mix (36 and 37 answers of a certification)',
  },
  {
    name: 'trashed-slug-number',
    appliesTo:
      "a `slug` WordPress gave a trashed record (`<slug>__trashed`, a draft's `__trashed`): the number WordPress appends to keep it unique (`__trashed-16`) is not compared",
    reason:
      "wp_unique_post_slug numbers a trashed record's slug after every other trashed record of the site still holding it, records of other checks and other runs included: the number is the whole site's state, not the answer's",
    measured:
      '6.8.0, 2026-11-29 certify-original: trashed drafts answered `__trashed-2` up to `__trashed-16`, in the order the checks of the run trashed them, where the model of each check answered `__trashed`',
  },
  {
    name: 'sort-key-ties',
    appliesTo:
      "the order, in a list answer, of records that tie on the list's sort key: venues and organizers (newest post `date` first) with the same `date`, categories and tags asked `orderby=count` or `orderby=term_group` with the same `count` or `term_group` (every term has term_group 0 unless a plugin sets one: a record without the field ties with every other); the order of the groups, and every record, is compared",
    reason:
      'the original sorts by that key alone (WP_Query `ORDER BY post_date DESC`, WP_Term_Query `ORDER BY tt.count`): MySQL returns rows that tie in an order of its plan, not of the interface, and records made in one second tie on the date',
    measured:
      "6.8.0 and 4.6.8, 2026-11-29, six recorded certifications (notes/model/rec0..rec2): of the venue and organizer lists' neighbours with the same `date`, 25 were listed lower ID first and 15 higher ID first; `orderby=count&order=asc` listed equal counts lower ID first 8 times and higher ID first 4 times, and [b, a, c] for three tags made in that order (tags.list.orderby-other-values); on 4.6.8 (notes/model/rec3) `orderby=term_group&order=asc` listed three categories made in order as [2nd, 3rd, 1st] (categories.list.orderby-other-values)",
  },
  {
    name: 'default-end-date-clock',
    appliesTo:
      "an `end_date` inside an event list's `rest_url`, `next_rest_url` or `previous_rest_url` that is the site's clock two years on (the default end of a list asked without one): inside the run window moved two years on (5 minutes margin), on both sides, it compares equal",
    reason:
      'the original writes the default end date from its clock when it handles the request, to the second; the model writes it from its own clock',
    measured:
      '6.8.0, 2026-11-29 (notes/model/rec3): events.list.date-filters-event-zones asked `start_date=2027-01-08&strict_dates=true` without an end date and answered `end_date=2028-11-29 05:03:15` in `rest_url`, the model `05:03:16`; in Europe/Berlin (notes/model6/pop) a list by `include` wrote it in UTC, `end_date=2028-11-29 09:16:09` at 10:16 Berlin, the model `09:16:10`',
  },
  {
    name: 'concurrent-writes',
    appliesTo:
      "in an answer to a request the check had in flight while another of its writes was in flight too (the cleanup deletes a check's records a few at a time): a term's `count` (a category or tag record, or one an event embeds) beside an event write; a category's `parent`, `url` and `urls.up` beside a write of its parent",
    reason:
      'the server reads the other record when it builds the answer: a concurrent write of it (an event of the term deleted, the parent category deleted, which moves its children up) lands before or after, in no order the interface defines; the model replays the requests one after another',
    measured:
      '6.8.0 and 4.6.8, curl 2026-11-29 (notes/model6): two events of one category deleted at once answered counts (0, 0), (0, 0), (1, 0) on 6.8.0 and (1, 0), (0, 0), (0, 0) on 4.6.8, one after the other (1, 0); certify-original: categories.read.count-of-events answered 0 where the model answered 1 (notes/model/n3, 2 of 3 extended runs); the cleanups of categories.create.round-trip and categories.update.post-applies answered a child category with its parent where the model had deleted the parent first, and the other way round (4.6.8, 2026-11-29 07:13, /root/original/certify/base-1)',
  },
];

const END_DATE = /(end_date=)(\d{4})(-\d{2}-\d{2} \d{2}:\d{2}:\d{2})/g;

/** Whether two URLs differ only by default end dates that are the site's clock (rule default-end-date-clock). */
export function defaultEndDatesAgree(key: string, target: string, model: string, ctx: CompareContext): boolean {
  if (!/rest_url$/.test(key) || !ctx.window || !target.includes('end_date=')) return false;
  const clock = (url: string) =>
    url.replace(END_DATE, (whole, k: string, year: string, rest: string) => {
      const now = `${Number(year) - 2}${rest}`;
      // The site zone's clock; a list by include writes the default unconverted, UTC's clock.
      return stampsAgree('date', now, now, ctx) || stampsAgree('date_utc', now, now, ctx) ? `${k}(clock)` : whole;
    });
  return clock(target) === clock(model);
}

/** The key a list answer is sorted by alone, whose ties the original leaves in no order (rule sort-key-ties). */
export function tieKeyOf(resource: ResourceKey, list: boolean, query: string): TieKey | undefined {
  if (!list) return undefined;
  if (resource === 'venues' || resource === 'organizers') return 'date';
  if (resource !== 'categories' && resource !== 'tags') return undefined;
  const orderby = new URLSearchParams(query).get('orderby')?.toLowerCase();
  return orderby === 'count' || orderby === 'term_group' ? orderby : undefined;
}

/** A list's sort key whose ties are not compared (rule sort-key-ties). */
export type TieKey = 'date' | 'count' | 'term_group';

/**
 * Whether two orders of the same IDs agree under rule sort-key-ties: equal once each run of
 * neighbours with one value of the key (the target's value of each ID) is put in ID order.
 */
export function orderAgreesWithinTies(
  target: readonly number[],
  model: readonly number[],
  keyOf: (id: number) => unknown,
): boolean {
  const canonical = (ids: readonly number[]) => {
    const out: number[] = [];
    let run: number[] = [];
    let runKey = '';
    for (const id of ids) {
      const k = JSON.stringify(keyOf(id) ?? null);
      if (run.length && k !== runKey) {
        out.push(...run.sort((a, b) => a - b));
        run = [];
      }
      runKey = k;
      run.push(id);
    }
    out.push(...run.sort((a, b) => a - b));
    return out.join(',');
  };
  return target.length === model.length && canonical(target) === canonical(model);
}

/** Whether two slugs name one trashed record's slug under rule trashed-slug-number. */
export function trashedSlugsAgree(key: string, target: unknown, model: unknown): boolean {
  if (key !== 'slug' || typeof target !== 'string' || typeof model !== 'string') return false;
  const t = /^(.*__trashed)(?:-\d+)?$/.exec(target);
  const m = /^(.*__trashed)(?:-\d+)?$/.exec(model);
  return !!t && !!m && t[1] === m[1];
}

/** Where one side lives: its REST root (the base URL, e.g. `http://host/wp-json`) and namespace. */
export interface Site {
  baseUrl: string;
  namespace: string;
  /**
   * The site URL the REST index names (`url`), when known: a site reached through a proxy, or
   * under another host name than its own, writes its links with it, not with the base URL's origin.
   */
  siteUrl?: string;
}

/** What comparing the target's answer with the model's needs besides the two answers. */
export interface CompareContext {
  /** The resource of the route (its records' kind at the top of the answer). */
  resource: ResourceKey;
  target: Site;
  model: Site;
  pairs: Pairs;
  runTag: string;
  /** The run window, epoch ms [from, to]: stamps inside it compare equal (rule run-window-stamps). */
  window?: readonly [number, number];
  /** Told each stamp found outside the window (a run's model replayed while the window still grows: lib/certify/model-live.ts). */
  onOutsideWindow?: (ms: number) => void;
  /** The site's time zone (`date`, `modified` are wall clock there). */
  zone?: string;
  /** The list's sort key whose ties are not compared (rule sort-key-ties; tieKeyOf). */
  tieKey?: TieKey;
  /** The writes of the check in flight with this request (rule concurrent-writes). */
  concurrentWrite?: ConcurrentWrites;
}

/** The writes of a check in flight with another request of it (rule concurrent-writes). */
export interface ConcurrentWrites {
  /** An event's create, update or delete. */
  events: boolean;
  /** The target's IDs of the terms written (`/categories/12`). */
  terms: ReadonlySet<number>;
}

/**
 * A term record's fields as compared under rule concurrent-writes, on both sides: without its
 * `count` beside an event write; without `parent`, `url` and `urls.up` beside a write of its
 * parent (the target's parent, or the model's paired with it).
 */
export function withoutConcurrent(
  t: Record<string, unknown>,
  m: Record<string, unknown>,
  kind: IdKind,
  ctx: CompareContext,
): [Record<string, unknown>, Record<string, unknown>] {
  const w = ctx.concurrentWrite;
  if (!w || kind !== 'term') return [t, m];
  const drop: string[] = [];
  if (w.events && typeof t['count'] === 'number' && typeof m['count'] === 'number') drop.push('count');
  const parentWritten =
    (Number.isInteger(t['parent']) && w.terms.has(t['parent'] as number)) ||
    [...w.terms].some((id) => m['parent'] !== 0 && ctx.pairs.model('term', id) === m['parent']);
  if (parentWritten) drop.push('parent', 'url');
  if (!drop.length) return [t, m];
  const cut = (r: Record<string, unknown>) => {
    const out: Record<string, unknown> = { ...r };
    for (const k of drop) delete out[k];
    if (parentWritten && out['urls'] && typeof out['urls'] === 'object') {
      const { up: _up, ...urls } = out['urls'] as Record<string, unknown>;
      out['urls'] = urls;
    }
    return out;
  };
  return [cut(t), cut(m)];
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A URL without its trailing slashes. */
function bare(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The origin of a base URL (`scheme://host[:port]`), or '' when it is no URL. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/**
 * A string of the target's answer in the model's terms (rules site-address and paired-ids): its
 * REST root, origin and global-ID host replaced by the model's, record IDs in its URL paths and ID
 * query parameters translated. Other strings are returned as they are.
 */
export function targetString(s: string, ctx: CompareContext): string {
  const a = addressesOf(ctx);
  let out = s;
  let url = false;
  for (const tRoot of a.tRoots)
    if (out.includes(tRoot)) {
      out = out.split(tRoot).join(a.mRoot);
      url = true;
    }
  if (a.namespace && url) out = out.replace(a.namespace, `$1${ctx.model.namespace}`);
  for (const tOrigin of a.tOrigins)
    if (out.includes(tOrigin)) {
      out = out.split(tOrigin).join(a.mOrigin);
      url = true;
    }
  for (const gidOf of a.gids) {
    const gid = gidOf.exec(out);
    if (gid) return `${a.mHost}?id=${translateId('post', Number(gid[1]), ctx.pairs)}`;
  }
  if (!url) return out;
  return translateUrl(out, a.mRoot, ctx);
}

/** The two sites' addresses as targetString uses them (parsed once per pair of sites: it runs on every string compared). */
export interface Addresses {
  /** The target's REST roots: the base URL's, and the one under the site URL its index names. */
  tRoots: string[];
  mRoot: string;
  tOrigins: string[];
  mOrigin: string;
  mHost: string;
  /** The target's namespace after the model's root, when the two namespaces differ. */
  namespace: RegExp | null;
  /** A `global_id` of each of the target's hosts. */
  gids: RegExp[];
}
const addresses = new Map<string, Addresses>();
/** The sites of the last call and their addresses: most calls in a row ask for the same two sites (no key built). */
let last: { target: Site; model: Site; a: Addresses } | undefined;
export function addressesOf(ctx: CompareContext): Addresses {
  const { target: t, model: m } = ctx;
  if (
    last &&
    last.target.baseUrl === t.baseUrl &&
    last.target.siteUrl === t.siteUrl &&
    last.target.namespace === t.namespace &&
    last.model.baseUrl === m.baseUrl &&
    last.model.namespace === m.namespace
  )
    return last.a;
  const a = keyedAddressesOf(ctx);
  // Copies: a caller may change its sites after.
  last = {
    target: { baseUrl: t.baseUrl, namespace: t.namespace, ...(t.siteUrl !== undefined ? { siteUrl: t.siteUrl } : {}) },
    model: { baseUrl: m.baseUrl, namespace: m.namespace },
    a,
  };
  return a;
}
function keyedAddressesOf(ctx: CompareContext): Addresses {
  const key = `${ctx.target.baseUrl} ${ctx.target.siteUrl ?? ''} ${ctx.target.namespace} ${ctx.model.baseUrl} ${ctx.model.namespace}`;
  let a = addresses.get(key);
  if (a) return a;
  const tRoot = bare(ctx.target.baseUrl);
  const mRoot = bare(ctx.model.baseUrl);
  const origin = originOf(tRoot);
  const site = originOf(ctx.target.siteUrl ?? '');
  // The site's own origin, when it is another: the REST root keeps the base URL's path below it.
  const other = site && site !== origin && origin ? site : '';
  const tOrigins = [origin, other].filter((o) => o !== '');
  const hosts = [...new Set([hostOf(tRoot), hostOf(other)].filter((h) => h !== ''))];
  a = {
    tRoots: [tRoot, ...(other ? [other + tRoot.slice(origin.length)] : [])],
    mRoot,
    tOrigins,
    mOrigin: originOf(mRoot),
    mHost: hostOf(mRoot),
    namespace:
      ctx.target.namespace !== ctx.model.namespace
        ? new RegExp(`(${escapeRegex(mRoot)}/)${escapeRegex(ctx.target.namespace)}(?=/|$|\\?|#)`)
        : null,
    gids: hosts.map((h) => new RegExp(`^${escapeRegex(h)}\\?id=(\\d+)$`)),
  };
  // A run compares against one model address (two with the spec's reading); a long-lived process (the self-tests) many.
  if (addresses.size > 64) addresses.clear();
  addresses.set(key, a);
  return a;
}

function translateId(kind: IdKind | 'tt', n: number, pairs: Pairs): number {
  return pairs.model(kind, n) ?? n;
}

/** Record IDs in a URL of the model's address: path segments after a resource, ID query values. */
function translateUrl(url: string, mRoot: string, ctx: CompareContext): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  let query = q < 0 ? '' : url.slice(q + 1);
  let resource: ResourceKey | null = null;
  path = path.replace(/\/([a-z-]+)\/(\d+)(?=\/|$)/g, (whole, seg: string, id: string) => {
    if (!(RESOURCE_KEYS as readonly string[]).includes(seg)) return whole;
    resource = seg as ResourceKey;
    return `/${seg}/${translateId(seg === 'categories' || seg === 'tags' ? 'term' : 'post', Number(id), ctx.pairs)}`;
  });
  if (query) {
    const listed = /\/([a-z]+)\/?$/.exec(path.startsWith(mRoot) ? path.slice(mRoot.length) : path)?.[1];
    const res = (resource ?? ((RESOURCE_KEYS as readonly string[]).includes(listed ?? '') ? listed : 'events')) as
      | ResourceKey
      | string;
    const seen: Seen = { own: [], foreign: false };
    query = translatePairsString(
      query,
      (k) => queryIdKind(k, res as ResourceKey),
      ctx.pairs,
      ctx.runTag,
      seen,
      new Set(),
    );
    // `?id=` of a plain permalink (`/?p=12`, `?post_type=tribe_events&p=12`).
    query = query.replace(/(^|&)(p|page_id)=(\d+)/g, (_w, sep: string, k: string, id: string) => {
      return `${sep}${k}=${translateValue('post', id, ctx.pairs, ctx.runTag, seen)}`;
    });
  }
  return q < 0 ? path : `${path}?${query}`;
}

/** The record keys whose values are the site's clock (rule run-window-stamps). */
const STAMP_KEYS = new Set(['date', 'date_utc', 'modified', 'modified_utc']);
const STAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
/** How far outside the run window a stamp still compares equal (rule run-window-stamps). */
export const MARGIN_MS = 5 * 60_000;

/** A zone's offset from UTC now, in ms (a run is too short for a daylight-saving change to matter to its window). */
const offsets = new Map<string, number>();
function offsetMs(zone: string): number {
  let off = offsets.get(zone);
  if (off === undefined) {
    const dt = DateTime.now().setZone(zone);
    off = dt.isValid ? dt.offset * 60_000 : 0;
    offsets.set(zone, off);
  }
  return off;
}

/** The instant of a stamp (`_utc` keys in UTC, others in the site's zone), or NaN. */
function stampMs(key: string, value: string, zone: string): number {
  const m = STAMP.exec(value);
  if (!m) return Number.NaN;
  const utc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  return key.endsWith('_utc') ? utc : utc - offsetMs(zone);
}

/** Whether two stamps of a record key compare equal under rule run-window-stamps. */
export function stampsAgree(key: string, target: unknown, model: unknown, ctx: CompareContext): boolean {
  if (!STAMP_KEYS.has(key) || !ctx.window || typeof target !== 'string' || typeof model !== 'string') return false;
  const [from, to] = ctx.window;
  const inside = (ms: number) => {
    const yes = ms >= from - MARGIN_MS && ms <= to + MARGIN_MS;
    if (!yes && !Number.isNaN(ms)) ctx.onOutsideWindow?.(ms);
    return yes;
  };
  return inside(stampMs(key, target, ctx.zone ?? 'UTC')) && inside(stampMs(key, model, ctx.zone ?? 'UTC'));
}

/** A record ID of the target (rule paired-ids) as the model's, or as it is when unpaired. */
export function targetId(kind: IdKind | 'tt', value: unknown, pairs: Pairs): unknown {
  return Number.isInteger(value) && (value as number) > 0 ? translateId(kind, value as number, pairs) : value;
}

/** Numeric character references read as their characters (rule json-ld-email-entities). */
function decodeNumericRefs(s: string): string {
  return s.replace(/&#(x[0-9a-f]+|\d+);/gi, (w, n: string) => {
    const cp = n[0] === 'x' || n[0] === 'X' ? Number.parseInt(n.slice(1), 16) : Number(n);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : w;
  });
}

/** Whether two values of a JSON-LD `email` name one address under rule json-ld-email-entities. */
export function jsonLdEmailsAgree(key: string, field: string, target: unknown, model: unknown): boolean {
  if (key !== 'email' || !field.includes('json_ld') || typeof target !== 'string' || typeof model !== 'string')
    return false;
  return decodeNumericRefs(target) === decodeNumericRefs(model);
}
