// The reference server's fast wall-clock parse (fixtures/reference-server/store.ts wallClock) must
// give luxon fromFormat's instant, or its invalidity, for every string: DST gaps and folds,
// impossible dates and times, other shapes.
import { DateTime } from 'luxon';
import { expect, test } from 'vitest';
import { fmt, isValidZone, parseRequestDate } from '../../fixtures/reference-server/dates.ts';
import { wallClock } from '../../fixtures/reference-server/store.ts';

const WALLS = [
  '2027-05-10 10:00:00',
  '2027-01-01 00:00:00',
  '2027-12-31 23:59:59',
  '2028-02-29 12:00:00',
  '2027-03-28 02:30:00', // Paris: in the spring gap
  '2027-10-31 02:30:00', // Paris: in the autumn fold
  '2027-03-14 02:30:00', // New York: in the spring gap
  '2027-02-29 10:00:00',
  '2027-13-01 10:00:00',
  '2027-00-10 10:00:00',
  '2027-01-00 10:00:00',
  '2027-01-01 24:00:00',
  '2027-01-01 23:60:00',
  '2027-01-01 23:59:60',
  '0000-01-01 00:00:00',
  '2027-1-1 10:00:00',
  '2027-01-01T10:00:00',
  '2027-01-01 10:00',
  '',
  'soon',
];
const ZONES = ['Europe/Paris', 'America/New_York', 'Asia/Tokyo', 'UTC', 'Australia/Lord_Howe', 'Not/AZone'];

test.each(ZONES)('wallClock agrees with fromFormat in %s', (zone) => {
  for (const wall of WALLS) {
    const slow = DateTime.fromFormat(wall, 'yyyy-MM-dd HH:mm:ss', { zone });
    const fast = wallClock(wall, zone);
    expect([wall, fast.isValid, fast.isValid ? fast.toMillis() : null]).toEqual([
      wall,
      slow.isValid,
      slow.isValid ? slow.toMillis() : null,
    ]);
  }
});

test.each(ZONES)('a request date in WordPress form parses as fromFormat reads it in %s', (zone) => {
  for (const wall of WALLS) {
    const slow = DateTime.fromFormat(wall, 'yyyy-MM-dd HH:mm:ss', { zone });
    const parsed = parseRequestDate(wall, zone);
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(wall)) continue;
    expect([wall, parsed ? parsed.dt.toMillis() : null]).toEqual([wall, slow.isValid ? slow.toMillis() : null]);
  }
});

// fmt writes the stored form from the date's numbers: the same text as luxon's toFormat.
test.each(ZONES)('fmt writes what toFormat writes in %s', (zone) => {
  const dates = [
    ...WALLS.map((w) => DateTime.fromFormat(w, 'yyyy-MM-dd HH:mm:ss', { zone })),
    ...[-62_200_000_000_000, -1, 0, 1_801_000_000_123, 253_402_300_799_000, 253_402_300_800_000].map((ms) =>
      DateTime.fromMillis(ms, { zone }),
    ),
    DateTime.fromObject({ year: 2027, month: 3, day: 4, hour: 5 }, { zone, locale: 'ar-EG' }),
    DateTime.fromObject({ year: 999, month: 12, day: 31 }, { zone }),
  ];
  for (const dt of dates) expect(fmt(dt)).toBe(dt.toFormat('yyyy-MM-dd HH:mm:ss'));
});

test('isValidZone answers the same when asked again', () => {
  for (let i = 0; i < 2; i++)
    expect(ZONES.concat(['UTC+2', 'UTC-5:30', 'Mars/Olympus', '']).map(isValidZone)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      true,
      true,
      false,
      false,
    ]);
});
