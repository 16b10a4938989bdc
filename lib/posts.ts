/**
 * Venues and organizers: the two post-like "linked" resources. They share every route and differ
 * only in their name field and meta fields, so their checks are written once, over a `LinkedDef`,
 * and declared twice (suites/venues/*.test.ts and suites/organizers/*.test.ts call the same
 * definitions in lib/linked/). This file holds the definitions and the helpers those checks share.
 */
import type { CheckContext } from './check.ts';
import type { ApiResponse, Params } from './client.ts';

export type LinkedKind = 'venue' | 'organizer';
export type LinkedResource = 'venues' | 'organizers';

export interface LinkedDef {
  kind: LinkedKind;
  /** Route segment, plural key of lists, check-ID group. */
  plural: LinkedResource;
  /** The required name field (also the record's name key). */
  nameField: LinkedKind;
  /** Optional plain-text meta fields of the spec's table (besides description, website). */
  textFields: string[];
  /** A meta field the search looks into besides title and description (measured on both versions). */
  searchField: string;
  /** Spec section name used in `spec` clauses. */
  section: string;
}

export const VENUES: LinkedDef = {
  kind: 'venue',
  plural: 'venues',
  nameField: 'venue',
  textFields: ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'stateprovince'],
  searchField: 'city',
  section: 'Venue',
};

export const ORGANIZERS: LinkedDef = {
  kind: 'organizer',
  plural: 'organizers',
  nameField: 'organizer',
  textFields: ['phone', 'email'],
  searchField: 'email',
  section: 'Organizer',
};

/** Requirement IDs of the linked resource. */
export const req = {
  field: (d: LinkedDef, f: string) => `field:${d.plural}.${f}`,
  param: (d: LinkedDef, p: string) => `param:${d.plural}.${p}`,
  route: (d: LinkedDef, method: string, item: '' | '/{id}' | '/by-slug/{slug}') =>
    `route:${method} /cal/events/v1/${d.plural}${item}`,
};

/** An ID no record has (validated by the original as "not a venue": 400; the should is 404). */
export const MISSING_ID = 987654321;

/** A value for a text meta field, containing non-ASCII text and the check's scope. */
export function sampleValue(t: CheckContext, field: string): string {
  switch (field) {
    case 'website':
      return `https://example.org/${t.scope}/site`;
    case 'email':
      return `${t.scope}@example.org`;
    case 'zip':
      return '75004';
    case 'phone':
      return '+33 1 42 76 40 40';
    default:
      return `${t.scope} ${field} Ærøskøbing Straße Ñandú 東京`;
  }
}

/** A full create payload: the name and every optional text field of the spec's table. */
export function fullPayload(t: CheckContext, d: LinkedDef, label = 'full'): Params {
  const p: Params = {
    [d.nameField]: t.name(`${label} ${d.kind} Zürich Café`),
    description: `${t.scope} description: Crème brûlée à Ōsaka`,
  };
  for (const f of d.textFields) p[f] = sampleValue(t, f);
  p.website = sampleValue(t, 'website');
  if (d.kind === 'venue') {
    p.show_map = 'false';
    p.show_map_link = 'true';
  }
  return p;
}

/** A distinct past publication date per index (equal post dates make the original's pages overlap). */
export function pastDate(i: number): string {
  const d = new Date(Date.UTC(2020, 0, 1, 8, 0, 0) + i * 3600_000 * 25);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** Creates a record as setup and returns its body. */
export async function createRecord(t: CheckContext, d: LinkedDef, fields: Params = {}, label = 'record'): Promise<any> {
  return t.create(d.plural, { [d.nameField]: t.name(`${label} ${d.kind}`), ...fields });
}

/** Creates `n` records named `<scope> <label> i` with distinct past dates; returns them oldest first. */
export async function createMany(t: CheckContext, d: LinkedDef, n: number, label = 'paged'): Promise<any[]> {
  const out: any[] = [];
  for (let i = 0; i < n; i++) out.push(await createRecord(t, d, { date: pastDate(i) }, `${label} ${i}`));
  return out;
}

export interface ListPage {
  res: ApiResponse;
  records: any[];
  ids: number[];
  /** true when the server answered 404 (an empty page, as the base variant may). */
  empty404: boolean;
}

/**
 * One list page. The records must be an array under the plural name. A 404 reads as an empty page
 * when `allow404` (default: in the base variant, where an empty page may be a 404 JSON error).
 */
export async function listPage(
  t: CheckContext,
  d: LinkedDef,
  query: Params,
  opts: { allow404?: boolean; anon?: boolean } = {},
): Promise<ListPage> {
  const client = opts.anon ? t.anon : t.api;
  const res = await client.get(`/${d.plural}`, query);
  const allow404 = opts.allow404 ?? t.variant === 'base';
  if (res.status === 404 && allow404) return { res, records: [], ids: [], empty404: true };
  t.expectStatus(res, '2xx', `GET /${d.plural} with ${JSON.stringify(query)}`);
  const body = t.json(res, `the ${d.plural} list`);
  const records = body?.[d.plural];
  t.assert(
    Array.isArray(records),
    `the list has no array under "${d.plural}" (keys: ${body && typeof body === 'object' ? Object.keys(body).join(', ') : typeof body})`,
    res,
  );
  return { res, records, ids: records.map((r: any) => r?.id), empty404: false };
}

/** IDs in the list restricted to the check's records (search by scope, up to 50). */
export async function scopedIds(
  t: CheckContext,
  d: LinkedDef,
  extra: Params = {},
  opts: { allow404?: boolean; anon?: boolean } = {},
): Promise<{ ids: number[]; page: ListPage }> {
  const page = await listPage(t, d, { search: t.scope, per_page: 50, ...extra }, opts);
  return { ids: page.ids, page };
}

/** A readable id list for messages. */
export function show(ids: number[]): string {
  return `[${ids.join(', ')}]`;
}

function siteDay(offsetDays: number): string {
  const d = new Date(Date.now() + offsetDays * 86400_000);
  return d.toISOString().slice(0, 10);
}

/**
 * Creates an event linked to the venue/organizer `id` through event create (setup): a venue is
 * sent as a single ID and retried as `[id]` on 400 (6.x and 4.6.8 reject `venue: [id]`, other
 * servers may want an array); an organizer as an array. The event is tracked for cleanup.
 */
export async function createLinkedEvent(
  t: CheckContext,
  d: LinkedDef,
  id: number,
  opts: { daysAhead?: number; status?: string } = {},
): Promise<any> {
  const day = siteDay(opts.daysAhead ?? 5);
  const base: Params = {
    title: t.name(`event of ${d.kind} ${id}`),
    start_date: `${day} 10:00:00`,
    end_date: `${day} 11:00:00`,
  };
  if (opts.status) base.status = opts.status;
  const attempts: unknown[] = d.kind === 'venue' ? [id, [id]] : [[id]];
  let last: ApiResponse | undefined;
  for (const value of attempts) {
    const res = await t.api.post('/events', { ...base, [d.kind]: value });
    last = res;
    const evId = res.json && typeof res.json === 'object' ? res.json.id : undefined;
    if (res.status >= 200 && res.status < 300 && Number.isInteger(evId)) {
      t.track('events', evId);
      return res.json;
    }
    if (res.status !== 400) break;
  }
  t.blocked(`setup: creating an event linked to ${d.kind} ${id} answered ${last?.status}`, last);
}

/** The record's name as shown. */
export function nameOf(d: LinkedDef, rec: any): unknown {
  return rec?.[d.nameField];
}
