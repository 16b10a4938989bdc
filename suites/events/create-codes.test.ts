/**
 * Exact refusal code of an invalid event create (issue 22, item 3). The must-checks ask a bad
 * value only for a 4xx that creates nothing (`events.fields.invalid-refused`,
 * `events.payload.invalid-values-rejected`); the original (6.8.0 and 4.6.8, measured 2026-11-26)
 * answers 400 `rest_invalid_param` and names every invalid field of the request in `data.params`:
 * malformed dates, and references to records that do not exist (venue, organizer, author, image)
 * with an unknown status and time zone.
 */
import { check } from '../../lib/check/index.ts';
import type { ApiResponse } from '../../lib/types.ts';
import { MISSING_ID, req } from '../../lib/spec/contract.ts';
import { judgeAll, refusalMismatch } from '../_families/generic/codes.ts';
import { eventBody } from './support.ts';

/**
 * One create with every invalid field (the original names them all in one answer): malformed
 * dates, and unknown references.
 */
const CASES = [
  {
    what: 'malformed dates and unknown references',
    bad: {
      start_date: 'foo',
      end_date: 'foo',
      date: 'foo',
      date_utc: 'foo',
      venue: MISSING_ID,
      organizer: [MISSING_ID],
      author: MISSING_ID,
      image: MISSING_ID,
      status: 'foo',
      timezone: 'Nowhere/City',
    },
  },
] as const;

check(
  {
    id: 'events.create.invalid-param-code',
    spec: 'Resources and their fields / Event (dates, venue, organizer, author, image, status, timezone); docs/requirements.md#measured-cross-cutting: invalid value is 400 rest_invalid_param (should: the exact status and code, every invalid field named in data.params; measured on 6.8.0 and 4.6.8)',
    level: 'should',
    requirements: [
      req.route('POST', 'events'),
      ...CASES.flatMap((c) => Object.keys(c.bad).map((f) => req.field('events', f))),
    ],
    tags: ['writes'],
  },
  'answers 400 rest_invalid_param naming every invalid field to an event create with malformed dates or unknown references',
  async (t) => {
    const judged: Array<{ what: string; res: ApiResponse; bad: string[] }> = [];
    for (const c of CASES) {
      const res = await t.api.post('/events', { ...eventBody(t, c.what), ...c.bad });
      t.trackCreated('events', res);
      judged.push({
        what: `POST /events with ${c.what} (${Object.keys(c.bad).join(', ')})`,
        res,
        bad: refusalMismatch(res, 400, 'rest_invalid_param', Object.keys(c.bad)),
      });
    }
    judgeAll(t, judged);
  },
);
