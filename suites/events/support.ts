/**
 * Small helpers shared by the event suites: dates relative to today, an event payload carrying the
 * check's scope, and list reading that applies the minimal response contract (LEVELS.md: records
 * under `events`; base: an empty page may be a 404 JSON error). Assertions stay in the checks.
 */
import type { CheckContext } from '../../lib/check.ts';
import type { ApiResponse, Client, Params } from '../../lib/client.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of today (UTC) plus `days`. */
export function day(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** `YYYY-MM-DD hh:00:00`, `days` from today. */
export function at(days: number, hour = 10): string {
  return `${day(days)} ${pad(hour)}:00:00`;
}

/** A minimal valid event: scoped title, a 2-hour slot `days` ahead (inside the default window). */
export function eventBody(t: CheckContext, label: string, extra: Params = {}, days = 30): Params {
  return { title: t.name(label), start_date: at(days, 10), end_date: at(days, 12), ...extra };
}

/** The IDs of an event's linked venue(s): the original answers an object, [] or an array. */
export function linkedIds(value: unknown): number[] {
  if (Array.isArray(value))
    return value.map((v) => (v && typeof v === 'object' ? (v as any).id : v)).filter((n) => Number.isInteger(n));
  if (value && typeof value === 'object' && Number.isInteger((value as any).id)) return [(value as any).id];
  return [];
}

export interface ListResult {
  res: ApiResponse;
  records: any[];
  ids: number[];
}

/**
 * GET /events with `query`, read as a list. A 404 JSON error counts as "no records" when
 * `empty404` allows it (default: base variant only, where an empty page may be a 404).
 */
export async function listEvents(
  t: CheckContext,
  query: Params,
  opts: { client?: Client; empty404?: boolean; what?: string } = {},
): Promise<ListResult> {
  const res = await (opts.client ?? t.api).get('/events', query);
  const what = opts.what ?? 'the event list';
  const empty404 = opts.empty404 ?? t.variant === 'base';
  if (res.status === 404 && empty404 && res.json !== undefined) return { res, records: [], ids: [] };
  t.expectStatus(res, '2xx', what);
  const body = t.json(res, what);
  t.assert(
    body && Array.isArray(body.events),
    `${what} has no "events" array (keys: ${body && typeof body === 'object' ? Object.keys(body).join(', ') : typeof body})`,
    res,
  );
  const records = body.events as any[];
  return { res, records, ids: records.map((r) => r?.id) };
}

/** Every event of this check's scope (search by scope token, up to 50). */
export function scoped(
  t: CheckContext,
  query: Params = {},
  opts: { client?: Client; empty404?: boolean; what?: string } = {},
): Promise<ListResult> {
  return listEvents(t, { search: t.scope, per_page: 50, ...query }, opts);
}

/** Create an event as setup; returns the record. */
export async function makeEvent(t: CheckContext, label: string, extra: Params = {}, days = 30): Promise<any> {
  return t.create('events', eventBody(t, label, extra, days));
}

/** `a` and `b` hold the same IDs, in any order. */
export function sameIds(a: number[], b: number[]): boolean {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

export const show = (ids: number[]) => `[${ids.join(', ')}]`;

/** A record answer: 2xx JSON object whose id is `id`. */
export function isRecordOf(res: ApiResponse, id: number): boolean {
  return res.status >= 200 && res.status < 300 && res.json && typeof res.json === 'object' && res.json.id === id;
}

/** An ID no record has (far above any real post ID). */
export const MISSING_ID = 987654321;
