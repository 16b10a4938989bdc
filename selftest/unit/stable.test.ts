/**
 * A list judged against its size while another client may write (lib/spec/oracle/stable.ts):
 * re-read between two fresh counts, judged only on a stable view; the first right stable reading
 * passes, two wrong ones fail, a list that never holds still is unjudged. The readings here are
 * `per_page 10` pages: the number of records each reading held, judged against min(10, count).
 */
import { expect, test } from 'vitest';
import { judgeOnStableView, type StableVerdict } from '../../lib/spec/oracle/stable.ts';

interface Row {
  /** The crawl's count. */
  crawl: number;
  /** Records held by each reading, in order. */
  readings: number[];
  /** Each fresh count, in order (two per counted round: before and after its reading). */
  counts: Array<number | null>;
  expected: StableVerdict;
  /** Readings and counts the verdict took. */
  reads: number;
  recounts: number;
}

test.each<[string, Row]>([
  [
    'right at once: one reading, no count',
    { crawl: 5, readings: [5], counts: [], expected: { judged: true, wrong: '', count: 5 }, reads: 1, recounts: 0 },
  ],
  [
    'two records created since the crawl (a twin run): right on the stable view',
    {
      crawl: 5,
      readings: [7, 7],
      counts: [7, 7],
      expected: { judged: true, wrong: '', count: 7 },
      reads: 2,
      recounts: 2,
    },
  ],
  [
    'the server is wrong on two stable views: fails, judged against the fresh count',
    {
      crawl: 5,
      readings: [7, 7, 7],
      counts: [5, 5, 5, 5],
      expected: { judged: true, wrong: 'held 7, expected min(10, 5) = 5', count: 5 },
      reads: 3,
      recounts: 4,
    },
  ],
  [
    'a record created and deleted between equal counts hides once: the next stable reading passes',
    {
      crawl: 5,
      readings: [6, 6, 5],
      counts: [5, 5, 5, 5],
      expected: { judged: true, wrong: '', count: 5 },
      reads: 3,
      recounts: 4,
    },
  ],
  [
    'an unstable round between two wrong stable ones: still fails',
    {
      crawl: 5,
      readings: [7, 7, 7, 7],
      counts: [5, 5, 5, 6, 5, 5],
      expected: { judged: true, wrong: 'held 7, expected min(10, 5) = 5', count: 5 },
      reads: 4,
      recounts: 6,
    },
  ],
  [
    'the list never holds still: unjudged after 3 rounds, never failed',
    {
      crawl: 5,
      readings: [7, 7, 7, 7],
      counts: [5, 6, 6, 7, 7, 8],
      expected: { judged: false, rounds: 3 },
      reads: 4,
      recounts: 6,
    },
  ],
  [
    'one wrong stable round, then the list moves on: unjudged',
    {
      crawl: 5,
      readings: [7, 7, 7, 7],
      counts: [5, 5, 5, 6, 6, 7],
      expected: { judged: false, rounds: 3 },
      reads: 4,
      recounts: 6,
    },
  ],
  [
    'a list that cannot be counted to its end is no stable view',
    {
      crawl: 5,
      readings: [7, 7, 7, 7],
      counts: [null, 7, null, 7, null, 7],
      expected: { judged: false, rounds: 3 },
      reads: 4,
      recounts: 6,
    },
  ],
  [
    'beyond 50 records: read again without counting, two wrong readings fail',
    {
      crawl: 60,
      readings: [9, 9, 9],
      counts: [],
      expected: { judged: true, wrong: 'held 9, expected min(10, 60) = 10', count: 60 },
      reads: 3,
      recounts: 0,
    },
  ],
  [
    'beyond 50 records: a reading right the second time passes',
    {
      crawl: 60,
      readings: [9, 10],
      counts: [],
      expected: { judged: true, wrong: '', count: 60 },
      reads: 2,
      recounts: 0,
    },
  ],
  [
    'the list moves while it is read, but the page is right against both counts: passes',
    {
      crawl: 12,
      readings: [9, 10],
      counts: [12, 13],
      expected: { judged: true, wrong: '', count: 13 },
      reads: 2,
      recounts: 2,
    },
  ],
  [
    'the list moves while it is read, the page right against one count only: read again',
    {
      crawl: 5,
      readings: [7, 6, 7],
      counts: [5, 6, 7, 7],
      expected: { judged: true, wrong: '', count: 7 },
      reads: 3,
      recounts: 4,
    },
  ],
  [
    'the list moves while it is read and the page is wrong against both counts: never failed',
    {
      crawl: 12,
      readings: [9, 9, 9, 9],
      counts: [12, 13, 13, 14, 14, 15],
      expected: { judged: false, rounds: 3 },
      reads: 4,
      recounts: 6,
    },
  ],
  [
    'a stable count above 50 stops the counting',
    {
      crawl: 45,
      readings: [9, 9, 9],
      counts: [55, 55],
      expected: { judged: true, wrong: 'held 9, expected min(10, 55) = 10', count: 55 },
      reads: 3,
      recounts: 2,
    },
  ],
])('%s', async (_label, row) => {
  const readings = [...row.readings];
  const counts = [...row.counts];
  let reads = 0;
  let recounts = 0;
  const verdict = await judgeOnStableView({
    count: row.crawl,
    read: async () => {
      reads++;
      const held = readings.shift();
      if (held === undefined) throw new Error('read more often than the row says');
      return (n) => (held === Math.min(10, n) ? '' : `held ${held}, expected min(10, ${n}) = ${Math.min(10, n)}`);
    },
    recount: async () => {
      recounts++;
      if (!counts.length) throw new Error('counted more often than the row says');
      return counts.shift() ?? null;
    },
    countable: (n) => n <= 50,
  });
  expect(verdict).toEqual(row.expected);
  expect({ reads, recounts }).toEqual({ reads: row.reads, recounts: row.recounts });
});
