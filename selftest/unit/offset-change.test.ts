// firstOffsetChangeDay (lib/spec/arbitraries/dates.ts) skips weeks without an offset change: it must
// find the same day as a day-by-day search, for zones of both hemispheres and any start.
import { DateTime } from 'luxon';
import { expect, test } from 'vitest';
import { firstOffsetChangeDay } from '../../lib/spec/arbitraries/dates.ts';

function dayByDay(zone: string, from: DateTime, days: number): string | undefined {
  for (let i = 0; i < days; i++) {
    const d = from.setZone(zone).startOf('day').plus({ days: i });
    if (d.offset !== d.plus({ hours: 23, minutes: 59 }).offset) return d.toFormat('yyyy-MM-dd');
  }
  return undefined;
}

test('the first offset change day equals a day-by-day search', () => {
  const zones = ['America/New_York', 'Pacific/Auckland', 'Europe/Berlin', 'Australia/Lord_Howe', 'UTC', 'Asia/Tokyo'];
  for (const zone of zones)
    for (let k = 0; k < 24; k++) {
      const from = DateTime.fromISO('2026-01-03', { zone: 'UTC' }).plus({ days: k * 17 });
      for (const days of [370, 40, 3])
        expect(firstOffsetChangeDay(zone, from, days), `${zone} ${from.toISODate()} ${days}`).toBe(
          dayByDay(zone, from, days),
        );
    }
});
