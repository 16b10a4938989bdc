/**
 * What holds still of a record, and what a read of one shows (rules `holds-still`, `snapshot`:
 * lib/spec/judge/rules.ts). Fields that move on every read (`modified`, `modified_utc`: a site
 * whose plugins touch posts on every view, the reference's busy mode) prove nothing: a record
 * changed when what holds still changed (its name, dates, status, slug, text, linked venue,
 * organizers and terms, featured, a term's parent and count). Pure.
 */
import { normaliseText } from '../normalise.ts';
import type { ApiRecord } from '../contract.ts';

/** Keys whose values hold still between two reads of an unchanged record (text keys normalised). */
const TEXT_KEYS = [
  'title',
  'name',
  'description',
  'address',
  'city',
  'country',
  'province',
  'state',
  'stateprovince',
  'zip',
  'phone',
  'email',
  'website',
] as const;
const PLAIN_KEYS = [
  'status',
  'slug',
  'start_date',
  'end_date',
  'all_day',
  'featured',
  'hide_from_listings',
  'parent',
  'count',
  'taxonomy',
] as const;
/** Keys that link other records: compared by the IDs they name (an embedded copy carries its own stamps). */
const LINK_KEYS = ['venue', 'organizer', 'categories', 'tags'] as const;

function idsOf(v: unknown): number[] {
  const list = Array.isArray(v) ? v : v && typeof v === 'object' ? [v] : [];
  return list
    .map((x: unknown) => (typeof x === 'number' ? x : x && typeof x === 'object' ? (x as { id?: unknown }).id : null))
    .filter((x): x is number => typeof x === 'number')
    .sort((a, b) => a - b);
}

/**
 * What holds still of a record: the same text for two copies of an unchanged record (a list's
 * copy and the read by ID, or two reads), whatever `modified` says. A venue's or organizer's name
 * (`venue`, `organizer` as a string) is text; an event's `venue`/`organizer` are links.
 */
export function stableOf(r: ApiRecord | undefined): string {
  if (!r || typeof r !== 'object') return '';
  const out: Record<string, unknown> = { id: r.id };
  for (const k of TEXT_KEYS) if (r[k] !== undefined) out[k] = normaliseText(r[k]);
  for (const k of PLAIN_KEYS) if (r[k] !== undefined) out[k] = r[k];
  for (const k of LINK_KEYS) {
    const v = r[k];
    if (v === undefined) continue;
    out[k] = typeof v === 'string' ? normaliseText(v) : idsOf(v);
  }
  return JSON.stringify(out);
}

/** Whether two copies of a record differ in what holds still. */
export function changed(a: ApiRecord | undefined, b: ApiRecord | undefined): boolean {
  return stableOf(a) !== stableOf(b);
}

/** A read of one record (by ID or by slug). */
export type ItemRead =
  | { kind: 'record'; rec: ApiRecord }
  /** A 4xx other than 401/403: the record is gone (deleted, or never was one of this type). */
  | { kind: 'gone'; status: number }
  /** 401 or 403: the caller may not read it. */
  | { kind: 'refused'; status: number }
  /** Anything else (a 5xx, a 2xx that is no record of this ID). */
  | { kind: 'other'; status: number };

export function itemRead(status: number, body: unknown, id: number): ItemRead {
  if (status === 401 || status === 403) return { kind: 'refused', status };
  if (status >= 400 && status < 500) return { kind: 'gone', status };
  if (status >= 200 && status < 300 && body && typeof body === 'object' && (body as ApiRecord).id === id)
    return { kind: 'record', rec: body as ApiRecord };
  return { kind: 'other', status };
}

/**
 * Whether a record read by ID agrees with its copy in a list (name and, for events, dates: what a
 * read by ID must return). Pure.
 */
export function agrees(list: ApiRecord | undefined, item: ApiRecord | undefined, nameKey: string): boolean {
  if (!list || !item) return false;
  if (normaliseText(list[nameKey]) !== normaliseText(item[nameKey])) return false;
  if (nameKey === 'title') return list.start_date === item.start_date && list.end_date === item.end_date;
  return true;
}

/** A record trashed or otherwise no longer published: no list that does not ask for it shows it. */
export function unpublished(r: ApiRecord | undefined): boolean {
  return typeof r?.status === 'string' && r.status !== 'publish';
}

/**
 * Statuses WordPress keeps no slug for (rule `empty-slug`): wp_insert_post() names a post from its
 * title for every status but these. Measured on 6.8.0 (2026-11-29): a draft and a pending event
 * read `slug: ""` with credentials, a private one its slug.
 */
const SLUGLESS_STATUSES = new Set(['draft', 'pending', 'auto-draft']);

/** Whether a record's status gives it a slug (a record of no status is judged as published). */
export function sluggable(r: ApiRecord): boolean {
  return typeof r?.status !== 'string' || !SLUGLESS_STATUSES.has(r.status);
}
