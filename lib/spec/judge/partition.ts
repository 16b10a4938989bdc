/**
 * The partition of a list into pages (observe.<plural>-list.pages-partition; rules `ties`,
 * `all-set-aside`, `moved`: lib/spec/judge/rules.ts): the pages of one size read against the list
 * as read with per_page 50 moments before and after them, whole (every page) or as a sample of
 * pages (a list longer than a bounded read: the first pages, a middle pair and the last pair).
 * Records that share a post date may trade places between pages (measured: the original's pages
 * overlap for venues and organizers of equal post dates, LEVELS.md pages); their repeats and
 * absences are excused, and a list whose every record is so excused judged nothing (`error`).
 * When the two readings of the list differ, the difference is proven record by record
 * (lib/spec/judge/count.ts motionOf) before another round reads the list again, for events over
 * the widest part of the window no moved event touches (quietWindow). Pure.
 */
import type { ApiRecord } from '../contract.ts';

/** The pages of size `perPage` a partition of `n` records is judged on: all of them up to `whole` pages, else the first two, a middle pair and the last two. */
export function pagesToRead(n: number, perPage: number, whole: number, middle: number): number[] {
  const last = Math.max(1, Math.ceil(n / perPage));
  if (last <= whole) return Array.from({ length: last }, (_, i) => i + 1);
  const m = Math.min(Math.max(3, middle), last - 2);
  return [...new Set([1, 2, m, m + 1, last - 1, last])].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
}

export interface PartitionInput {
  /** The list read with per_page 50 (its size is the partition's size). */
  list: readonly number[];
  perPage: number;
  /** The pages read, by page number; every page 1..last, or a sample of them. */
  pages: ReadonlyMap<number, readonly number[]>;
  /** Records whose place the server may shuffle between reads (measured: equal post dates); their repeats and absences are excused. */
  excused: ReadonlySet<number>;
}

/**
 * What breaks the partition (a sentence, or null), or `unjudged` when every record of the list is
 * excused (a tie excuses everything: nothing was judged).
 */
export function partitionVerdict({ list, perPage, pages, excused }: PartitionInput): string | null | 'unjudged' {
  if (list.length && list.every((id) => excused.has(id))) return 'unjudged';
  const n = list.length;
  const last = Math.max(1, Math.ceil(n / perPage));
  const inList = new Set(list);
  const problems: string[] = [];
  const seenOn = new Map<number, number>();
  const order = [...pages.keys()].sort((a, b) => a - b);
  for (const p of order) {
    const ids = pages.get(p) ?? [];
    const want = p < last ? perPage : p === last ? n - (last - 1) * perPage : 0;
    if (ids.length !== want)
      problems.push(`page ${p} holds ${ids.length} records, expected ${want} (${n} records, per_page ${perPage})`);
    const repeats: string[] = [];
    for (const id of ids) {
      const before = seenOn.get(id);
      if (before !== undefined && !excused.has(id)) repeats.push(`${id} (page ${before})`);
      if (before === undefined) seenOn.set(id, p);
    }
    if (repeats.length) problems.push(`page ${p} repeats ${show(repeats)}`);
    const foreign = ids.filter((id) => !inList.has(id));
    if (foreign.length) problems.push(`page ${p} holds ${show(foreign)}, not in the list read with per_page 50`);
  }
  const whole = order.length === last && order.every((p, i) => p === i + 1);
  if (whole) {
    const gap = list.filter((id) => !seenOn.has(id) && !excused.has(id));
    if (gap.length) problems.push(`no page holds ${show(gap)}`);
  }
  if (!problems.length) return null;
  return `pages ${whole ? `1..${last}` : order.join(', ')} of per_page ${perPage}${whole ? '' : ` (a sample of ${last} pages)`}: ${problems.join('; ')}`;
}

/** Records whose post date another record of the list shares (the original shuffles them between pages). Records without a date share none. */
export function tiedByDate(records: ReadonlyArray<{ id: number; date?: unknown }>): Set<number> {
  const byDate = new Map<string, number[]>();
  for (const r of records)
    if (typeof r.date === 'string' && r.date) byDate.set(r.date, [...(byDate.get(r.date) ?? []), r.id]);
  return new Set([...byDate.values()].filter((ids) => ids.length > 1).flat());
}

function show(xs: readonly (number | string)[]): string {
  return xs.length > 20 ? `[${xs.slice(0, 20).join(', ')}, ... (${xs.length})]` : `[${xs.join(', ')}]`;
}

const day = (v: unknown): string => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : '');

/**
 * The widest run of days among the `stable` records' start days that no `moved` record's days
 * (start to end) touch, as an events list window, when it holds at least `min` records; else null.
 * Measured on the populated original (2026-11-28), where every event lies ahead and a twin run
 * wrote into each of 4 rounds over a 40-event window. A query chosen, never an excuse: the
 * narrowed window is judged afresh on two readings like any round.
 */
export function quietWindow(
  stable: readonly ApiRecord[],
  moved: readonly ApiRecord[],
  min = 2,
): { start_date: string; end_date: string } | null {
  const spans = moved
    .map((r) => {
      const from = day(r.start_date);
      const to = day(r.end_date) || from;
      return { from, to: to < from ? from : to };
    })
    .filter((s) => s.from);
  // A moved record with no day of its own could lie anywhere: no part of the window is surely quiet.
  if (spans.length < moved.length) return null;
  const hit = (a: string, b: string) => spans.some((s) => s.from <= b && s.to >= a);
  const days = stable
    .map((r) => day(r.start_date))
    .filter((d) => d && !hit(d, d))
    .sort();
  let best: string[] = [];
  let run: string[] = [];
  for (const d of days) {
    const prev = run.at(-1);
    if (prev !== undefined && prev !== d && hit(prev, d)) run = [];
    run.push(d);
    if (run.length > best.length) best = [...run];
  }
  if (best.length < min) return null;
  return { start_date: best[0] as string, end_date: best.at(-1) as string };
}

/**
 * Whether a record missing from a paged reading (`first`, pages of `perPage`) was skipped by the
 * list moving between two of its pages (rule `shifted`): a record before it left, so it moved up
 * onto a page already read. It is listed on a second reading of the same query, next to a record
 * that ended a page of the first reading or began the next one (next among the records the first
 * reading listed: others come and go around it on a busy site). A record missing on the second
 * reading too, or listed away from every page boundary, was not skipped so. Pure.
 */
/**
 * Rule `shifted` for one record a paged reading (`first`) missed while the site was proven
 * moving, on the second reading of the same query (`second`; null when no second reading was
 * whole: records shifted across its pages too). Listed at a page boundary of the first: fine.
 * No whole second reading: unjudged, never a pass nor a failure (the site moves too fast for the
 * proof either way). Listed away from every boundary, or not at all: the difference holds, and
 * `why` says where the second reading put it. Pure.
 */
export function shiftedVerdict(
  first: readonly number[],
  perPage: number,
  second: readonly number[] | null,
  id: number,
): { verdict: 'fine' | 'unjudged' | 'holds'; why: string } {
  if (!second)
    return {
      verdict: 'unjudged',
      why: 'missing from a paged reading while the site moved, and no second reading was whole (records shifted across its pages again)',
    };
  if (shiftedAtBoundary(first, perPage, second, id))
    return {
      verdict: 'fine',
      why: 'skipped at a page boundary while the site moved, listed there on a second reading',
    };
  const at = second.indexOf(id);
  return {
    verdict: 'holds',
    why:
      at < 0
        ? 'a second reading, while the site moved, does not list it either'
        : `a second reading, while the site moved, lists it at ${at + 1} of ${second.length}, at no page boundary of the first`,
  };
}

export function shiftedAtBoundary(
  first: readonly number[],
  perPage: number,
  second: readonly number[],
  id: number,
): boolean {
  const at = second.indexOf(id);
  if (at < 0 || first.includes(id) || perPage < 1) return false;
  // Its neighbours on the second reading among the records the first one listed: records another
  // client created or deleted meanwhile come and go around it.
  const known = new Set(first);
  const before = second
    .slice(0, at)
    .reverse()
    .find((x) => known.has(x));
  const after = second.slice(at + 1).find((x) => known.has(x));
  // A reading that ended on a full page has a boundary after its last record too (the next page
  // answered empty: the record that would have begun it had moved up onto the page read).
  for (let k = perPage; k <= first.length; k += perPage)
    if ((before !== undefined && before === first[k - 1]) || (after !== undefined && after === first[k])) return true;
  return false;
}
