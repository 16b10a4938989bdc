// The suite's date helpers computed without luxon's per-call work must say what luxon says:
// lib/spec/contract.ts day(), at() and pastDate() (UTC Date arithmetic) and
// lib/spec/luxon-format.ts fromFormat() (the format's parser built once), over tables of values,
// zones and clocks (midnight, a leap day, year ends, before 1970), fractional and huge arguments
// (which keep luxon's way) included.
import { DateTime } from 'luxon';
import { afterEach, expect, test, vi } from 'vitest';
import { at, day, pastDate } from '../../lib/spec/contract.ts';
import { fromFormat } from '../../lib/spec/luxon-format.ts';

afterEach(() => {
  vi.useRealTimers();
});

const DAY = 'yyyy-MM-dd';
const DATE_TIME = 'yyyy-MM-dd HH:mm:ss';
const CLOCKS = [
  '2026-11-29T13:45:00.000Z',
  '2026-11-29T23:59:59.999Z',
  '2028-02-29T12:00:00.000Z',
  '2027-12-31T23:59:59.999Z',
  '1969-12-31T23:59:59.999Z',
  '9999-12-31T10:00:00.000Z',
];
const DAYS = [-3_000_000, 0, 1, -1, 366, -36_525, 2_932_896, 1e7, -1e7 - 1, 0.5];
const HOURS = [10, 24, -30, 1e8, 1e8 + 1, 1.5];
const MINUTES = [0, 45, -61, 1e10, -1e10 - 1, 0.25];

test('day() and at(): luxon startOf(day).plus(...).toFormat in UTC, at every clock, for every argument', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  let compared = 0;
  for (const clock of CLOCKS) {
    vi.setSystemTime(new Date(clock));
    const today = DateTime.utc().startOf('day');
    for (const d of DAYS) {
      expect(day(d), `${clock} day(${d})`).toBe(today.plus({ days: d }).toFormat(DAY));
      for (const h of HOURS)
        for (const m of MINUTES) {
          expect(at(d, h, m), `${clock} at(${d}, ${h}, ${m})`).toBe(
            today.plus({ days: d, hours: h, minutes: m }).toFormat(DATE_TIME),
          );
          compared++;
        }
    }
    expect(at(4), clock).toBe(today.plus({ days: 4, hours: 10 }).toFormat(DATE_TIME));
  }
  expect(compared).toBe(CLOCKS.length * DAYS.length * HOURS.length * MINUTES.length);
});

test('pastDate(): luxon 2020-01-01 08:00 UTC plus 25 h per index', () => {
  const from = DateTime.utc(2020, 1, 1, 8);
  const indexes = [...Array.from({ length: 401 }, (_, i) => 10 * i - 2000), 1e7, -1e7, 1e7 + 1, 3e9, 0.5, -2.2];
  for (const i of indexes) expect(pastDate(i), `pastDate(${i})`).toBe(from.plus({ hours: 25 * i }).toFormat(DATE_TIME));
});

test('fromFormat(): luxon fromFormat, valid or not (reason and explanation), in every zone and format', () => {
  const zones = [
    'UTC',
    'Europe/Paris',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Apia',
    'Nowhere/Else',
  ];
  const texts = [
    '2027-05-10 10:00:00',
    '2027-03-28 02:30:00',
    '2027-10-31 02:30:00',
    '2027-03-14 02:30:00',
    '2027-02-29 10:00:00',
    '2028-02-29 23:59:59',
    '2027-13-01 10:00:00',
    '2027-01-01 24:00:00',
    '0000-01-01 00:00:00',
    '2027-1-1 10:00:00',
    '2027-01-01T10:00:00',
    '2027-01-01 10:00',
    '2027-01-01',
    '',
    'soon',
  ];
  const formats = [DATE_TIME, 'yyyy-MM-dd HH:mm', DAY];
  const seen = (dt: DateTime) =>
    dt.isValid
      ? { ms: dt.toMillis(), zone: dt.zoneName, text: dt.toISO() }
      : { reason: dt.invalidReason, explanation: dt.invalidExplanation };
  // Twice: the second call takes the parser built by the first.
  for (let round = 0; round < 2; round++)
    for (const zone of zones)
      for (const text of texts)
        for (const format of formats)
          expect(seen(fromFormat(text, format, { zone })), `${text} ${format} ${zone}`).toEqual(
            seen(DateTime.fromFormat(text, format, { zone })),
          );
});
