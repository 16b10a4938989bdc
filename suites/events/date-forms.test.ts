/**
 * Date forms of an event create beyond `YYYY-MM-DD hh:mm:ss` (issue 22, inputs never sent). The
 * spec shows the record's form only; the original reads request dates with PHP's strtotime and
 * takes (measured on 6.8.0 and 4.6.8, 2026-11-26) a Unix timestamp sent as a string and English
 * date text such as "January 1, 2030 10:00"; a timestamp sent as a JSON number is refused (400),
 * and relative text ("tomorrow 10:00") is taken too but depends on the site's clock and zone, so it
 * is not sent.
 */
import { DateTime } from 'luxon';
import { check } from '../../lib/check/index.ts';
import { at, day, field, req, sameIds, showIds } from '../../lib/spec/contract.ts';
import { sameDateTime } from '../../lib/spec/normalise.ts';
import { judgeAll } from '../_families/generic/codes.ts';
import { eventBody, listEvents, makeEvent } from './support.ts';

const DAYS = 400;

check(
  {
    id: 'events.create.date-forms',
    spec: 'Resources and their fields / Event: start_date, end_date (the request forms are not shown); docs/requirements.md#measured-original-2026-11 (should: a Unix timestamp string and English date text are read as strtotime reads them, measured on 6.8.0 and 4.6.8)',
    level: 'should',
    requirements: [req.route('POST', 'events'), req.field('events', 'start_date'), req.field('events', 'end_date')],
    tags: ['writes'],
  },
  'creates an event whose start is sent as a Unix timestamp string and whose end as English date text: the create answer and a read of the event by ID hold both',
  async (t) => {
    const start = DateTime.fromFormat(at(DAYS, 10), 'yyyy-MM-dd HH:mm:ss', { zone: 'UTC' });
    const end = start.plus({ hours: 2 });
    const text = (d: DateTime) => d.toFormat('MMMM d, yyyy HH:mm', { locale: 'en-US' });
    // One create: the start as a timestamp string (an instant), the end as English text (a
    // wall-clock time of the site's zone, like YYYY-MM-DD hh:mm:ss).
    const what = `start "${start.toSeconds()}", end "${text(end)}"`;
    const res = await t.api.post(
      '/events',
      eventBody(t, what, { start_date: String(start.toSeconds()), end_date: text(end) }),
    );
    t.trackCreated('events', res);
    const want = { utc_start_date: at(DAYS, 10), end_date: at(DAYS, 12) };
    const bad: string[] = [];
    if (res.status < 200 || res.status > 299) bad.push(`status ${res.status} ${String(field(res.json, 'code') ?? '')}`);
    else bad.push(...datesDiffer(want, res.json));
    const judged = [{ what: `POST /events with ${what}`, res, bad }];
    // Read back: the event holds the dates its create answered.
    const id = field(res.json, 'id');
    if (bad.length === 0 && typeof id === 'number') {
      const readRes = await t.api.get(`/events/${id}`);
      const readBad =
        readRes.status < 200 || readRes.status > 299
          ? [`status ${readRes.status} ${String(field(readRes.json, 'code') ?? '')}`]
          : datesDiffer(want, readRes.json);
      judged.push({ what: `GET /events/${id} after the create`, res: readRes, bad: readBad });
    }
    judgeAll(t, judged);
  },
);

check(
  {
    id: 'events.create.meridian-time',
    spec: 'Resources and their fields / Event: start_date, end_date, timezone (the request forms are not shown); docs/requirements.md#original-tests (should: a date with a 12-hour time such as "2027-05-10 4pm" is that wall-clock time in the event\'s zone, as the original\'s own tests send it)',
    level: 'should',
    requirements: [req.route('POST', 'events'), req.field('events', 'start_date'), req.field('events', 'end_date')],
    tags: ['writes'],
  },
  'creates an event whose start and end are sent with 12-hour times ("4pm", "5:30pm") in a given zone and reads them as 16:00 and 17:30 there, converted to UTC',
  async (t) => {
    // Asia/Hong_Kong: UTC+8 all year (no DST), so the UTC times are fixed.
    const d = day(DAYS);
    const sent = { start_date: `${d} 4pm`, end_date: `${d} 5:30pm`, timezone: 'Asia/Hong_Kong' };
    const what = `start "${sent.start_date}", end "${sent.end_date}", timezone ${sent.timezone}`;
    const res = await t.api.post('/events', eventBody(t, what, sent));
    t.trackCreated('events', res);
    const bad: string[] = [];
    if (res.status < 200 || res.status > 299) bad.push(`status ${res.status} ${String(field(res.json, 'code') ?? '')}`);
    else
      for (const [k, want] of Object.entries({
        start_date: `${d} 16:00:00`,
        end_date: `${d} 17:30:00`,
        utc_start_date: `${d} 08:00:00`,
        utc_end_date: `${d} 09:30:00`,
      }))
        if (!sameDateTime(want, field(res.json, k)))
          bad.push(`${k} ${JSON.stringify(field(res.json, k))}, expected "${want}"`);
    judgeAll(t, [{ what: `POST /events with ${what}`, res, bad }]);
  },
);

check(
  {
    id: 'events.list.timestamp-dates',
    spec: "List events: start_date, end_date, and (extended) starts_before, starts_after, ends_before, ends_after (the request forms are not shown); docs/requirements.md#original-tests (should: a Unix timestamp selects as the same day written as a date, an event earlier on the bound's day included, as the original's own tests send it; the extended filters measured on 6.8.0, 2026-11-28)",
    level: 'should',
    requirements: [
      req.route('GET', 'events'),
      req.param('events', 'start_date'),
      req.param('events', 'end_date'),
      req.param('events', 'starts_before'),
      req.param('events', 'starts_after'),
      req.param('events', 'ends_before'),
      req.param('events', 'ends_after'),
    ],
    tags: ['writes'],
  },
  "start_date given as a Unix timestamp, alone and with end_date as one, selects the events of those days, an event on the bound's day but earlier than its time too; on the extended variant so do starts_after with ends_before and starts_before with ends_after",
  async (t) => {
    // Four events at 10:00-12:00 (site time) on days +41, +42, +43 and +45. The bounds are the
    // Unix timestamps of 14:00 (site time: the zone the first event reads back) on days +42 and
    // +44, so the event of day +42 is on the start bound's day but earlier than its time: it is
    // selected as the day written as a date selects it (whole days without strict_dates).
    const made = [];
    for (const d of [41, 42, 43, 45]) made.push(await makeEvent(t, `timestamp ${d}`, {}, d));
    const ids = made.map((e) => e.id as number);
    const zone = typeof made[0].timezone === 'string' && made[0].timezone !== '' ? made[0].timezone : 'UTC';
    const at14 = (days: number) => DateTime.fromFormat(`${day(days)} 14:00:00`, 'yyyy-MM-dd HH:mm:ss', { zone });
    if (!at14(42).isValid) t.na(`the site zone ${JSON.stringify(zone)} (the event's timezone) is no zone luxon reads`);
    const stamp = (days: number) => String(at14(days).toSeconds());
    const [, e42, e43, e45] = ids;
    const cases: Array<[string, Record<string, string>, number[]]> = [
      [`start_date=${stamp(42)} (${day(42)} 14:00 ${zone})`, { start_date: stamp(42) }, [e42, e43, e45]],
      [`start_date=${stamp(42)} and end_date=${stamp(44)}`, { start_date: stamp(42), end_date: stamp(44) }, [e42, e43]],
      // Extended: each bound on the other side of the window (never two bounds on one side); the
      // *_after bounds round up to the end of their day, so the event of day +42 is not after it.
      ...(t.extended
        ? ([
            [
              `starts_after=${stamp(42)} and ends_before=${stamp(44)}`,
              { starts_after: stamp(42), ends_before: stamp(44) },
              [e43],
            ],
            [
              `starts_before=${stamp(44)} and ends_after=${stamp(42)}`,
              { starts_before: stamp(44), ends_after: stamp(42) },
              [e43],
            ],
          ] as Array<[string, Record<string, string>, number[]]>)
        : []),
    ];
    for (const [what, query, want] of cases) {
      // The default window starts today, so the events 41 to 45 days ahead need no other bound.
      const list = await listEvents(t, { search: t.scope, per_page: 50, ...query }, { what });
      t.assert(
        sameIds(list.ids, want),
        `${what} listed ${showIds(list.ids)} of the events ${showIds(ids)} (days +41, +42, +43, +45 at 10:00), expected ${showIds(want)}`,
        list.res,
      );
    }
  },
);

/** The fields of `want` that `record` holds as another date time, as `key "got", expected "want"`. Pure. */
function datesDiffer(want: Record<string, string>, record: unknown): string[] {
  return Object.entries(want)
    .filter(([k, v]) => !sameDateTime(v, field(record, k)))
    .map(([k, v]) => `${k} ${JSON.stringify(field(record, k))}, expected "${v}"`);
}
