/**
 * Where a list of events held still (issue 29, twin runs): the partition of a list into pages is
 * judged only on a view that held the same records before and after its pages were read. On a
 * site where another client keeps writing events (a second certification at once: measured on the
 * populated original, 2026-11-28, where every event lies ahead and each of 4 rounds over a 40-event
 * window changed), a round whose two readings differ proves which records moved: those in one
 * reading only. The next round then reads the part of the window no moved event touches (days of
 * the records present in both readings, split wherever a moved event's days fall), the widest
 * such part; it is judged afresh on two readings like any round, so this sets nothing aside.
 * Pure: the check (suites/observe/paging.test.ts) reads the lists and hands the records in.
 */
import type { ApiRecord } from '../contract.ts';

const day = (v: unknown): string => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : '');

/**
 * The widest run of days among the `stable` records' start days that no `moved` record's days
 * (start to end) touch, as an events list window, when it holds at least `min` records; else null.
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
