/**
 * A child record read by its own parent's path (rule `child`: lib/spec/judge/rules.ts). WordPress
 * finds a post by slug with `get_page_by_path()`, which wants the slugs of the post's ancestors in
 * the path: an event with a `post_parent` (Events Calendar Pro's recurring events are such
 * children; scripts/wp-fixtures.php makes one) is refused by its slug alone and served by
 * `<parent-slug>/<slug>` sent as one encoded path segment (`/events/by-slug/parent%2Fchild`).
 *
 * Measured on the populated original (~/original2, 2026-11-28), 6.8.0 and 4.6.8 alike: the child
 * `calcert-fixture-child-event` answers 400 `rest_invalid_param` by its slug, 200 with its own
 * record by `calcert-fixture-parent-event%2Fcalcert-fixture-child-event`, and 400 by
 * `populated-event-0-concert%2Fcalcert-fixture-child-event` (another event's slug as parent). Its
 * record names no parent (`url` is `/event/<slug>/`, `global_id_lineage` holds its own ID only).
 *
 * So a refused slug is a child's only when its parent is proven: named by the record (`parent`,
 * `post_parent`) or by the fixtures file, or found by reading the candidate parent's family (the
 * extended events list's `post_parent=<candidate>` lists the child). A server serving the child
 * through any other record's path proves nothing; so does one serving any `<x>/<slug>` (the
 * control). A child is a set-aside of its sample like any other, bounded per run. Pure.
 */
import type { ApiRecord } from '../contract.ts';
import type { ItemRead } from './fields.ts';

/** Candidate parents read through at most (the nearest lower IDs first). */
export const CHILD_TRIES = 4;

/** The slug path of a record under a parent: one path segment once encoded. */
export function childPath(parentSlug: string, slug: string): string {
  return `${parentSlug}/${slug}`;
}

/** The parent the record itself names (`parent` or `post_parent`, a positive integer, or an object with one), else null. */
export function namedParent(r: ApiRecord, fixtureChild?: { id: number; parent: number }): number | null {
  if (fixtureChild && fixtureChild.id === r.id) return fixtureChild.parent;
  for (const k of ['post_parent', 'parent']) {
    const v = r[k];
    const id = typeof v === 'number' ? v : v && typeof v === 'object' ? (v as { id?: unknown }).id : undefined;
    if (typeof id === 'number' && Number.isInteger(id) && id > 0) return id;
  }
  return null;
}

/**
 * The listed records that may be the parent of `child`, the likeliest first: the one it names
 * when it names one; else those with a slug (a path needs one), never the child itself, lower IDs
 * first (a parent exists before its child), the nearest first, then the higher ones; at most
 * CHILD_TRIES.
 */
export function parentCandidates(records: readonly ApiRecord[], child: ApiRecord, named: number | null): ApiRecord[] {
  const withSlug = records.filter(
    (r) => r && r.id !== child.id && typeof r.id === 'number' && typeof r.slug === 'string' && r.slug !== '',
  );
  if (named !== null) return withSlug.filter((r) => r.id === named);
  const below = withSlug.filter((r) => r.id < child.id).sort((a, b) => b.id - a.id);
  const above = withSlug.filter((r) => r.id > child.id).sort((a, b) => a.id - b.id);
  return [...below, ...above].slice(0, CHILD_TRIES);
}

/** How the parent of a child is known. */
export type Parenthood =
  /** Named by the record or the fixtures file. */
  | 'named'
  /** The candidate's family (the events list's `post_parent=<candidate>`) lists the child. */
  | 'family'
  /** The candidate's family was read and does not list the child. */
  | 'not-family'
  /** Nothing can say (no family to read: base has no `post_parent` filter; venues and organizers have no parents). */
  | 'unknown';

export type ChildVerdict =
  /** Served by its own parent's path: judged on the record that path serves (and counted as a set-aside). */
  | { kind: 'child'; why: string }
  /** No proof: the refusal of its slug stands (a failure of the by-slug read). */
  | { kind: 'holds'; why: string };

/**
 * Whether the refusal of a record's slug is that of a child: its slug alone answered a 4xx other
 * than 401/403 (`lone`), a read through a candidate parent's path answered the record itself
 * (`viaParent`), that candidate is proven its parent (`parenthood`), and a read through a path no
 * record has as parent did not serve it (`control`). Pure.
 */
export function childVerdict(
  lone: ItemRead,
  viaParent: ItemRead | undefined,
  parenthood: Parenthood,
  control: ItemRead | undefined,
): ChildVerdict {
  if (lone.kind !== 'gone')
    return { kind: 'holds', why: `its slug alone answered ${lone.kind === 'record' ? 'the record' : lone.status}` };
  if (viaParent?.kind !== 'record') return { kind: 'holds', why: 'no read through a candidate parent served it' };
  if (parenthood === 'not-family')
    return {
      kind: 'holds',
      why: "a path through another record served it, yet that record's family (post_parent) does not list it: not its parent",
    };
  if (parenthood === 'unknown')
    return {
      kind: 'holds',
      why: 'a path through another record served it, yet nothing names that record its parent (the record names none, no fixture does, and no family can be read)',
    };
  if (!control) return { kind: 'holds', why: 'no control read through a path no record is parent of' };
  if (control.kind === 'record')
    return {
      kind: 'holds',
      why: 'a path through a parent that does not exist served it too (the parent path proves nothing)',
    };
  return {
    kind: 'child',
    why: `a child: its slug alone answered ${lone.status}, its parent's path served it (parent ${parenthood === 'named' ? 'named by the record' : 'seen in its family'})`,
  };
}
