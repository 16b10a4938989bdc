/**
 * Venues and organizers: the two post-like "linked" resources. They share every route and differ
 * only in their name field and meta fields, so their checks are written once, over a `LinkedDef`
 * (lib/spec/resources.ts), in this folder, and declared twice (suites/venues/*.test.ts and
 * suites/organizers/*.test.ts are the entry points). This file holds the helpers those checks share.
 */
import type { CheckContext } from '../../../lib/check/index.ts';
import type { ApiResponse, Params } from '../../../lib/types.ts';
import { day, readList, recordId, type ApiRecord } from '../../../lib/spec/contract.ts';
import type { LinkedDef } from '../../../lib/spec/resources.ts';

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

/** Creates a record as setup and returns its body. */
export async function createRecord(
  t: CheckContext,
  d: LinkedDef,
  fields: Params = {},
  label = 'record',
): Promise<ApiRecord> {
  return t.create(d.plural, { [d.nameField]: t.name(`${label} ${d.kind}`), ...fields });
}

interface ListPage {
  res: ApiResponse;
  records: ApiRecord[];
  ids: number[];
  /** true when the server answered 404 read as an empty page. */
  empty404: boolean;
}

/** One list page, read by the response contract (lib/spec/contract.ts `readList`). */
export async function listPage(
  t: CheckContext,
  d: LinkedDef,
  query: Params,
  opts: { notFoundIsEmpty?: boolean; anon?: boolean } = {},
): Promise<ListPage> {
  const client = opts.anon ? t.anon : t.api;
  const res = await client.get(`/${d.plural}`, query);
  const { records, ids, emptyAs404 } = readList(t, res, d.plural, {
    what: `GET /${d.plural} with ${JSON.stringify(query)}`,
    notFoundIsEmpty: opts.notFoundIsEmpty,
  });
  return { res, records, ids, empty404: emptyAs404 };
}

/** IDs in the list restricted to the check's records (search by scope, up to 50). */
export async function scopedIds(
  t: CheckContext,
  d: LinkedDef,
  extra: Params = {},
  opts: { notFoundIsEmpty?: boolean; anon?: boolean } = {},
): Promise<{ ids: number[]; page: ListPage }> {
  const page = await listPage(t, d, { search: t.scope, per_page: 50, ...extra }, opts);
  return { ids: page.ids, page };
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
): Promise<ApiRecord> {
  const on = day(opts.daysAhead ?? 5);
  const base: Params = {
    title: t.name(`event of ${d.kind} ${id}`),
    start_date: `${on} 10:00:00`,
    end_date: `${on} 11:00:00`,
  };
  if (opts.status) base.status = opts.status;
  const attempts: unknown[] = d.kind === 'venue' ? [id, [id]] : [[id]];
  let last: ApiResponse | undefined;
  for (const value of attempts) {
    const res = await t.api.post('/events', { ...base, [d.kind]: value });
    last = res;
    const evId = recordId(res);
    if (evId !== undefined) {
      t.track('events', evId);
      return res.json as ApiRecord;
    }
    if (res.status !== 400) break;
  }
  t.blocked(`setup: creating an event linked to ${d.kind} ${id} answered ${last?.status}`, last);
}
