/**
 * When a difference in a judged list may be set aside (issue 29): an excuse is a re-read, never
 * a verdict. The observation checks compare a filtered list with what the crawl learned; on a live
 * site other clients change their own records meanwhile. A difference (a learned record missing,
 * a learned record listed that must not be, a record the crawl never saw listed against the
 * filter) is set aside only when a second reading proves the record itself changed between the
 * two readings, in the list and in its read by ID, and the fresh reading then agrees with the
 * filter. A difference that holds over two readings fails; more than MOVED_LIMIT records set
 * aside in one judgement means the site changes too fast to judge (never a pass).
 *
 * Fields that move on every read (`modified`, `modified_utc`) prove nothing: a record changed
 * when what holds still changed (its name, dates, status, slug, text, linked venue, organizers
 * and terms, featured, a term's parent and count). Pure: the checks (suites/observe/support.ts)
 * do the reading and hand the copies in.
 */
import { normaliseText } from '../normalise.ts';
import type { ApiRecord } from '../contract.ts';

/** Records set aside (moved) in one judgement at most; more is "site changing too fast". */
export const MOVED_LIMIT = 4;

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

/** The read by ID of a record, after the judged list. */
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

/** One difference of a judged list and the readings that judge it. */
export interface Difference {
  id: number;
  /**
   * `missing`: learned as a match, not listed; `unexpected`: learned as no match, listed;
   * `unknown`: listed, never learned (another client's new record, or a wrong one).
   */
  side: 'missing' | 'unexpected' | 'unknown';
  /** The crawl's copy (absent for `unknown`). */
  learned?: ApiRecord;
  /** Its read by ID after the judged list. */
  item: ItemRead;
  /** The second reading of the judged list: whether it lists the record, and its copy there. */
  again: { listed: boolean; copy?: ApiRecord };
  /** The filter on a copy of the record: true = must be listed, false = must not, undefined = either. */
  matches: (r: ApiRecord) => boolean | undefined;
}

export interface Classified {
  id: number;
  /** `holds`: a failure; `moved`: set aside (counted); `fine`: no difference after all. */
  verdict: 'holds' | 'moved' | 'fine';
  why: string;
}

const answered = (item: ItemRead) => (item.kind === 'record' ? 'the record' : `${item.status}`);

/** Judges one difference on its two readings. Pure. */
export function classify(d: Difference): Classified {
  const out = (verdict: Classified['verdict'], why: string): Classified => ({ id: d.id, verdict, why });
  const { item, again } = d;
  if (d.side === 'missing') {
    if (again.listed) return out('moved', 'listed on the second reading');
    if (item.kind === 'gone') return out('moved', `gone since the crawl (its read by ID answers ${item.status})`);
    if (item.kind === 'refused')
      return out('moved', `no longer readable by this caller (its read by ID answers ${item.status})`);
    if (item.kind === 'other') return out('holds', `missing on two readings; its read by ID answers ${item.status}`);
    if (!changed(item.rec, d.learned)) return out('holds', 'missing on two readings, unchanged since the crawl');
    if (d.matches(item.rec) === true)
      return out('holds', 'changed since the crawl, still a match by its fresh copy, and missing on two readings');
    return out('moved', 'changed since the crawl and no longer a match');
  }
  if (d.side === 'unexpected') {
    if (!again.listed) return out('moved', 'not listed on the second reading');
    if (item.kind !== 'record')
      return out('holds', `listed on two readings, and its read by ID answers ${answered(item)}`);
    const listCopy = again.copy ?? item.rec;
    if (!changed(item.rec, d.learned) || !changed(listCopy, d.learned))
      return out('holds', 'listed on two readings, unchanged since the crawl');
    if (d.matches(listCopy) === false || d.matches(item.rec) === false)
      return out('holds', 'changed since the crawl, still no match by its fresh copy, and listed on two readings');
    return out('moved', 'changed since the crawl into a match');
  }
  // unknown: judged on its read by ID against the filter
  if (item.kind === 'record') {
    if (d.matches(item.rec) !== false) return out('fine', 'a new record that matches');
    if (!again.listed) return out('moved', 'no match by ID, and not listed on the second reading');
    if (d.matches(again.copy ?? item.rec) === false) return out('holds', 'listed on two readings, its copies no match');
    return out('moved', 'changed between the readings into a match');
  }
  if (!again.listed) return out('moved', `not listed on the second reading (its read by ID answers ${item.status})`);
  return out('holds', `listed on two readings, and its read by ID answers ${item.status}`);
}

export interface Conclusion {
  holds: Classified[];
  moved: Classified[];
  /** More than `limit` records moved: the site changes too fast to judge. */
  tooFast: boolean;
}

/** Sums up the classified differences of one judgement. Pure. */
export function conclude(classes: readonly Classified[], limit = MOVED_LIMIT): Conclusion {
  const holds = classes.filter((c) => c.verdict === 'holds');
  const moved = classes.filter((c) => c.verdict === 'moved');
  return { holds, moved, tooFast: moved.length > limit };
}

/**
 * Whether a record read by ID agrees with its copy in a list (name and, for events, dates: what a
 * read by ID must return); the check of a read by ID judges the fresh copies. Pure.
 */
export function agrees(list: ApiRecord | undefined, item: ApiRecord | undefined, nameKey: string): boolean {
  if (!list || !item) return false;
  if (normaliseText(list[nameKey]) !== normaliseText(item[nameKey])) return false;
  if (nameKey === 'title') return list.start_date === item.start_date && list.end_date === item.end_date;
  return true;
}
