/**
 * The default date window of the event list (no date parameter sent): the spec says the service
 * sets start_date and an end_date about two years later. Measured on both originals: an event
 * 3 days ago is not listed, events from tomorrow to 23 months ahead are, 26 months ahead is not.
 */
import { DateTime } from 'luxon';
import { check } from '../../lib/check/index.ts';
import { req, showIds } from '../../lib/spec/contract.ts';
import { makeEvent, scoped } from './support.ts';

check(
  {
    id: 'events.list.default-window',
    spec: 'List events: start_date/end_date defaults (set by the service, about two years apart); docs/requirements.md#default-window (must, measured on both)',
    level: 'must',
    requirements: [req.route('GET', 'events'), req.param('events', 'start_date'), req.param('events', 'end_date')],
    tags: ['writes'],
  },
  'lists events from tomorrow to 23 months ahead but not one 3 days ago nor one 26 months ahead',
  async (t) => {
    const past = await makeEvent(t, 'three days ago', {}, -3);
    const tomorrow = await makeEvent(t, 'tomorrow', {}, 1);
    const soon = await makeEvent(t, 'in a year', {}, 365);
    const far = await makeEvent(t, '23 months', {}, 690);
    const beyond = await makeEvent(t, '26 months', {}, 790);
    const list = await scoped(t);
    const want = [tomorrow.id, soon.id, far.id];
    const missing = want.filter((id) => !list.ids.includes(id));
    t.assert(
      missing.length === 0,
      `the default list lacks ${showIds(missing)} (tomorrow ${tomorrow.id}, a year ${soon.id}, 23 months ${far.id}); listed ${showIds(list.ids)}`,
      list.res,
    );
    t.assert(!list.ids.includes(past.id), `the default list includes the event of 3 days ago (${past.id})`, list.res);
    t.assert(
      !list.ids.includes(beyond.id),
      `the default list includes the event 26 months ahead (${beyond.id})`,
      list.res,
    );
  },
);

check(
  {
    id: 'events.list.default-window-start',
    spec: 'List events: start_date default (set by the service; the rule is not shown); docs/requirements.md#default-window (should: the exact edges; measured on 6.8.0 and 4.6.8: the window starts at 00:00 of yesterday, site time)',
    level: 'should',
    requirements: [req.route('GET', 'events'), req.param('events', 'start_date')],
    tags: ['writes'],
  },
  "starts the default list at 00:00 of yesterday (site time): an event of yesterday's first half hour is listed, one that ended late the day before is not",
  async (t) => {
    const wall = (d: DateTime) => d.toFormat('yyyy-MM-dd HH:mm:ss');
    // Yesterday's first half hour, in UTC first; the created event reports the site's zone (an
    // event sent without a timezone is in it), and in another zone its dates are moved there.
    const yesterdayIn = (zone: string) => DateTime.now().setZone(zone).startOf('day').minus({ days: 1 });
    const slot = (y: DateTime) => ({ start_date: wall(y), end_date: wall(y.plus({ minutes: 30 })) });
    let early = await makeEvent(t, 'yesterday 00:00', slot(yesterdayIn('UTC')));
    const zone = String(early.timezone ?? '');
    const yesterday = yesterdayIn(zone);
    if (!zone || !yesterday.isValid)
      t.na(
        `the created event reports the time zone ${JSON.stringify(early.timezone)}, not one to compute the site's days in`,
      );
    if (early.start_date !== wall(yesterday)) {
      const moved = await t.api.patch(`/events/${early.id}`, slot(yesterday));
      early = t.record(moved, `moving the event to yesterday 00:00 of ${zone}`);
    }
    const before = await makeEvent(t, 'the day before, late', {
      start_date: wall(yesterday.minus({ hours: 2 })),
      end_date: wall(yesterday.minus({ minutes: 30 })),
    });
    const list = await scoped(t);
    t.assert(
      list.ids.includes(early.id),
      `the default list lacks the event of yesterday 00:00-00:30 ${early.id} (${zone}; listed ${showIds(list.ids)}): the window starts later than 00:00 of yesterday`,
      list.res,
    );
    t.assert(
      !list.ids.includes(before.id),
      `the default list includes the event that ended at 23:30 the day before yesterday ${before.id} (${zone}): the window starts before 00:00 of yesterday`,
      list.res,
    );
  },
);
