/**
 * Where the crawl's reading of a list ends (rule `totals`: lib/spec/judge/rules.ts). The crawl
 * believes `total`, `total_pages` and `next_rest_url`: a short page they contradict (fewer records
 * than per_page while they say more follow) is a finding (should: LEVELS.md `total`,
 * `total_pages` right, `next_rest_url` followable) and the crawl reads on. A server that caps
 * per_page below 50 while its totals stay honest would otherwise end the crawl on its first page
 * and be certified on the records it showed (30 of 40 events). An empty page ends the list
 * whatever the totals say. Pure.
 */

export interface PageSeen {
  page: number;
  perPage: number;
  /** Records this page held. */
  records: number;
  /** Records read so far, this page's included. */
  seen: number;
  total: number | null;
  totalPages: number | null;
  /** Whether the page links a next one (`next_rest_url`). */
  next: boolean;
}

/** Whether the list ends with this page, and the finding of a short page its totals contradict. */
export function pageEnd(p: PageSeen): { end: boolean; short?: string } {
  if (p.records === 0) return { end: true };
  const more = (p.totalPages !== null && p.page < p.totalPages) || (p.total !== null && p.seen < p.total) || p.next;
  if (p.records < p.perPage) {
    if (!more) return { end: true };
    const says = [
      p.total !== null && p.seen < p.total ? `total ${p.total}` : '',
      p.totalPages !== null && p.page < p.totalPages ? `total_pages ${p.totalPages}` : '',
      p.next ? 'a next_rest_url' : '',
    ]
      .filter(Boolean)
      .join(', ');
    return {
      end: false,
      short: `page ${p.page} holds ${p.records} records of per_page ${p.perPage} (${p.seen} so far), yet ${says} says more follow`,
    };
  }
  return { end: p.totalPages !== null && p.page >= p.totalPages && !p.next };
}

/** The finding of a crawl that learned fewer records than the list's `total`, or ''. */
export function fewerLine(route: string, learned: number, total: number | null): string {
  return total !== null && learned < total
    ? `${route}: learned ${learned} of the ${total} records its total names`
    : '';
}
