/**
 * Dates of the checks' own records: the interface's `YYYY-MM-DD hh:mm:ss`, UTC wall clock (moved out
 * of lib/spec/contract.ts, which re-exports them, to keep that file under the rooms' 450 lines).
 */
import { DateTime } from 'luxon';
import { fromFormat } from './luxon-format.ts';

const DAY = 'yyyy-MM-dd';
const DATE_TIME = 'yyyy-MM-dd HH:mm:ss';

const DAY_MS = 86_400_000;
const PAST_DATE_FROM = Date.UTC(2020, 0, 1, 8);

/**
 * `YYYY-MM-DD hh:mm:ss` of `ms` in UTC, as luxon's toFormat(DATE_TIME) writes it, for a safe
 * integer ms of years 0000-9999 (else null: luxon says it). The Date arithmetic below is luxon's
 * in UTC, where a day is 24 h: 1 us a call, luxon's 57 (selftest/unit/utc-dates.test.ts).
 */
function utcText(ms: number): string | null {
  if (!Number.isSafeInteger(ms) || Math.abs(ms) > 8.64e15) return null;
  const iso = new Date(ms).toISOString();
  return iso.length === 24 ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : null;
}

/** Whole numbers small enough that every sum below is exact. */
const exact = (n: number, limit: number) => Number.isInteger(n) && Math.abs(n) <= limit;

/** Today's 00:00 UTC plus whole days, hours and minutes, as text; null when luxon has to say it. */
function todayPlus(days: number, hours: number, minutes: number): string | null {
  if (!exact(days, 1e7) || !exact(hours, 1e8) || !exact(minutes, 1e10)) return null;
  const now = Date.now();
  return utcText(now - (((now % DAY_MS) + DAY_MS) % DAY_MS) + days * DAY_MS + hours * 3_600_000 + minutes * 60_000);
}

/** `YYYY-MM-DD` of today (UTC) plus `days`. */
export function day(days: number): string {
  return todayPlus(days, 0, 0)?.slice(0, 10) ?? DateTime.utc().startOf('day').plus({ days }).toFormat(DAY);
}

/** `YYYY-MM-DD hh:mm:00` of today (UTC) plus `days`, at `hour` (and `minute`). */
export function at(days: number, hour = 10, minute = 0): string {
  return (
    todayPlus(days, hour, minute) ??
    DateTime.utc().startOf('day').plus({ days, hours: hour, minutes: minute }).toFormat(DATE_TIME)
  );
}

/** A distinct past date per index, 25 hours apart from 2020-01-01 08:00 (equal post dates make pages overlap). */
export function pastDate(i: number): string {
  return (
    (exact(i, 1e7) ? utcText(PAST_DATE_FROM + i * 25 * 3_600_000) : null) ??
    DateTime.utc(2020, 1, 1, 8)
      .plus({ hours: 25 * i })
      .toFormat(DATE_TIME)
  );
}

/** `YYYY-MM-DD hh:mm:ss` wall time in `zone` converted to UTC, same format. */
export function wallToUtc(wall: string, zone: string): string {
  return fromFormat(wall, DATE_TIME, { zone }).toUTC().toFormat(DATE_TIME);
}
