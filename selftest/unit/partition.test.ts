// The partition verdict of observe.<plural>-list.pages-partition (lib/spec/judge/partition.ts):
// issue 29 finding 5, a list longer than a bounded read is judged on a sample of pages, and only
// a measured tie (equal post dates) excuses a repeat or a gap; a record without a date is judged.
import { describe, expect, test } from 'vitest';
import { pagesToRead, partitionVerdict, tiedByDate } from '../../lib/spec/judge/partition.ts';

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const pagesOf = (list: number[], k: number, only?: number[]) => {
  const out = new Map<number, number[]>();
  for (let p = 1; p <= Math.ceil(list.length / k); p++)
    if (!only || only.includes(p)) out.set(p, list.slice((p - 1) * k, p * k));
  return out;
};

describe('pagesToRead', () => {
  const rows: Array<[number, number, number, number, number[]]> = [
    [12, 5, 6, 3, [1, 2, 3]],
    [30, 5, 6, 3, [1, 2, 3, 4, 5, 6]],
    [400, 7, 6, 30, [1, 2, 30, 31, 57, 58]],
    [400, 50, 6, 5, [1, 2, 5, 6, 7, 8]],
    [10_000, 50, 6, 3, [1, 2, 3, 4, 199, 200]],
  ];
  for (const [n, k, whole, middle, want] of rows)
    test(`${n} records, per_page ${k}: pages ${want.join(' ')}`, () => {
      expect(pagesToRead(n, k, whole, middle)).toEqual(want);
    });
});

describe('partitionVerdict', () => {
  const list = range(1, 12);
  const none = new Set<number>();
  const rows: Array<[string, Map<number, number[]>, Set<number>, RegExp | null]> = [
    ['every page, a partition', pagesOf(list, 5), none, null],
    [
      'page 2 repeats page 1',
      new Map([
        [1, [1, 2, 3, 4, 5]],
        [2, [1, 2, 3, 4, 5]],
        [3, [11, 12]],
      ]),
      none,
      /page 2 repeats/,
    ],
    [
      'page 2 repeats page 1 (no date: nothing excused)',
      new Map([
        [1, [1, 2, 3, 4, 5]],
        [2, [1, 2, 3, 4, 5]],
        [3, [11, 12]],
      ]),
      tiedByDate(list.map((id) => ({ id }))),
      /page 2 repeats/,
    ],
    [
      'a gap',
      new Map([
        [1, [1, 2, 3, 4, 5]],
        [2, [6, 7, 8, 9, 10]],
        [3, [11]],
      ]),
      none,
      /page 3 holds 1 records, expected 2/,
    ],
    [
      'a gap without a short page',
      new Map([
        [1, [1, 2, 3, 4, 5]],
        [2, [6, 7, 8, 9, 13]],
        [3, [11, 12]],
      ]),
      none,
      /no page holds \[10\]/,
    ],
    [
      'a tie shuffled (excused)',
      new Map([
        [1, [1, 2, 3, 4, 6]],
        [2, [6, 7, 8, 9, 10]],
        [3, [11, 12]],
      ]),
      new Set([5, 6]),
      null,
    ],
    [
      'a tie shuffled beside a repeat of an untied record',
      new Map([
        [1, [1, 2, 3, 4, 6]],
        [2, [6, 7, 8, 9, 4]],
        [3, [11, 12]],
      ]),
      new Set([5, 6]),
      /page 2 repeats \[4 \(page 1\)\]/,
    ],
  ];
  for (const [what, pages, excused, want] of rows)
    test(what, () => {
      const got = partitionVerdict({ list, perPage: 5, pages, excused });
      if (want === null) expect(got).toBeNull();
      else expect(got).toMatch(want);
    });

  const big = range(1, 400);
  test('a sample of a long list that partitions', () => {
    expect(
      partitionVerdict({ list: big, perPage: 7, pages: pagesOf(big, 7, [1, 2, 30, 31, 57, 58]), excused: none }),
    ).toBeNull();
  });
  test('a sample of a long list whose page 2 repeats page 1', () => {
    const pages = pagesOf(big, 7, [1, 30, 31, 57, 58]);
    pages.set(2, big.slice(0, 7));
    expect(partitionVerdict({ list: big, perPage: 7, pages, excused: none })).toMatch(
      /a sample of 58 pages.*page 2 repeats/,
    );
  });
  test('a sample of a long list whose last page is past a shifted end', () => {
    const pages = pagesOf(big, 7, [1, 2, 30, 31, 57]);
    pages.set(58, []);
    expect(partitionVerdict({ list: big, perPage: 7, pages, excused: none })).toMatch(
      /page 58 holds 0 records, expected 1/,
    );
  });
});

describe('tiedByDate', () => {
  test('records sharing a date tie; records without a date share none', () => {
    expect(
      [
        ...tiedByDate([
          { id: 1, date: '2026-01-01 10:00:00' },
          { id: 2, date: '2026-01-01 10:00:00' },
          { id: 3, date: '2026-01-02 10:00:00' },
          { id: 4 },
          { id: 5 },
        ]),
      ].sort(),
    ).toEqual([1, 2]);
  });
});
