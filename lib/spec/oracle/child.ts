/**
 * A record read by its parent's path (issue 29): WordPress finds a post by slug with
 * `get_page_by_path()`, which wants the slugs of the post's ancestors in the path. An event with a
 * `post_parent` (Events Calendar Pro's recurring events are such children; scripts/wp-fixtures.php
 * makes one) is refused by its slug alone and served by `<parent-slug>/<slug>` sent as one
 * encoded path segment (`/events/by-slug/parent%2Fchild`).
 *
 * Measured on the populated original (~/original2, 2026-11-28), 6.8.0 and 4.6.8 alike: the child
 * `calcert-fixture-child-event` answers 400 `rest_invalid_param` by its slug, 200 with its own
 * record by `calcert-fixture-parent-event%2Fcalcert-fixture-child-event`, and 400 by
 * `populated-event-0-concert%2Fcalcert-fixture-child-event` (another event's slug as parent). Its
 * record names no parent: its `url` is `/event/calcert-fixture-child-event/` (the event type is
 * not hierarchical), `global_id_lineage` holds its own ID only, and base has no `post_parent`
 * filter. So a child is told by the server's own answers: a read through a parent's path serves
 * it, and a read through a path no parent has (the control) does not.
 *
 * Pure: the check (suites/observe/records.test.ts) does the reads and hands the answers in.
 */
import type { ApiRecord } from '../contract.ts';
import type { ItemRead } from './moved.ts';

/** The slug path of a record under a parent: one path segment once encoded. */
export function childPath(parentSlug: string, slug: string): string {
  return `${parentSlug}/${slug}`;
}

/**
 * The listed records that may be the parent of `child`, the likeliest first: those with a slug
 * (a path needs one), never the child itself; a parent exists before its child, so lower IDs
 * come first, the nearest first, then the higher ones.
 */
export function parentCandidates(records: readonly ApiRecord[], child: ApiRecord): ApiRecord[] {
  const withSlug = records.filter(
    (r) => r && r.id !== child.id && typeof r.id === 'number' && typeof r.slug === 'string' && r.slug !== '',
  );
  const below = withSlug.filter((r) => r.id < child.id).sort((a, b) => b.id - a.id);
  const above = withSlug.filter((r) => r.id > child.id).sort((a, b) => a.id - b.id);
  return [...below, ...above];
}

export type ChildVerdict =
  /** Read by its parent's path: the by-slug route serves it by the path WordPress names it by. */
  | { kind: 'child'; why: string }
  /** No proof: the refusal of its slug stands (a failure of the by-slug read). */
  | { kind: 'holds'; why: string };

/**
 * Whether the refusal of a record's slug is that of a child: its slug alone answered a 4xx other
 * than 401/403 (`lone`: `gone` in itemRead's terms, what the original answers), a read through a
 * parent's path answered the record itself (`viaParent`), and a read through a path no record
 * has as parent did not (`control`: a server serving any `<x>/<slug>` proves nothing). A 5xx, a
 * refusal (401/403), another record, or no parent path that serves it: the refusal holds. Pure.
 */
export function childVerdict(
  lone: ItemRead,
  viaParent: ItemRead | undefined,
  control: ItemRead | undefined,
): ChildVerdict {
  if (lone.kind !== 'gone')
    return { kind: 'holds', why: `its slug alone answered ${lone.kind === 'record' ? 'the record' : lone.status}` };
  if (viaParent?.kind !== 'record')
    return { kind: 'holds', why: 'no read through a listed record as parent served it' };
  if (!control) return { kind: 'holds', why: 'no control read through a path no record is parent of' };
  if (control.kind === 'record')
    return {
      kind: 'holds',
      why: 'a path through a parent that does not exist served it too (the parent path proves nothing)',
    };
  return { kind: 'child', why: `a child: its slug alone answered ${lone.status}, its parent's path served it` };
}
