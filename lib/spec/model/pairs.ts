/**
 * Records paired within one check: the target's record and the model's record made by the same
 * request, matched where they stand in the two answers (a create's record, its inline venue and
 * organizers, its new terms). The pairs translate the check's next requests from the target's IDs
 * and slugs to the model's, and decide which requests concern only the check's own records (the
 * model's scope): every other request is out of scope with a counted reason. Pure (the state is
 * one object per check replay).
 */
import { isObject, type ResourceKey } from '../contract.ts';
import { type IdKind, idKindOf, type ModelRequest, type RouteOf, parseRoute } from './route.ts';

/** Why a request of the run is not compared with the model (results.json `model.outOfScope.reasons`). */
export const OUT_OF_SCOPE = {
  'not-a-record-route': 'the root, /doc or a route outside the interface: not about the run records',
  'foreign-record': 'it names a record the check did not create (the site data, shared setup, a fixture)',
  'unscoped-list': 'a list not scoped to the check records (no include, ID filter or run-tagged search)',
  'foreign-in-list': "the target's list holds records the check did not create (other checks, shared setup)",
  'site-upcoming':
    "a venue or organizer list asked only_with_upcoming: the original keeps those linked to the site's first page of upcoming events (10, The Events Calendar's find_with_upcoming_events), which other records fill",
  'changed-unseen': 'a record it names was changed by a request the model could not replay',
  'no-answer': 'the target gave no HTTP answer',
  transient:
    'the target answered 502/503/504, transient trouble the runner does not judge (the check is `error` at worst, never `fail`)',
  desynced: 'an earlier write of the check got no answer or a transient one: the model cannot know what it did',
} as const;
export type OutOfScopeReason = keyof typeof OUT_OF_SCOPE;

/** IDs at least this large name no record on any site (lib/spec/contract.ts MISSING_ID): sent as they are. */
const MISSING_FROM = 900_000_000;

/** The target's IDs and slugs of the check's own records, and the model's for each. */
export class Pairs {
  private readonly ids: Record<IdKind | 'tt', Map<number, number>> = {
    post: new Map(),
    term: new Map(),
    tt: new Map(),
  };
  private readonly taken: Record<IdKind | 'tt', Set<number>> = { post: new Set(), term: new Set(), tt: new Set() };
  private readonly slugs = new Map<string, { model: string; kind: IdKind; target?: number }>();
  private readonly tainted = new Set<string>();
  /** The names (title, venue, organizer, name) of the check's paired records, lower-cased. */
  readonly names = new Set<string>();
  /** Pairs made (IDs and slugs): model, modelSlug and slugRecord answer alike while it stays. */
  version = 0;

  /** Pair a target ID with a model ID; false when either is already paired (the first pair holds). */
  pair(kind: IdKind | 'tt', target: number, model: number): boolean {
    if (this.ids[kind].has(target) || this.taken[kind].has(model)) return false;
    this.ids[kind].set(target, model);
    this.taken[kind].add(model);
    this.version++;
    return true;
  }
  /** Pair a target slug with the model's; `kind`, `id`: the target record it names. */
  pairSlug(target: string, model: string, kind: IdKind = 'post', id?: number): void {
    if (this.slugs.has(target)) return;
    this.slugs.set(target, { model, kind, ...(id !== undefined ? { target: id } : {}) });
    this.version++;
  }
  /** The model's ID of a target ID, or undefined. */
  model(kind: IdKind | 'tt', target: number): number | undefined {
    return this.ids[kind].get(target);
  }
  modelSlug(target: string): string | undefined {
    return this.slugs.get(target)?.model;
  }
  /** The target record a paired slug names. */
  slugRecord(target: string): [IdKind, number] | undefined {
    const s = this.slugs.get(target);
    return s?.target !== undefined ? [s.kind, s.target] : undefined;
  }
  taint(kind: IdKind, target: number): void {
    this.tainted.add(`${kind}:${target}`);
  }
  isTainted(kind: IdKind, target: number): boolean {
    return this.tainted.has(`${kind}:${target}`);
  }
  /** How many records are paired (posts and terms). */
  get size(): number {
    return this.ids.post.size + this.ids.term.size;
  }
}

/** The field naming a nested record, to pair array items by name before by position. */
const NAME_KEYS = ['title', 'venue', 'organizer', 'name', 'slug'];

function nameOf(rec: Record<string, unknown>): string | undefined {
  for (const k of NAME_KEYS) if (typeof rec[k] === 'string') return `${k}=${rec[k] as string}`;
  return undefined;
}

/** Pair one record of each side (its ID, slug, term taxonomy ID), then its nested records. */
function pairRecord(kind: IdKind, t: unknown, m: unknown, pairs: Pairs): void {
  if (!isObject(t) || !isObject(m)) return;
  if (Number.isInteger(t['id']) && Number.isInteger(m['id'])) pairs.pair(kind, t['id'] as number, m['id'] as number);
  for (const k of ['title', 'venue', 'organizer', 'name'])
    if (typeof t[k] === 'string') pairs.names.add((t[k] as string).toLowerCase());
  if (typeof t['slug'] === 'string' && typeof m['slug'] === 'string')
    pairs.pairSlug(t['slug'], m['slug'], kind, Number.isInteger(t['id']) ? (t['id'] as number) : undefined);
  if (Number.isInteger(t['term_taxonomy_id']) && Number.isInteger(m['term_taxonomy_id']))
    pairs.pair('tt', t['term_taxonomy_id'] as number, m['term_taxonomy_id'] as number);
  // An image the request made (sideloaded from a URL) is an attachment: a post of each site.
  const ti = t['image'];
  const mi = m['image'];
  if (isObject(ti) && isObject(mi) && Number.isInteger(ti['id']) && Number.isInteger(mi['id']))
    pairs.pair('post', ti['id'] as number, mi['id'] as number);
  for (const [key, nested] of [
    ['venue', 'post'],
    ['organizer', 'post'],
    ['categories', 'term'],
    ['tags', 'term'],
  ] as const)
    pairNested(nested, t[key], m[key], pairs);
}

/** Nested records (an object or an array of them): array items by name, else by position. */
function pairNested(kind: IdKind, t: unknown, m: unknown, pairs: Pairs): void {
  if (isObject(t) && isObject(m)) {
    pairRecord(kind, t, m, pairs);
    return;
  }
  if (!Array.isArray(t) || !Array.isArray(m)) return;
  const used = new Set<number>();
  const byName = t.map((ti) => {
    const n = isObject(ti) ? nameOf(ti) : undefined;
    const j = n === undefined ? -1 : m.findIndex((mi, k) => !used.has(k) && isObject(mi) && nameOf(mi) === n);
    if (j >= 0) used.add(j);
    return j;
  });
  t.forEach((ti, i) => {
    let j = byName[i] as number;
    if (j < 0 && !used.has(i) && i < m.length) {
      j = i;
      used.add(i);
    }
    if (j >= 0) pairRecord(kind, ti, m[j], pairs);
  });
}

/**
 * Learn the pairs of a record answer (2xx, not a list): the record of the route's resource, its
 * inline venue and organizers, its terms. Lists never pair (an order fault would mismatch them).
 */
export function learnPairs(resource: ResourceKey, target: unknown, model: unknown, pairs: Pairs): void {
  pairRecord(idKindOf(resource), target, model, pairs);
}

// ---------------------------------------------------------------------------------------------
// Requests translated to the model's records

/** Query parameters holding record IDs (or term slugs), with the kind of record they name. */
export function queryIdKind(key: string, resource: ResourceKey): IdKind | null {
  switch (key) {
    case 'venue':
    case 'organizer':
    case 'event':
    case 'post':
    case 'post_parent':
      return 'post';
    case 'categories':
    case 'tags':
    case 'parent':
      return 'term';
    case 'include':
    case 'exclude':
      return idKindOf(resource);
    default:
      return null;
  }
}
/** List parameters that restrict a list to records related to the named ones (not `exclude`). */
const SCOPING_KEYS = new Set(['include', 'venue', 'organizer', 'event', 'post', 'categories', 'tags', 'parent']);

/** Body fields holding record IDs. `image` names an attachment, never one the check created. */
const BODY_ID_KIND: Record<string, IdKind | 'foreign'> = {
  venue: 'post',
  organizer: 'post',
  categories: 'term',
  tags: 'term',
  parent: 'term',
  post_parent: 'post',
  image: 'foreign',
};

/** What translating one value found. */
export interface Seen {
  own: Array<[IdKind, number]>;
  foreign: boolean;
  /** A run-tagged term slug or name was met (it names only records of the run). */
  tagged?: boolean;
}

/**
 * One ID-or-slug value of the target's requests as the model's: own records translated, missing
 * IDs (0, MISSING_ID and above) and words kept; a number naming another record marks `foreign`.
 */
export function translateValue(kind: IdKind, value: string, pairs: Pairs, runTag: string, seen: Seen): string {
  const v = value.trim();
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    if (n === 0 || n >= MISSING_FROM) return value;
    const m = pairs.model(kind, n);
    if (m === undefined) {
      seen.foreign = true;
      return value;
    }
    seen.own.push([kind, n]);
    return String(m);
  }
  // A term slug or name: the model's slug of an own term; a word that carries the run tag names
  // no record of another check (every name the run makes starts with a check's own scope); any
  // other word may name a term of the site.
  if (kind === 'term' && v !== '') {
    const slug = pairs.modelSlug(v);
    if (slug !== undefined) {
      const named = pairs.slugRecord(v);
      if (named) seen.own.push(named);
      seen.tagged = true;
      return slug;
    }
    // In a body a run-tagged name makes a new term of the check's (`runTag` '' in queries: a word there names an existing term).
    if (runTag && v.includes(runTag)) seen.tagged = true;
    else seen.foreign = true;
  }
  return value;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** The name of a query or form key without its brackets (`organizer[0][id]` -> organizer). */
function baseKey(key: string): string {
  const i = key.indexOf('[');
  return i < 0 ? key : key.slice(0, i);
}

/** A `k=v&k=v` string with the ID values translated; unchanged parts kept byte for byte. */
export function translatePairsString(
  raw: string,
  kindOf: (key: string, fullKey: string) => IdKind | 'foreign' | null,
  pairs: Pairs,
  runTag: string,
  seen: Seen,
  found: Set<string>,
): string {
  if (raw === '') return raw;
  return raw
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq < 0) return part;
      const fullKey = decode(part.slice(0, eq));
      const key = baseKey(fullKey);
      found.add(key);
      const kind = kindOf(key, fullKey);
      if (kind === null) return part;
      const value = decode(part.slice(eq + 1));
      if (kind === 'foreign') {
        if (/^\d+$/.test(value.trim()) && Number(value) !== 0) seen.foreign = true;
        return part;
      }
      // Nested form keys: only an `[id]` or a list item (`[]`, `[0]`) holds an ID.
      const rest = fullKey.slice(key.length);
      if (rest && !/^(\[\d*\])?(\[id\])?$/.test(rest)) return part;
      const out = value
        .split(',')
        .map((v) => translateValue(kind, v, pairs, runTag, seen))
        .join(',');
      if (out === value) return part;
      // A list written with bare commas (a `rest_url` the site built) keeps them bare.
      const encoded = encodeURIComponent(out);
      return `${part.slice(0, eq)}=${part.slice(eq + 1).includes(',') ? encoded.replace(/%2C/g, ',') : encoded}`;
    })
    .join('&');
}

/** A JSON body with its ID fields translated (top level, and `id` of inline records). */
function translateJson(body: unknown, pairs: Pairs, runTag: string, seen: Seen): unknown {
  if (!isObject(body)) return body;
  const out: Record<string, unknown> = { ...body };
  for (const [key, kind] of Object.entries(BODY_ID_KIND)) {
    if (!(key in body)) continue;
    const one = (v: unknown): unknown => {
      if (kind === 'foreign') {
        if ((typeof v === 'number' && v !== 0) || (typeof v === 'string' && /^[1-9]\d*$/.test(v))) seen.foreign = true;
        return v;
      }
      if (typeof v === 'number' && Number.isInteger(v))
        return Number(translateValue(kind, String(v), pairs, runTag, seen));
      if (typeof v === 'string') return translateValue(kind, v, pairs, runTag, seen);
      if (isObject(v)) {
        // Inline venue or organizer data: an attachment it names is the site's (a fixture).
        const image = v['image'];
        if ((typeof image === 'number' && image !== 0) || (typeof image === 'string' && /^[1-9]\d*$/.test(image)))
          seen.foreign = true;
        return 'id' in v ? { ...v, id: one(v['id']) } : v;
      }
      return v;
    };
    const v = body[key];
    out[key] = Array.isArray(v) ? v.map(one) : one(v);
  }
  return out;
}

export type Translation =
  | {
      ok: true;
      request: ModelRequest;
      route: RouteOf;
      /** The check's own records the request names (path, query, body). */
      names: Array<[IdKind, number]>;
    }
  | { ok: false; reason: OutOfScopeReason; route: RouteOf | null; names: Array<[IdKind, number]> };

/**
 * The model's request for a request of the target, or why it is out of scope. A list is in scope
 * only when scoped to the check's records (an `include` of own IDs, an ID filter naming an own
 * record, or a search for a run-tagged word); `listInScope` then looks at the target's answer.
 */
export function translateRequest(req: ModelRequest, pairs: Pairs, runTag: string, scope?: string): Translation {
  const route = parseRoute(req.route);
  const seen: Seen = { own: [], foreign: false };
  if (!route) return { ok: false, reason: 'not-a-record-route', route, names: [] };
  let path = req.route;
  if (route.kind === 'item' && route.id !== undefined) {
    const kind = idKindOf(route.resource);
    const id = translateValue(kind, String(route.id), pairs, runTag, seen);
    path = `/${route.resource}/${id}`;
  }
  if (route.kind === 'by-slug' && route.slug !== undefined) {
    const slug = pairs.modelSlug(route.slug);
    const named = pairs.slugRecord(route.slug);
    if (named) seen.own.push(named);
    if (slug !== undefined) path = `/${route.resource}/by-slug/${encodeURIComponent(slug)}`;
    // A slug no answer of the check gave names a record of the site or of a shared setup, unless
    // the check made it up from its own scope word (a slug of no record: the model is asked the same).
    else if (!madeUpSlug(route.slug, scope)) seen.foreign = true;
  }
  const keys = new Set<string>();
  // In a query a word names an existing term (a slug): only the check's own are known to the model.
  const query = translatePairsString(req.query, (k) => queryIdKind(k, route.resource), pairs, '', seen, keys);
  let body = req.body;
  if (body !== undefined && body !== '') {
    if (/json/i.test(req.contentType ?? '')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = undefined;
      }
      if (isObject(parsed)) body = JSON.stringify(translateJson(parsed, pairs, runTag, seen));
    } else if (/x-www-form-urlencoded/i.test(req.contentType ?? ''))
      body = translatePairsString(body, (k) => BODY_ID_KIND[k] ?? null, pairs, runTag, seen, new Set());
  }
  const names = seen.own;
  if (seen.foreign) return { ok: false, reason: 'foreign-record', route, names };
  if (names.some(([k, id]) => pairs.isTainted(k, id))) return { ok: false, reason: 'changed-unseen', route, names };
  if (route.kind === 'collection' && req.method.toUpperCase() === 'GET') {
    const search = searchOf(req.query);
    const scoped =
      ((names.length > 0 || seen.tagged) && [...keys].some((k) => SCOPING_KEYS.has(k))) ||
      ownSearch(search, pairs, runTag);
    if (!scoped) return { ok: false, reason: 'unscoped-list', route, names };
    if ((route.resource === 'venues' || route.resource === 'organizers') && upcomingOnly(req.query))
      return { ok: false, reason: 'site-upcoming', route, names };
  }
  return { ok: true, request: { ...req, route: path, query, ...(body !== undefined ? { body } : {}) }, route, names };
}

/**
 * A slug the check made from its own scope word (`<scope>-no-such-slug`): no record but one of the
 * check's own can carry the scope, and the check's own records' slugs are paired from its answers,
 * so a slug of it that no answer gave names no record, on the target as on the model. A shared
 * setup's or another check's records carry their own scope word, never this one. Pure.
 */
export function madeUpSlug(slug: string, scope: string | undefined): boolean {
  return !!scope && scope.length >= 6 && slug.toLowerCase().includes(scope.toLowerCase());
}

/**
 * A search scopes a list to the check's records when one of their names carries the word and the
 * word is more than the run tag (a word of the check's own scope: another check's or a shared
 * setup's records never carry it).
 */
function ownSearch(search: string | null, pairs: Pairs, runTag: string): boolean {
  if (!search || search.length <= runTag.length || !search.includes(runTag)) return false;
  const word = search.toLowerCase();
  for (const n of pairs.names) if (n.includes(word)) return true;
  return false;
}

/**
 * Whether a venue or organizer list asks only_with_upcoming (tribe_is_truthy). The original reads
 * the site's upcoming events a page at a time (tribe_get_events without posts_per_page: 10, by
 * start date) and keeps the records linked to that page, so the answer depends on every other
 * record of the site. Measured 2026-11-29 by curl (notes/model6): on 6.8.0 a venue and an organizer
 * linked to an event in two days were listed, then no longer (200, empty) once 10 events of the
 * site started before it; 4.6.8 answered 404 venue-archive-page-not-found to such a list of its
 * own records in 3 of 8 recorded certifications (notes/model/n3, pop).
 */
function upcomingOnly(query: string): boolean {
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0 && decode(part.slice(0, eq)) === 'only_with_upcoming')
      return ['1', 'true', 'yes', 'on'].includes(
        decode(part.slice(eq + 1))
          .trim()
          .toLowerCase(),
      );
  }
  return false;
}

/** The `search` value of a raw query string, or null. */
function searchOf(query: string): string | null {
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0 && decode(part.slice(0, eq)) === 'search') return decode(part.slice(eq + 1));
  }
  return null;
}

/**
 * A scoped list's target answer is compared only when every record it lists is one of the
 * check's own (paired, unchanged behind the model's back); else the reason it is not.
 */
export function listInScope(resource: ResourceKey, targetBody: unknown, pairs: Pairs): OutOfScopeReason | null {
  const records = isObject(targetBody) ? targetBody[resource] : undefined;
  if (!Array.isArray(records)) return null;
  const kind = idKindOf(resource);
  for (const r of records) {
    const id = isObject(r) ? r['id'] : undefined;
    if (!Number.isInteger(id)) continue;
    if (pairs.model(kind, id as number) === undefined) return 'foreign-in-list';
    if (pairs.isTainted(kind, id as number)) return 'changed-unseen';
  }
  return null;
}

/** Whether a method writes. */
export function isWrite(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}
