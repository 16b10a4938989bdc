// Issue 29: a must-check never passes on a judgement of nothing. Each row is a reference server
// with a fault, on data where the check, at bac9b42, had nothing left to demand and passed (an
// empty set to list, a list too large, a field missing); each check now fails, or is n/a with
// its reason where the data rule the behaviour out, never `pass`.
import { expect, test } from 'vitest';
import { certify } from '../lib/certify/certify.ts';
import { throwawayConfig } from '../lib/certify/faultrun.ts';
import type { FaultName } from '../fixtures/reference-server/faults.ts';

interface Row {
  what: string;
  fault: FaultName;
  check: string;
  /** The embedded reference: its clock and the size of its seeded calendar. */
  now?: string;
  seedEvents?: number;
  /** The statuses allowed (never `pass`). */
  allowed: string[];
}

const ROWS: Row[] = [
  {
    what: 'finding 4: include answers nothing, and no learned event lies in the default window (the calendar is 14 years ahead)',
    fault: 'include-lists-nothing',
    check: 'observe.events-filter.include',
    now: '2040-06-01T12:00:00Z',
    allowed: ['n/a'],
  },
  {
    what: 'finding 4: include answers nothing, learned events in the default window',
    fault: 'include-lists-nothing',
    check: 'observe.events-filter.include',
    allowed: ['fail'],
  },
  {
    what: 'finding 5: venue records show no post date and page 2 of the list repeats page 1',
    fault: 'linked-dateless-page-2-repeats',
    check: 'observe.venues-list.pages-partition',
    allowed: ['fail'],
  },
  {
    what: 'finding 5: organizer records show no post date and page 2 of the list repeats page 1',
    fault: 'linked-dateless-page-2-repeats',
    check: 'observe.organizers-list.pages-partition',
    allowed: ['fail'],
  },
  {
    what: 'finding 5: event list records show no slug and every by-slug read answers 404',
    fault: 'events-slugless-by-slug-404',
    check: 'observe.events-read.by-slug-agrees',
    allowed: ['fail'],
  },
  {
    what: 'finding 6: a status filter ignored, in a read-only run with credentials (bac9b42 only warned)',
    fault: 'status-filter-ignored',
    check: 'observe.events-filter.status',
    allowed: ['fail'],
  },
  {
    what: 'finding 6: a venue status filter ignored, in a read-only run with credentials',
    fault: 'status-filter-ignored',
    check: 'observe.venues-filter.status',
    allowed: ['fail'],
  },
  {
    what: 'finding 6: only_with_upcoming ignored, in a read-only run (bac9b42 never sent it)',
    fault: 'linked-upcoming-ignored',
    check: 'observe.organizers-filter.only-with-upcoming',
    allowed: ['warn'],
  },
];

for (const row of ROWS)
  test(`${row.check} is ${row.allowed.join(' or ')}: ${row.what}`, async () => {
    const config = throwawayConfig('extended', { numRuns: 3, readOnly: true });
    const result = await certify(config, {
      ids: [row.check],
      reference: {
        fault: row.fault,
        ...(row.now ? { now: row.now } : {}),
        ...(row.seedEvents !== undefined ? { seedEvents: row.seedEvents } : {}),
      },
      writeReports: false,
      sweep: false,
    });
    const got = result.report?.checks.find((c) => c.id === row.check);
    expect(result.problem ?? null).toBeNull();
    expect({ status: got?.status, message: got?.message }).toMatchObject({
      status: expect.toSatisfy((s: string) => row.allowed.includes(s)),
    });
  });
