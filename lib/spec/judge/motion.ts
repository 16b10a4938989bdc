/**
 * A difference between a check's reading and the snapshot is a failure (rule `moved`:
 * lib/spec/judge/rules.ts), with one exception: a fresh reading of the snapshot proves that the
 * record itself changed since. The fresh reading is the record read by ID and the crawl's own
 * list (the same query, never an `include` or a name search standing in for it) read again; the
 * record then leaves the snapshot (a set-aside, counted against the run's bound) when the change
 * explains the difference. A second reading of the check's own query proves nothing (rule
 * `flaky`: a wrong reading and then a right one is a failure). A listed record the snapshot does
 * not hold is read by ID and judged on that copy (rule `shown-judged`). A judgement whose every
 * candidate on a side was set aside judged nothing (rule `all-set-aside`). Pure: the checks
 * (suites/observe/support.ts) read and hand the readings in.
 */
import type { ApiRecord } from '../contract.ts';
import { changed, type ItemRead, stableOf } from './fields.ts';
import type { RuleId } from './rules.ts';

/** The crawl's own list read again: whether it holds the record, and its copy there. */
export interface ListReading {
  listed: boolean;
  copy?: ApiRecord;
}

/** A fresh reading of one snapshot record: its read by ID and the crawl's list read again. */
export interface FreshReading {
  item: ItemRead;
  list: ListReading;
}

export type Proof =
  /**
   * The record changed since the snapshot: `fresh` are its copies now (by ID, then in its list
   * when that differs: a record that keeps changing), none when it is gone.
   */
  { proven: true; gone: boolean; deleted: boolean; fresh: ApiRecord[]; why: string } | { proven: false; why: string };

/**
 * Whether the crawl's list read earlier (`copy`: its copy of the record, undefined when it no
 * longer held it) is older news than the read by ID that followed it: the read by ID shows the
 * record gone, refused or changed where the list still holds it as it was. The list is then read
 * again, after the read by ID, before anything is proven (rule `moved`: a record a neighbour trashed
 * between a check's earlier list reading and its read by ID showed "changed by ID, unchanged in
 * the list": the busy reference, 2026-11-29, 3 of 28 runs of observe.events-filter.status). Pure.
 */
export function listOlderThanItem(item: ItemRead, copy: ApiRecord | undefined): boolean {
  if (!copy) return false;
  if (item.kind === 'gone' || item.kind === 'refused') return true;
  return item.kind === 'record' && stableOf(item.rec) !== stableOf(copy);
}

/**
 * Whether a fresh reading proves that the snapshot record `snap` changed: gone from both reads (a
 * 4xx by ID, or refused to this caller, and no longer in the crawl's list), or changed in what
 * holds still by ID and in the crawl's list alike (each copy differs from the snapshot; they may
 * differ from each other when the record keeps changing), or changed by ID and left the crawl's
 * list (a record trashed or unpublished: by ID 200 `status: trash`, no longer listed, measured on
 * 4.6.8). A read by ID alone, or the list alone, proves nothing.
 */
export function proveChange(snap: ApiRecord, fresh: FreshReading): Proof {
  const { item, list } = fresh;
  if (item.kind === 'gone' || item.kind === 'refused') {
    if (!list.listed)
      return {
        proven: true,
        gone: true,
        deleted: true,
        fresh: [],
        why: `gone since the snapshot (its read by ID answers ${item.status}, the crawl's list no longer holds it)`,
      };
    return {
      proven: false,
      why: `its read by ID answers ${item.status}, yet the crawl's list read again still holds it${list.copy && !changed(list.copy, snap) ? ' unchanged' : ''}`,
    };
  }
  if (item.kind === 'other') return { proven: false, why: `its read by ID answers ${item.status}` };
  const now = item.rec;
  if (!changed(now, snap))
    return {
      proven: false,
      why: `unchanged since the snapshot by its read by ID${list.listed ? ' and in the crawl list read again' : ''}`,
    };
  // Trashed and no longer listed: deleted (LEVELS.md delete: 200 `status: trash`, gone from lists).
  if (!list.listed)
    return {
      proven: true,
      gone: false,
      deleted: now.status === 'trash',
      fresh: [now],
      why: 'changed since the snapshot and left its list',
    };
  if (list.copy && changed(list.copy, snap))
    return {
      proven: true,
      gone: false,
      deleted: false,
      fresh: stableOf(list.copy) === stableOf(now) ? [now] : [now, list.copy],
      why: 'changed since the snapshot, by ID and in its list alike',
    };
  return {
    proven: false,
    why: "its read by ID differs from the snapshot, but the crawl's list read again holds it unchanged",
  };
}

/** A filter on a copy of a record: true = must be listed, false = must not be, undefined = either. */
export type Matcher = (r: ApiRecord) => boolean | undefined;

/** One difference between a check's reading and the snapshot. */
export type Difference =
  /** A snapshot record the filter must list, not listed; or one it must not list, listed (`copy`: the listed copy). */
  | { id: number; side: 'missing' | 'unexpected'; snap: ApiRecord; fresh: FreshReading; copy?: ApiRecord }
  /** A listed record the snapshot does not hold: its copy in the judged list and its read by ID. */
  | { id: number; side: 'unknown'; copy?: ApiRecord; item: ItemRead };

export interface Classified {
  id: number;
  side: Difference['side'];
  /**
   * `holds`: a failure; `set-aside`: the record left the snapshot (counted); `fine`: no difference
   * after all; `unjudged`: the site moves too fast to tell (the judgement is `error`, never a pass).
   */
  verdict: 'holds' | 'set-aside' | 'fine' | 'unjudged';
  why: string;
  rule: RuleId;
  /** A set-aside of a record proven deleted (gone, or trashed and unlisted): not counted against the bound. */
  deleted?: boolean;
}

/**
 * Judges one difference on its readings. `moving`: the crawl's own list read again proves the
 * site moving (records arrived or left, each proven by its read by ID). Pure.
 */
export function classify(d: Difference, matches: Matcher, site: { moving?: boolean } = {}): Classified {
  const out = (verdict: Classified['verdict'], why: string, rule: RuleId): Classified => ({
    id: d.id,
    side: d.side,
    verdict,
    why,
    rule,
  });
  // A trashed copy is in no list that does not ask for the trash (LEVELS.md delete: gone from default lists).
  const match: Matcher = (r) => (r?.status === 'trash' ? false : matches(r));
  if (d.side === 'unknown') {
    const { item, copy } = d;
    if (item.kind !== 'record')
      return site.moving && item.kind !== 'other'
        ? out(
            'unjudged',
            `listed, not in the snapshot, its read by ID answers ${item.status}, and the site is moving (it may be deleted since)`,
            'shown-judged',
          )
        : out('holds', `listed, not in the snapshot, and its read by ID answers ${item.status}`, 'shown-judged');
    if (match(item.rec) !== false) return out('fine', 'not in the snapshot, a match by its read by ID', 'shown-judged');
    if (copy && changed(copy, item.rec) && match(copy) !== false)
      return {
        ...out('set-aside', 'not in the snapshot, changed between the list and its read by ID', 'moved'),
        deleted: item.rec.status === 'trash',
      };
    return out('holds', 'listed, not in the snapshot, and no match by its read by ID', 'shown-judged');
  }
  const proof = proveChange(d.snap, d.fresh);
  if (!proof.proven) return out('holds', proof.why, 'moved');
  // A record that changed may have been a match, or none, when the judged list was read: any of
  // its fresh copies explains the difference, never the snapshot's.
  if (d.side === 'missing') {
    if (proof.gone || proof.fresh.some((r) => match(r) !== true))
      return { ...out('set-aside', proof.why, 'moved'), deleted: proof.deleted };
    return out('holds', `${proof.why}, and still a match by its fresh copies`, 'moved');
  }
  if (proof.gone) return out('holds', `listed, yet ${proof.why}`, 'moved');
  if ((d.copy && match(d.copy) === false) || proof.fresh.every((r) => match(r) === false))
    return out('holds', `${proof.why}, and no match by its copies`, 'moved');
  return out('set-aside', `${proof.why} into a match`, 'moved');
}

export interface Conclusion {
  holds: Classified[];
  setAside: Classified[];
  /** Why the judgement judged nothing (every candidate of a side set aside), or null. */
  unjudged: string | null;
}

/**
 * Sums up one judgement: the differences that hold fail it; those set aside leave the snapshot;
 * a side (must list, must not list) that had candidates and kept none judged nothing (rule
 * `all-set-aside`: `error`, never a pass). Pure.
 */
export function conclude(
  classes: readonly Classified[],
  sides: { must: readonly number[]; mustNot: readonly number[] },
): Conclusion {
  const holds = classes.filter((c) => c.verdict === 'holds');
  const setAside = classes.filter((c) => c.verdict === 'set-aside');
  const unread = classes.filter((c) => c.verdict === 'unjudged');
  const gone = new Set(setAside.map((c) => c.id));
  const emptied = (ids: readonly number[]) => ids.length > 0 && ids.every((id) => gone.has(id));
  const which = [emptied(sides.must) ? 'must be listed' : '', emptied(sides.mustNot) ? 'must not be listed' : '']
    .filter(Boolean)
    .join(' and ');
  const why = [
    which ? `every record that ${which} was set aside (changed since the snapshot): the judgement judged nothing` : '',
    unread.length ? `site changing too fast: ${unread.map((u) => `${u.id} ${u.why}`).join('; ')}` : '',
  ].filter(Boolean);
  return { holds, setAside, unjudged: why.length ? why.join('; ') : null };
}
