/**
 * The snapshot a read-only run judges (rules `snapshot`, `bound`: lib/spec/judge/rules.ts): the
 * crawl read twice. A record is in the snapshot only when both readings hold it and agree on every
 * field that holds still; a record that differs (changed between the readings, or in the first
 * reading only) is out of every sample, on both sides, and counted against the run's bound of
 * set-asides; a record in the second reading only arrived between them (it is no snapshot record:
 * a list that shows it later has it read by ID, rule `shown-judged`). Pure: the crawl
 * (lib/run/crawl.ts) reads, this decides.
 */
import type { ApiRecord } from '../contract.ts';
import { stableOf } from './fields.ts';

export interface Split {
  /** The records both readings hold alike, in the second reading's order (its copies). */
  kept: ApiRecord[];
  /** IDs in the first reading that the second holds differently or not at all. */
  differing: number[];
  /** IDs in the second reading only. */
  arrived: number[];
}

/** Splits two readings of one list into the snapshot's records and the ones that moved. */
export function agreeOn(first: readonly ApiRecord[], second: readonly ApiRecord[]): Split {
  // Keyed by the id as shown, whatever its type: a record whose id is no integer is kept for the
  // checks of the record contract to fail it.
  const key = (r: ApiRecord) => JSON.stringify(r?.id);
  const before = new Map(first.map((r) => [key(r), { id: r?.id, stable: stableOf(r) }]));
  const kept: ApiRecord[] = [];
  const arrived: number[] = [];
  for (const r of second) {
    const was = before.get(key(r));
    if (was === undefined) arrived.push(r?.id);
    else if (was.stable === stableOf(r)) kept.push(r);
  }
  const keptKeys = new Set(kept.map(key));
  const differing = [...before.entries()].filter(([k]) => !keptKeys.has(k)).map(([, v]) => v.id);
  return { kept, differing, arrived };
}

/** The two readings of one ID list (the anonymous view): kept in both, and the IDs in one only. */
export function agreeOnIds(first: readonly number[], second: readonly number[]): { kept: number[]; moved: number[] } {
  const a = new Set(first);
  const b = new Set(second);
  return {
    kept: second.filter((id) => a.has(id)),
    moved: [...first.filter((id) => !b.has(id)), ...second.filter((id) => !a.has(id))],
  };
}

/** Share of the snapshot a run may set aside, and the most records whatever its size. */
const BOUND_SHARE = 0.05;
const BOUND_MAX = 10;

/** Set-asides a run may make: 5% of the snapshot's records (at least 1), at most 10. */
export function setAsideBound(records: number): number {
  return Math.min(BOUND_MAX, Math.max(1, Math.floor(records * BOUND_SHARE)));
}

/** The report header's `snapshot` (CONTRACT.md): past the bound the verdict is `inconclusive`. */
export interface SnapshotHeader {
  /** Records in the snapshot (both readings agreed). */
  records: number;
  /** Distinct records set aside in the run: those that differed between the readings and those a check's fresh reading proved changed. */
  setAside: number;
  /** Set-asides allowed (setAsideBound). */
  bound: number;
  /** Of `setAside`, the records the two readings disagreed on. */
  differing: number;
  /** Records in the second reading only (arrived between the readings; never in a sample). */
  arrived: number;
  /** Of `setAside`, the events the fixtures file declares password-protected (`protectedEvents`, rule `declared-bound`). */
  declared?: number;
}

/** Whether a run set aside more than its bound: "site changing too fast", never certified. */
export function pastBound(s: Pick<SnapshotHeader, 'setAside' | 'bound'>): boolean {
  return s.setAside > s.bound;
}

/** The sentence of an inconclusive run past its bound. */
export function tooFast(s: Pick<SnapshotHeader, 'setAside' | 'bound' | 'records' | 'declared'>): string {
  const declared = s.declared
    ? `, ${s.declared} of them the password-protected events the fixtures file declares (protectedEvents)`
    : '';
  return `site changing too fast: ${s.setAside} records set aside (changed between two readings${declared}), more than the bound of ${s.bound} (5% of the snapshot's ${s.records} records, at most ${BOUND_MAX}); run again when the site is quieter${s.declared ? ', or declare fewer protected events' : ''}`;
}
