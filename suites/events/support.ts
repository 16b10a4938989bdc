/**
 * Small helpers shared by the event suites: an event payload carrying the check's scope, and event
 * lists read through the response contract (lib/spec/contract.ts). Assertions stay in the checks.
 */
import type { CheckContext } from '../../lib/check/index.ts';
import type { ApiResponse, Params } from '../../lib/types.ts';
import type { Client } from '../../lib/run/client.ts';
import { at, field, isInteger, isObject, readList, type ApiRecord } from '../../lib/spec/contract.ts';
import { normaliseText } from '../../lib/spec/normalise.ts';

/** A minimal valid event: scoped title, a 2-hour slot `days` ahead (inside the default window). */
export function eventBody(t: CheckContext, label: string, extra: Params = {}, days = 30): Params {
  return { title: t.name(label), start_date: at(days, 10), end_date: at(days, 12), ...extra };
}

/** The IDs of an event's linked venue(s): the original answers an object, [] or an array. */
export function linkedIds(value: unknown): number[] {
  if (Array.isArray(value)) return value.map((v) => (isObject(v) ? v.id : v)).filter(isInteger);
  const id = field(value, 'id');
  return isInteger(id) ? [id] : [];
}

interface ListResult {
  res: ApiResponse;
  records: ApiRecord[];
  ids: number[];
}

/**
 * GET /events with `query`, read as a list by the response contract (lib/spec/contract.ts `readList`:
 * the base empty-page rule; `notFoundIsEmpty` also reads a 404 JSON error as no records).
 */
export async function listEvents(
  t: CheckContext,
  query: Params,
  opts: { client?: Client; notFoundIsEmpty?: boolean; what?: string } = {},
): Promise<ListResult> {
  const res = await (opts.client ?? t.api).get('/events', query);
  const { records, ids } = readList(t, res, 'events', {
    what: opts.what ?? 'the event list',
    notFoundIsEmpty: opts.notFoundIsEmpty,
  });
  return { res, records, ids };
}

/** Every event of this check's scope (search by scope token, up to 50). */
export function scoped(
  t: CheckContext,
  query: Params = {},
  opts: { client?: Client; notFoundIsEmpty?: boolean; what?: string } = {},
): Promise<ListResult> {
  return listEvents(t, { search: t.scope, per_page: 50, ...query }, opts);
}

/** Create an event as setup; returns the record. */
export async function makeEvent(t: CheckContext, label: string, extra: Params = {}, days = 30): Promise<ApiRecord> {
  return t.create('events', eventBody(t, label, extra, days));
}

/**
 * The precondition of a removal check: `record` (a setup's answer) links every ID of `want` under
 * `key`. A removal shown on a record that never held the link proves nothing, so without it the
 * check is blocked: linking is another behaviour, with its own checks.
 */
export function requireLinked(t: CheckContext, record: ApiRecord, key: string, want: number[], what: string): void {
  const ids = linkedIds(record[key]);
  const missing = want.filter((id) => !ids.includes(id));
  if (missing.length)
    t.blocked(`${what} links ${key} [${ids.join(', ')}], not [${want.join(', ')}]: there is no link to remove`);
}

/** True when a record shows `value` as no value: absent, null, false or empty text (an emptied field). */
export const isCleared = (value: unknown) =>
  value === undefined || value === null || value === false || normaliseText(value) === '';
