/**
 * What one request of a run sent, and what its answer carried, as element IDs of
 * lib/coverage/elements.ts (issue 32: measured from the run's own traffic, never from what a check
 * declares). Pure: an exchange's method, URL and whole body, and the parsed answer, in; IDs out.
 * IDs that name no element (a parameter the spec does not list) are dropped by the map.
 */
import { valueRule, type ValueRule } from './elements.ts';

const NS = '/cal/events/v1';
const RESOURCES = ['events', 'venues', 'organizers', 'categories', 'tags'];
/**
 * An ID no record has: the suite's MISSING_ID (987654321, lib/spec/contract.ts) and the unknown IDs
 * its generators draw (lib/spec/arbitraries/invalid.ts `unknownId`: 900,000,000 and above).
 */
const UNKNOWN_FROM = 900_000_000;

export interface SentRequest {
  method: string;
  url: string;
  /** The whole request body (the exchange keeps an excerpt only). */
  body?: string;
  contentType?: string;
  /** The configured namespace (`tribe/events/v1`). */
  namespace: string;
}

/** Where a request went: the namespace root, doc, a list, an item by ID or by slug; null outside the namespace. */
export interface Route {
  resource: string | null;
  item: '' | '/{id}' | '/by-slug/{slug}' | 'doc' | 'root';
}

/**
 * parseTarget of the last URL asked: an exchange's request and answer ask for the same one in a
 * row (CoverageRecord.note: sentElements, then answerElements), which read it and never change it.
 */
let last: { url: string; namespace: string; target: ReturnType<typeof parseTarget> } | undefined;
function targetOf(url: string, namespace: string): ReturnType<typeof parseTarget> {
  if (last?.url !== url || last.namespace !== namespace) last = { url, namespace, target: parseTarget(url, namespace) };
  return last.target;
}

/**
 * Characters of a path and query that a WHATWG URL keeps as written (lib/run/send.ts PLAIN), after
 * an http(s) scheme and an authority without user info.
 */
const PLAIN_URL = /^(https?:\/\/[^/?#\\@]*)(\/[A-Za-z0-9\-._~!$&()*+,;=:@/%[\]|?]*)$/;
/** A path segment a URL parser removes or resolves: `.` or `..`, in any percent-encoded form. */
const DOT_SEGMENT = /\/(\.|%2e)/i;
/** Whether `scheme://authority/` parses (the only part of a plain URL the parser may refuse), per authority. */
const authorities = new Map<string, boolean>();

/** A query value as URLSearchParams decodes it, when decodeURIComponent decodes it the same; else undefined. */
function formDecoded(s: string): string | undefined {
  const t = s.includes('+') ? s.replaceAll('+', ' ') : s;
  if (!t.includes('%')) return t;
  try {
    return decodeURIComponent(t);
  } catch {
    // A lone `%` or bytes that are no UTF-8: URLSearchParams keeps or replaces what this throws on.
    return undefined;
  }
}

/**
 * The pathname and query entries `new URL(url)` gives (pathname, searchParams), read without it
 * from a URL of plain characters (PLAIN_URL: nothing to percent-encode or normalise, no dot
 * segment); undefined for any other URL, or one whose query decodes otherwise than URLSearchParams
 * would read it (formDecoded). Pure but for the authorities' cache.
 */
function plainParts(url: string): { pathname: string; entries: Array<[string, string]> } | undefined {
  const m = PLAIN_URL.exec(url);
  if (!m) return undefined;
  const origin = m[1] as string;
  let ok = authorities.get(origin);
  if (ok === undefined) {
    ok = URL.canParse(`${origin}/`);
    if (authorities.size > 64) authorities.clear();
    authorities.set(origin, ok);
  }
  if (!ok) return undefined;
  const rest = m[2] as string;
  const q = rest.indexOf('?');
  const pathname = q < 0 ? rest : rest.slice(0, q);
  if (DOT_SEGMENT.test(pathname)) return undefined;
  const entries: Array<[string, string]> = [];
  if (q >= 0)
    for (const piece of rest.slice(q + 1).split('&')) {
      if (piece === '') continue;
      const eq = piece.indexOf('=');
      const name = formDecoded(eq < 0 ? piece : piece.slice(0, eq));
      const value = eq < 0 ? '' : formDecoded(piece.slice(eq + 1));
      if (name === undefined || value === undefined) return undefined;
      entries.push([name, value]);
    }
  return { pathname, entries };
}

/** The pathname and query entries of a URL (plainParts, else a WHATWG URL's); null when it does not parse. */
function urlParts(url: string): { pathname: string; entries: Iterable<[string, string]> } | null {
  const plain = plainParts(url);
  if (plain) return plain;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  return { pathname: u.pathname, entries: u.searchParams };
}

/** The route and query parameters of a URL below the namespace. Pure. */
export function parseTarget(
  url: string,
  namespace: string,
): { route: Route; query: Map<string, { values: string[]; array: boolean }> } | null {
  const u = urlParts(url);
  if (!u) return null;
  let restRoute: string | null = null;
  for (const [k, v] of u.entries)
    if (k === 'rest_route') {
      restRoute = v;
      break;
    }
  let path = restRoute ?? u.pathname;
  try {
    if (restRoute === null) path = decodeURIComponent(path);
  } catch {
    // keep it encoded
  }
  const ns = `/${namespace.replace(/^\/+|\/+$/g, '')}`;
  const at = path.indexOf(ns);
  if (at < 0) return null;
  const rest = path.slice(at + ns.length);
  if (rest !== '' && !rest.startsWith('/')) return null;
  const parts = rest.split('/').filter((p, i) => p !== '' || i === 0);
  parts.shift();
  let route: Route | null = null;
  if (parts.length === 0) route = { resource: null, item: 'root' };
  else if (parts.length === 1 && parts[0] === 'doc') route = { resource: null, item: 'doc' };
  else if (RESOURCES.includes(parts[0]!)) {
    const resource = parts[0]!;
    if (parts.length === 1) route = { resource, item: '' };
    else if (parts.length === 2 && /^\d+$/.test(parts[1]!)) route = { resource, item: '/{id}' };
    else if (parts.length === 3 && parts[1] === 'by-slug' && parts[2] !== '')
      route = { resource, item: '/by-slug/{slug}' };
  }
  if (!route) return null;
  const query = new Map<string, { values: string[]; array: boolean }>();
  for (const [k, v] of u.entries) {
    if (k === 'rest_route') continue;
    const m = /^([^[]+)(\[.*\])?$/.exec(k);
    const name = m ? m[1]! : k;
    const q = query.get(name) ?? { values: [], array: false };
    q.values.push(v);
    if (m?.[2]) q.array = true;
    query.set(name, q);
  }
  return { route, query };
}

/** The value class of a list parameter's value as sent, or undefined when it is of none. Pure. */
export function valueClasses(rule: ValueRule, sent: { values: string[]; array: boolean }): string[] {
  const v = sent.values;
  const one = v[0] ?? '';
  const out = new Set<string>();
  const members = sent.array ? v : one.split(',');
  switch (rule) {
    case 'date':
      for (const x of v) {
        if (/^\d{4}-\d{2}-\d{2}$/.test(x)) out.add('date-only');
        else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(x)) out.add('date-time');
        else if (/^@?\d{6,}$/.test(x)) out.add('timestamp');
        else if (x !== '') out.add('invalid');
      }
      break;
    case 'ids':
    case 'terms':
      if (sent.array) out.add('array');
      else if (one.includes(',')) out.add('comma');
      else if (one !== '') out.add('single');
      for (const m of members) {
        const x = m.trim();
        if (/^\d+$/.test(x) && Number(x) >= UNKNOWN_FROM) out.add('unknown');
        else if (rule === 'terms' && x !== '' && !/^\d+$/.test(x)) out.add('slug');
      }
      break;
    case 'bool':
      for (const x of v) {
        if (/^(true|1)$/i.test(x)) out.add('true');
        else if (/^(false|0)$/i.test(x)) out.add('false');
      }
      break;
    case 'per_page':
      for (const x of v) {
        const n = /^\d+$/.test(x) ? Number(x) : Number.NaN;
        out.add(n >= 1 && n <= 50 ? 'in-range' : n > 50 ? 'above-cap' : 'invalid');
      }
      break;
    case 'page':
      for (const x of v) {
        const n = /^\d+$/.test(x) ? Number(x) : Number.NaN;
        out.add(n === 1 ? 'first' : n > 1 ? 'later' : 'invalid');
      }
      break;
    case 'status':
      for (const x of v) {
        if (x === 'publish' || x === 'draft') out.add(x);
        else if (/^(pending|private|future|trash|any)$/.test(x)) out.add('other');
      }
      break;
    case 'order':
      for (const x of v) if (/^(asc|desc)$/i.test(x)) out.add(x.toLowerCase());
      break;
    case 'orderby':
      for (const x of v)
        if (x === 'name') out.add('name');
        else if (x !== '') out.add('other');
      break;
  }
  return [...out];
}

/** The top-level field names of a request body (JSON or form), or [] when it has none. Pure. */
export function bodyFields(body: string | undefined, contentType: string | undefined): string[] {
  if (body === undefined || body === '') return [];
  if (/json/i.test(contentType ?? '') || /^\s*[{[]/.test(body)) {
    try {
      const parsed = JSON.parse(body) as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.keys(parsed) : [];
    } catch {
      return [];
    }
  }
  const out = new Set<string>();
  for (const [k] of new URLSearchParams(body)) out.add(/^([^[]+)/.exec(k)?.[1] ?? k);
  return [...out];
}

/** The element IDs one request sent (route-method, parameters and their value classes, fields by operation), in a new array. Pure. */
export function sentElements(r: SentRequest): string[] {
  const target = targetOf(r.url, r.namespace);
  if (!target) return [];
  const { route, query } = target;
  const method = r.method.toUpperCase();
  const out: string[] = [];
  if (route.item === 'root') {
    if (method === 'GET') out.push(`route:GET ${NS}`);
    for (const k of query.keys()) out.push(`param:root.${k}`);
    return out;
  }
  if (route.item === 'doc') return method === 'GET' ? [`route:GET ${NS}/doc`] : [];
  const res = route.resource!;
  out.push(`route:${method} ${NS}/${res}${route.item}`);
  if (route.item === '/{id}') out.push('param:path.id');
  if (route.item === '/by-slug/{slug}') out.push('param:path.slug');
  if (route.item === '' && method === 'GET')
    for (const [k, sent] of query) {
      out.push(`param:${res}.${k}`);
      const rule = valueRule(res, k);
      if (rule) for (const cls of valueClasses(rule, sent)) out.push(`value:${res}.${k}=${cls}`);
    }
  if (res === 'events' && route.item !== '' && query.has('password')) out.push('param:item.password');
  const op =
    route.item === ''
      ? method === 'POST'
        ? 'create'
        : null
      : method === 'POST' || method === 'PUT' || method === 'PATCH'
        ? route.item === '/{id}'
          ? method.toLowerCase()
          : 'slug'
        : null;
  if (op) {
    for (const f of bodyFields(r.body, r.contentType)) out.push(`field:${res}.${f}@${op}`);
    // A field sent in the query of a write is a request field too (the spec: "request parameters").
    for (const k of query.keys()) out.push(`field:${res}.${k}@${op}`);
    if (res === 'events' && route.item !== '' && query.has('password')) out.push('param:item.password');
  }
  return out;
}

/**
 * The response fields an answer carried: a record's keys (an object with an integer `id`), a
 * list's records key and totals, an error body's `code`, `message` and `data.status`. Pure.
 */
export function answerElements(url: string, namespace: string, json: unknown): string[] {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return [];
  const target = targetOf(url, namespace);
  const body = json as Record<string, unknown>;
  const out: string[] = [];
  if (typeof body.code === 'string') {
    out.push('response:error.code');
    if ('message' in body) out.push('response:error.message');
    const data = body.data;
    if (data && typeof data === 'object' && 'status' in data) out.push('response:error.data.status');
    return out;
  }
  const res = target?.route.resource;
  if (!res) return out;
  if (Array.isArray(body[res])) {
    out.push(`response:${res}-list.${res}`);
    if ('total' in body) out.push(`response:${res}-list.total`);
    if ('total_pages' in body) out.push(`response:${res}-list.total_pages`);
    return out;
  }
  if (Number.isInteger(body.id)) for (const k of Object.keys(body)) out.push(responseId(res, k));
  return out;
}

/**
 * `response:<resource>.<key>`, one string per resource and key: a record's few dozen keys come in
 * every answer (thousands a run), and the sets their IDs go to (a check's traffic, a model check's,
 * the coverage map's counts) hash and compare one kept string faster than a new one each time.
 */
const RESPONSE_IDS = new Map<string, Map<string, string>>();
/** Keys kept per resource (a vendor's answers may carry keys without end: those are made anew). */
const RESPONSE_IDS_KEPT = 1000;
function responseId(res: string, k: string): string {
  let byKey = RESPONSE_IDS.get(res);
  if (!byKey) {
    byKey = new Map();
    RESPONSE_IDS.set(res, byKey);
  }
  let id = byKey.get(k);
  if (id === undefined) {
    id = `response:${res}.${k}`;
    if (byKey.size < RESPONSE_IDS_KEPT) byKey.set(k, id);
  }
  return id;
}
