/**
 * The verdict of observe.<plural>-list.pages-partition, pure (table-driven unit tests:
 * selftest/unit/partition.test.ts): the pages of one size read against the list as read with
 * per_page 50, whole (every page) or as a sample of pages (a list longer than a bounded read:
 * the first pages, a middle pair and the last pair), and which records a measured tie excuses.
 */

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

/** The sentence naming what breaks the partition, or null. */
export function partitionVerdict({ list, perPage, pages, excused }: PartitionInput): string | null {
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
