// The reference server keeps what it derives from dates (fixtures/reference-server/dates.ts): stamps
// per zone and second, a wall clock's instant, UTC text, abbreviation and ISO form per (zone, wall
// clock), a request date per (zone, text). Each kept answer must be luxon's own for every instant
// and text that shares its key: DST gaps and folds, 30- and 45-minute offsets, historical local
// mean times (fractional minutes), leap days, before 1970, year 9999, fixed-offset sites.
import { DateTime } from 'luxon';
import { expect, test } from 'vitest';
import {
  clockOf,
  instantTextsAt,
  parseRequestDate,
  wallAbbr,
  wallClock,
  wallIso,
  wallUtc,
  zoneAbbr,
} from '../../fixtures/reference-server/dates.ts';

const WP = 'yyyy-MM-dd HH:mm:ss';
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Europe/Amsterdam', // +00:19:32 until 1937
  'Africa/Monrovia', // -00:44:30 until 1972
  'Pacific/Apia', // skipped 2011-12-30
  'UTC+2',
  'UTC-5:30',
];

/** Seconds (epoch s) around which every millisecond is asked: DST edges, leap days, old and far dates. */
const SECONDS = [
  Date.UTC(2027, 2, 28, 0, 59, 59) / 1000, // Berlin: the second before the spring gap
  Date.UTC(2027, 2, 28, 1, 0, 0) / 1000, // Berlin: the gap's first
  Date.UTC(2027, 9, 31, 0, 59, 59) / 1000, // Berlin: the fold
  Date.UTC(2027, 9, 31, 1, 0, 0) / 1000,
  Date.UTC(2027, 2, 14, 6, 59, 59) / 1000, // New York: spring
  Date.UTC(2027, 2, 14, 7, 0, 0) / 1000,
  Date.UTC(2027, 10, 7, 6, 0, 0) / 1000, // New York: autumn
  Date.UTC(2027, 3, 3, 14, 59, 59) / 1000, // Lord Howe: its 30-minute change
  Date.UTC(2027, 3, 3, 15, 0, 0) / 1000,
  Date.UTC(2028, 1, 29, 23, 59, 59) / 1000, // a leap day's last second
  Date.UTC(2011, 11, 29, 10, 0, 0) / 1000, // Apia's skipped day
  Date.UTC(1930, 5, 1, 12, 0, 0) / 1000, // Amsterdam's +00:19:32, Monrovia's -00:44:30
  Date.UTC(1937, 5, 30, 23, 59, 59) / 1000,
  Date.UTC(1969, 11, 31, 23, 59, 59) / 1000, // before 1970 (negative epoch ms)
  -1,
  0,
  Date.UTC(9999, 11, 31, 23, 59, 59) / 1000, // year 9999's last second
  Date.UTC(999, 11, 31, 23, 0, 0) / 1000, // before year 1000: luxon's own format
  1_801_000_000,
];
const MILLIS = [0, 1, 499, 500, 998, 999];

test.each(ZONES)('instantTextsAt: luxon text of every millisecond of a kept second in %s', (zone) => {
  for (const s of SECONDS)
    for (const ms of MILLIS) {
      const now = DateTime.fromMillis(s * 1000 + ms, { zone: 'UTC' });
      const luxon = { local: now.setZone(zone).toFormat(WP), utc: now.toUTC().toFormat(WP) };
      expect([s, ms, instantTextsAt(s * 1000 + ms, zone)]).toEqual([s, ms, luxon]);
    }
});

const WALLS = [
  '2027-05-10 10:00:00',
  '2027-03-28 02:30:00', // Berlin: in the spring gap
  '2027-10-31 02:30:00', // Berlin: in the autumn fold
  '2027-03-14 02:30:00', // New York: in the spring gap
  '2027-11-07 01:30:00', // New York: in the fold
  '2027-04-04 01:45:00', // Lord Howe: in its 30-minute fold
  '2011-12-30 12:00:00', // Apia: a day that never was
  '2028-02-29 12:00:00',
  '2027-02-29 10:00:00',
  '1930-06-01 12:00:00',
  '1969-12-31 23:59:59',
  '9999-12-31 23:59:59',
  '0999-12-31 23:00:00',
  '2027-13-01 10:00:00',
  '2027-01-01 24:00:00',
  '2027-01-01T10:00:00',
  '',
];

test.each(ZONES)('wall clocks: instant, UTC text, abbreviation and ISO form as luxon, asked twice, in %s', (zone) => {
  for (let round = 0; round < 2; round++)
    for (const wall of WALLS) {
      const dt = DateTime.fromFormat(wall, WP, { zone });
      expect([wall, wallClock(wall, zone).isValid, wallClock(wall, zone).toMillis()]).toEqual([
        wall,
        dt.isValid,
        dt.toMillis(),
      ]);
      expect([wall, wallUtc(wall, zone)]).toEqual([wall, dt.toUTC().toFormat(WP)]);
      expect([wall, wallAbbr(wall, zone)]).toEqual([wall, zoneAbbr(dt)]);
      expect([wall, wallIso(wall, zone)]).toEqual([wall, dt.isValid ? dt.toFormat("yyyy-MM-dd'T'HH:mm:ssZZ") : null]);
    }
});

const TEXTS = [
  '2027-05-10 10:00:00',
  '2027-05-10 10:00',
  '2027-05-10',
  '2027-03-28 02:30',
  'January 1, 2030 10:00',
  '1 March 2028',
  '2027-01-07 4pm',
  '2027-05-10T10:00:00+02:00',
  '2027-05-10T10:00:00Z',
  '2027-05-10T25:00:00',
  ' 1801000000 ',
  '1801000000',
  'next tuesday',
  '',
];

test.each(ZONES)('parseRequestDate: the same date and day flag when asked again, in %s', (zone) => {
  for (const text of TEXTS) {
    const first = parseRequestDate(text, zone);
    const again = parseRequestDate(text, zone);
    const seen = (p: ReturnType<typeof parseRequestDate>) =>
      p && [p.dateOnly, p.dt.isValid, p.dt.toMillis(), p.dt.zoneName, p.dt.toISO()];
    expect([text, seen(again)]).toEqual([text, seen(first)]);
    // Another zone's answer is never kept for this one.
    const other = parseRequestDate(text, zone === 'Asia/Kathmandu' ? 'UTC' : 'Asia/Kathmandu');
    if (first && other && !/T|^\s*\d+\s*$/.test(text)) expect(other.dt.toMillis()).not.toBe(first.dt.toMillis());
  }
  // Numbers are read as Unix timestamps, not kept as text.
  expect(parseRequestDate(1_801_000_000, zone)?.dt.toMillis()).toBe(1_801_000_000_000);
});

test('parseRequestDate: what a caller does to its answer stays with it', () => {
  const a = parseRequestDate('2027-05-10', 'UTC');
  if (!a) throw new Error('no date');
  a.dateOnly = false;
  expect(parseRequestDate('2027-05-10', 'UTC')?.dateOnly).toBe(true);
});

test('clockOf: the given clock in UTC at every call, the fixed one when fixed', () => {
  const times = [1_801_000_000_123, 1_801_000_000_123, 1_801_000_000_124, -1, 1_801_000_000_123];
  let i = 0;
  const clock = clockOf(null, () => times[i++]);
  for (const ms of times) {
    const now = clock();
    expect([now.toMillis(), now.zoneName, now.toISO()]).toEqual([
      ms,
      'UTC',
      DateTime.fromMillis(ms, { zone: 'UTC' }).toISO(),
    ]);
  }
  // ms(): what clock().toMillis() answers, out of luxon's range too (NaN).
  for (const at of [1_801_000_000_123, -1, 8.64e15, 8.64e15 + 1, Number.NaN]) {
    const c = clockOf(null, () => at);
    expect([at, c.ms()]).toEqual([at, c().toMillis()]);
  }
  expect(clockOf(DateTime.fromMillis(5, { zone: 'UTC' })).ms()).toBe(5);
  const fixed = DateTime.fromISO('2027-01-01T00:00:00Z', { zone: 'UTC' });
  expect(clockOf(fixed, () => 5)()).toBe(fixed);
  const machine = clockOf(null)();
  expect(Math.abs(machine.toMillis() - Date.now())).toBeLessThan(5000);
  expect(machine.zoneName).toBe('UTC');
});
