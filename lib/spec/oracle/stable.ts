/**
 * A list judged against its size while another client may write (issue 29: twin runs, a
 * neighbour's writes on a live site). The first reading is judged against the crawl's count; when
 * it is wrong, the list is read again between two fresh counts, and only a reading between equal
 * counts (a stable view) is judged, against that count:
 * - the first right stable reading passes (a record created or deleted since the crawl, measured:
 *   a twin run on 4.6.8 created two tags between the crawl's count and the reads);
 * - two wrong stable readings fail: a record created and deleted between two equal counts can
 *   hide once, and the server's own error shows every time;
 * - a reading between two different counts is never failed; it passes only when it is right
 *   against both (a page of k records while the list held k or more throughout: measured, a
 *   twin run on 4.6.8 wrote organizers through every count of a per_page check);
 * - a list that never holds still for `rounds` rounds is unjudged, never failed.
 * Where no write of a few records can move what is expected (`countable(n)` false: beyond 50
 * records min(k, n) stays k), the count is not read again and every re-reading is a stable view.
 *
 * The readers stay in the check (suites/observe/paging.test.ts); this decides when to read again
 * and what the readings prove (selftest/unit/stable.test.ts).
 */

/** A reading's judgement against a count: '' when right, else what is wrong. */
export type Judge = (count: number) => string;

export type StableVerdict =
  /** `wrong` is '' for a pass; `count` is the count the verdict was judged against. */
  | { judged: true; wrong: string; count: number }
  /** The list changed during every round: the suite could not judge. */
  | { judged: false; rounds: number };

export async function judgeOnStableView(o: {
  /** The crawl's count of the list. */
  count: number;
  /** Reads the list and returns the reading's judgement against a count. */
  read: () => Promise<Judge>;
  /** Counts the list afresh (null: it could not be counted to its end). */
  recount: () => Promise<number | null>;
  /** Whether another client's writes can move what is expected at this count. */
  countable: (count: number) => boolean;
  /** Re-reading rounds at most (default 3). */
  rounds?: number;
}): Promise<StableVerdict> {
  const rounds = o.rounds ?? 3;
  let count = o.count;
  const first = (await o.read())(count);
  if (!first) return { judged: true, wrong: '', count };
  let wrongStable = 0;
  for (let round = 1; round <= rounds; round++) {
    const counted = o.countable(count);
    const before = counted ? await o.recount() : count;
    const judge = await o.read();
    const after = counted ? await o.recount() : count;
    if (before === null || after === null) continue;
    if (before !== after) {
      // The list moved while it was read: no count to fail it against. A reading right against
      // both counts passes (per_page k at or below both: min(k, n) is k at either, and a page
      // holds no more records than the list); any other is read again.
      if (!judge(before) && !judge(after)) return { judged: true, wrong: '', count: after };
      continue;
    }
    count = before;
    const wrong = judge(count);
    if (!wrong) return { judged: true, wrong: '', count };
    if (++wrongStable >= 2) return { judged: true, wrong, count };
  }
  return { judged: false, rounds };
}
