/**
 * The default date window of the event list (no date parameter sent): the spec says the service
 * sets start_date and an end_date about two years later. Measured on both originals: an event
 * 3 days ago is not listed, events from tomorrow to 23 months ahead are, 26 months ahead is not.
 */
import { check } from '../../lib/check.ts';
import { req, showIds } from '../../lib/contract.ts';
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
