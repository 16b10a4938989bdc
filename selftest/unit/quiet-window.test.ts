/**
 * Where a list of events held still (lib/spec/judge/partition.ts): after two readings of a window
 * differ, the next round reads the widest run of the stable records' days that no moved record's
 * days touch; nothing is set aside, the narrowed window is judged on two readings again.
 */
import { expect, test } from 'vitest';
import { quietWindow } from '../../lib/spec/judge/partition.ts';
import type { ApiRecord } from '../../lib/spec/contract.ts';

const ev = (id: number, start: string, end = start): ApiRecord => ({
  id,
  start_date: `${start} 10:00:00`,
  end_date: `${end} 12:00:00`,
});
const stable = [
  ev(1, '2026-12-01'),
  ev(2, '2026-12-03'),
  ev(3, '2026-12-06'),
  ev(4, '2026-12-09'),
  ev(5, '2026-12-12'),
  ev(6, '2026-12-15'),
];

test.each<[string, ApiRecord[], ApiRecord[], { start_date: string; end_date: string } | null]>([
  ['nothing moved: the whole window', stable, [], { start_date: '2026-12-01', end_date: '2026-12-15' }],
  [
    'a record created between two days splits there (the earlier of two equal runs)',
    stable,
    [ev(9, '2026-12-07')],
    { start_date: '2026-12-01', end_date: '2026-12-06' },
  ],
  [
    'a record on a stable day drops that day',
    stable,
    [ev(9, '2026-12-03')],
    { start_date: '2026-12-06', end_date: '2026-12-15' },
  ],
  [
    'a moved record spanning days cuts them all',
    stable,
    [ev(9, '2026-12-02', '2026-12-10')],
    { start_date: '2026-12-12', end_date: '2026-12-15' },
  ],
  [
    'moved records everywhere: fewer than two quiet records, none',
    stable,
    [ev(7, '2026-12-02'), ev(8, '2026-12-04'), ev(9, '2026-12-07'), ev(10, '2026-12-10'), ev(11, '2026-12-13')],
    null,
  ],
  ['a moved record without dates could be anywhere: none', stable, [{ id: 9 }], null],
  [
    'the widest run wins, the earliest on a tie',
    stable,
    [ev(9, '2026-12-07', '2026-12-08')],
    { start_date: '2026-12-01', end_date: '2026-12-06' },
  ],
  [
    'records without a start day are no part of a window',
    [{ id: 1 }, ev(2, '2026-12-03'), ev(3, '2026-12-04')],
    [],
    { start_date: '2026-12-03', end_date: '2026-12-04' },
  ],
])('%s', (_, kept, moved, window) => {
  expect(quietWindow(kept, moved)).toEqual(window);
});
