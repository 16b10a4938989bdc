/**
 * Shared pieces of the categories and tags suites. The two taxonomies behave alike, so each
 * behaviour is written once (suites/_families/terms/*.ts, over a `Taxonomy` of lib/spec/resources.ts)
 * and declared for both by the entry points suites/categories/*.test.ts and suites/tags/*.test.ts.
 */
import type { CheckContext, CheckMeta } from '../../../lib/check/index.ts';
import type { ApiResponse, Params } from '../../../lib/types.ts';
import { at, readList, type ApiRecord, isObject } from '../../../lib/spec/contract.ts';
import { sameText } from '../../../lib/spec/normalise.ts';
import type { Taxonomy } from '../../../lib/spec/resources.ts';

/** Check metadata with the taxonomy's group as the ID prefix: `id` is `<operation>.<behaviour>`. */
export function meta(tx: Taxonomy, m: Omit<CheckMeta, 'id'> & { id: string }): CheckMeta {
  return { ...m, id: `${tx.kind}.${m.id}` };
}

/** The request fields of the spec's table for this taxonomy: categories add `parent`. */
export function termFields(tx: Taxonomy): string[] {
  return ['name', 'description', 'slug', ...(tx.hierarchical ? ['parent'] : [])];
}

/** Query that shows empty terms too (hide_empty defaults to true, and most check terms have no events). */
export const SHOW_EMPTY = { hide_empty: 0 };

interface TermList {
  res: ApiResponse;
  /** The records, [] for an empty page answered with a 404 (base empty-page rule). */
  items: ApiRecord[];
  /** True when the page was read as empty from a 404. */
  emptyAs404: boolean;
}

/** GET a term list, read by the response contract (lib/spec/contract.ts `readList`). */
export async function listTerms(
  t: CheckContext,
  tx: Taxonomy,
  query: Params,
  what = `the ${tx.kind} list`,
): Promise<TermList> {
  const res = await t.api.get(`/${tx.kind}`, query);
  const { records, emptyAs404 } = readList(t, res, tx.kind, { what });
  return { res, items: records, emptyAs404 };
}

/** IDs of a list's records. */
export function idsOf(items: ApiRecord[]): number[] {
  return items.map((r) => r?.id);
}

/** Create a term as setup (blocked if it fails); returns the record. */
export async function makeTerm(t: CheckContext, tx: Taxonomy, label: string, extra: Params = {}): Promise<ApiRecord> {
  return t.create(tx.kind, { name: t.name(label), ...extra });
}

/** A slug unique to the check: lowercase letters, digits and hyphens only. */
export function slugFor(t: CheckContext, label: string): string {
  return `${t.scope}-${label}`.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
}

/**
 * Create an event with these terms attached (extended only: the base variant has no interface
 * way to set an event's categories or tags). Terms are sent by ID: the original links a new tag
 * named after the ID when an existing tag is sent by name.
 */
export async function eventWith(t: CheckContext, tx: Taxonomy, termIds: number[], label = 'event'): Promise<ApiRecord> {
  const payload: Params = { title: t.name(label), start_date: at(3, 10), end_date: at(3, 11) };
  if (termIds.length) payload[tx.kind] = termIds;
  return t.create('events', payload);
}

/** Read one term; 2xx JSON or a failure. */
export async function readTerm(
  t: CheckContext,
  tx: Taxonomy,
  id: number,
  what = `GET /${tx.kind}/${id}`,
): Promise<{ res: ApiResponse; body: ApiRecord }> {
  const res = await t.api.get(`/${tx.kind}/${id}`);
  const body = t.record(res, what);
  t.assert(body.id === id, `${what} answered a record with id ${JSON.stringify(body.id)}, expected ${id}`, res);
  return { res, body };
}

/** Assert that the record reflects the sent fields (text normalised, slug and parent exact). */
export function assertReflects(
  t: CheckContext,
  tx: Taxonomy,
  sent: Params,
  got: unknown,
  res: ApiResponse,
  what: string,
): void {
  const rec = isObject(got) ? got : {};
  for (const key of ['name', 'description'] as const) {
    if (sent[key] === undefined) continue;
    t.assert(
      sameText(String(sent[key]), rec[key]),
      `${what}: ${key} is ${JSON.stringify(rec[key])}, expected ${JSON.stringify(sent[key])} (after normalisation)`,
      res,
    );
  }
  if (sent.slug !== undefined)
    t.assert(
      rec.slug === sent.slug,
      `${what}: slug is ${JSON.stringify(rec.slug)}, expected ${JSON.stringify(sent.slug)}`,
      res,
    );
  if (tx.hierarchical && sent.parent !== undefined)
    t.assert(
      Number(rec.parent) === Number(sent.parent),
      `${what}: parent is ${JSON.stringify(rec.parent)}, expected ${sent.parent}`,
      res,
    );
}

/** Names sorted as the original's `orderby=name` does on ASCII names: case-insensitively. */
export function byNameCaseInsensitive(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
