/**
 * A list judged against its size (per_page, the defaults, totals, a page past the end): against
 * the snapshot's count, with no retry until right (rules `flaky`, `moved`: lib/spec/judge/rules.ts).
 * A reading right against the snapshot passes. A wrong one fails unless a fresh reading of the
 * snapshot proves the list moved: the crawl's own list read again holds other records, each of
 * them proven by its read by ID (a record that arrived reads as a record; one that left is gone,
 * refused, or changed since the snapshot). Only then is the list read again, once, between that
 * count and a second one: equal counts judge the second reading strictly, different counts leave
 * the check unjudged ("site changing too fast"), never passed. The records proven gone leave the
 * snapshot (set-asides, counted against the run's bound).
 *
 * Measured (issue 29, twin runs on the populated 4.6.8, 2026-11-28): a twin created two tags
 * between the crawl's count and a defaults check's reads; another wrote organizers through every
 * count of a per_page check. Pure but for the readers the check hands in.
 */
import type { ApiRecord } from '../contract.ts';
import { changed, type ItemRead } from './fields.ts';
import type { RuleId } from './rules.ts';
import { shiftedAtBoundary } from './partition.ts';

/** How one list's IDs differ from another reading's, each difference proven or not by its read by ID. */
export interface Motion {
  /** In the later reading only, and read by ID as a record: arrived. */
  arrived: number[];
  /** In the earlier reading only, and gone, refused or changed by ID: left. */
  left: number[];
  /** Of `left`, those proven deleted (gone by ID, or trashed): not counted against the bound. */
  deleted?: number[];
  /** In the later reading only, created and deleted meanwhile (see motionOf `after`): motion too. */
  passed?: number[];
  /**
   * In the earlier reading only, unchanged by ID, and placed by the earlier reading at a page
   * boundary of the later one, while other records arrived, left or passed: skipped by the later
   * paged reading as the list moved under it (rule `shifted`), no difference of the list.
   */
  skipped?: number[];
  /** Differences their reads by ID do not explain. */
  unproven: Array<{ id: number; why: string }>;
}

/**
 * How `later` differs from `earlier` (two readings of one list), proven record by record: `reads`
 * holds the read by ID of every ID in one reading only, `copies` the earlier reading's records.
 * `after`: the list read once more after the reads by ID, when one was taken: a record listed in
 * `later` only, gone or refused by ID and no longer listed there, was created and deleted in
 * between (another client's; a visitor is refused a trashed event, 403 on 6.8.0): it passed
 * through, neither arrived nor unproven. Listed again, it is unproven (a record listed that does
 * not exist, or one refused to whoever it is listed to). Pure.
 */
export function motionOf(
  earlier: readonly number[],
  later: readonly number[],
  reads: ReadonlyMap<number, ItemRead>,
  copies: ReadonlyMap<number, ApiRecord>,
  after?: ReadonlySet<number>,
  /** The later reading's page size (rule `shifted`: a record it skipped at a page boundary). */
  perPage?: number,
): Motion {
  const a = new Set(earlier);
  const b = new Set(later);
  const out: Motion = { arrived: [], left: [], unproven: [], deleted: [], passed: [], skipped: [] };
  const unchanged: number[] = [];
  for (const id of later)
    if (!a.has(id)) {
      const r = reads.get(id);
      if (r?.kind === 'record') out.arrived.push(id);
      // Gone, or refused to this caller (a visitor reads a trashed event as 403 on 6.8.0), and no
      // longer listed after: created and deleted meanwhile.
      else if ((r?.kind === 'gone' || r?.kind === 'refused') && after && !after.has(id)) out.passed?.push(id);
      else out.unproven.push({ id, why: `${id} is listed now, yet its read by ID answers ${r ? r.kind : 'nothing'}` });
    }
  for (const id of earlier)
    if (!b.has(id)) {
      const r = reads.get(id);
      if (r && (r.kind === 'gone' || r.kind === 'refused' || (r.kind === 'record' && changed(r.rec, copies.get(id))))) {
        out.left.push(id);
        if (r.kind === 'gone' || (r.kind === 'record' && r.rec.status === 'trash')) out.deleted?.push(id);
      } else if (r?.kind === 'record' && perPage && shiftedAtBoundary(later, perPage, earlier, id)) unchanged.push(id);
      else
        out.unproven.push({
          id,
          why: `${id} is no longer listed, yet its read by ID answers ${r?.kind === 'record' ? 'it unchanged' : r ? r.status : 'nothing'}`,
        });
    }
  // A skip needs the list to have moved: with nothing else proven, an unchanged record no longer
  // listed is unexplained.
  if (moving(out)) out.skipped?.push(...unchanged);
  else
    for (const id of unchanged)
      out.unproven.push({ id, why: `${id} is no longer listed, yet its read by ID answers it unchanged` });
  return out;
}

/**
 * Whether a motion proves the site moving: a record arrived, left or passed through, each proven
 * by its read by ID. Differences no read explains beside them do not undo the proof: a record a
 * paged reading skipped while another left before it reads unchanged by ID (rule `shifted`).
 */
export function moving(m: Motion): boolean {
  return m.arrived.length > 0 || m.left.length > 0 || (m.passed?.length ?? 0) > 0;
}

/** Whether two readings hold the same records. */
export function still(m: Motion): boolean {
  return !m.arrived.length && !m.left.length && !m.unproven.length && !m.passed?.length;
}

export type CountVerdict =
  /** `wrong` is '' for a pass; `count` is the count judged against. */
  | { judged: true; wrong: string; count: number; rule: RuleId; left: number[] }
  /** The list moved during every round: the suite could not judge ("site changing too fast"). */
  | { judged: false; why: string; rule: RuleId; left: number[] };

/**
 * A reading's judgement against a count: '' when right, else what is wrong. A reading of several
 * answers may name, as `single`, what one of its answers shows alone (the defaults check: the
 * page without per_page holds min(10, n) whatever the other answer says): that part is judged as
 * one answer (rule `flaky`).
 */
export type Judge = ((count: number) => string) & { single?: (count: number) => string };

/**
 * Records that may arrive and leave again between the snapshot and the list read again, seen by
 * neither (measured: selftest/safety/neighbours.test.ts, a client creating and deleting its own
 * tags, made one answer list 18 tags where the snapshot and the list read again held 14).
 */
const UNSEEN_ARRIVALS = 1000;

/** Rounds a count judgement reads the list again at most, each after a motion proven by reads by ID. */
const COUNT_ROUNDS = 3;

export async function judgeCount(o: {
  /** The snapshot's count of the list (the crawl's second reading), and its IDs. */
  count: number;
  ids: readonly number[];
  /** Reads the list (knowing the count it expects, for a page past the end) and returns the reading's judgement against any count. */
  read: (count: number) => Promise<Judge>;
  /** The crawl's own list read again (its IDs), or null when it could not be read to its end. */
  fresh: () => Promise<number[] | null>;
  /** How a later reading of the list differs from an earlier one, proven by reads by ID (motionOf). */
  motion: (earlier: readonly number[], later: readonly number[]) => Promise<Motion>;
  /** Whether the first reading was one answer (one request): no motion between answers explains it. */
  oneAnswer?: () => boolean;
}): Promise<CountVerdict> {
  const firstJudge = await o.read(o.count);
  const first = firstJudge(o.count);
  if (!first) return { judged: true, wrong: '', count: o.count, rule: 'flaky', left: [] };
  let before = await o.fresh();
  if (!before)
    return { judged: false, why: `${first}; the list could not be read again to its end`, rule: 'flaky', left: [] };
  const m = await o.motion(o.ids, before);
  if (still(m))
    return {
      judged: true,
      wrong: `${first} (no record moved since the snapshot: the list read again holds the same ${o.count} records)`,
      count: o.count,
      rule: 'flaky',
      left: [],
    };
  if (m.unproven.length) return { judged: true, wrong: unexplained(first, m), count: o.count, rule: 'moved', left: [] };
  // One answer wrong against every count the proven motion allows: no motion explains it (rule `flaky`).
  // Above the proven range the answer may hold records that arrived and left again between the
  // snapshot and the list read again (in neither reading): only a count no arrival explains fails
  // at once; a larger one is read again below.
  const range = countRange(o.count, m);
  const alone = o.oneAnswer?.() ? firstJudge : firstJudge.single;
  if (alone && !explainable(alone, { low: range.low, high: range.high + UNSEEN_ARRIVALS }))
    return {
      judged: true,
      wrong: `${alone(o.count) || first} (one answer, wrong at every count from ${range.low} up that the records proven to have left since the snapshot allow, and at every larger count that records arriving and leaving again between two readings could make)`,
      count: o.count,
      rule: 'flaky',
      left: [],
    };
  // Motion proven: the list is read again between two counts; a reading between equal counts is
  // judged strictly, one right against both of two different counts passes (k at or below both:
  // min(k, n) is k at either); any other round needs its own motion proven to read again.
  for (let round = 1; round <= COUNT_ROUNDS; round++) {
    const judge = await o.read(before.length);
    const after = await o.fresh();
    if (!after) break;
    if (sameSet(after, before))
      return { judged: true, wrong: judge(before.length), count: before.length, rule: 'moved', left: m.left };
    if (!judge(before.length) && !judge(after.length))
      return { judged: true, wrong: '', count: after.length, rule: 'moved', left: m.left };
    const again = await o.motion(before, after);
    if (again.unproven.length)
      return {
        judged: true,
        wrong: unexplained(judge(after.length), again),
        count: after.length,
        rule: 'moved',
        left: m.left,
      };
    before = after;
  }
  return {
    judged: false,
    why: `the list moved during each of ${COUNT_ROUNDS} readings (${m.arrived.length} record(s) arrived and ${m.left.length} left since the snapshot, each proven by its read by ID)`,
    rule: 'moved',
    left: m.left,
  };
}

/** The counts a list may have had between the snapshot and a motion proven since: less every record that left, up to every one that arrived or passed. */
export function countRange(count: number, m: Motion): { low: number; high: number } {
  return {
    low: Math.max(0, count - m.left.length),
    high: count + m.arrived.length + (m.passed?.length ?? 0),
  };
}

/** Whether a reading is right at some count of the range. */
export function explainable(judge: Judge, range: { low: number; high: number }): boolean {
  for (let c = range.low; c <= range.high; c++) if (!judge(c)) return true;
  return false;
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  const x = new Set(a);
  return a.length === b.length && b.every((id) => x.has(id));
}

function unexplained(wrong: string, m: Motion): string {
  return `${wrong}; the list read again differs, and no read by ID explains it (${m.unproven
    .slice(0, 5)
    .map((u) => u.why)
    .join('; ')})`;
}
