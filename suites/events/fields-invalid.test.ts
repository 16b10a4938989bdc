/**
 * Invalid field values on event update (issue 12, point 1): a wrong type, an unknown ID, a
 * malformed date or URL, a non-image ID for `image` is refused and changes nothing, not even the
 * valid fields sent with it. Must: the values the original measurably refuses (bad dates, unknown
 * venue/organizer/category IDs, a non-boolean `featured`: reference-behavior.md, 400) give a 4xx and
 * leave the event as it was. Should: the rest of the table too, and 400 for all. Values are drawn
 * by lib/arbitraries/invalid.ts (bounded runs).
 */
import fc from 'fast-check';
import { check, type CheckContext } from '../../lib/check.ts';
import {
  invalidCases,
  malformedDate,
  nonBoolean,
  nonNumeric,
  negative,
  unknownId,
  unknownStatus,
} from '../../lib/arbitraries/invalid.ts';
import type { ApiResponse } from '../../lib/client.ts';
import { at, type ApiRecord, field, req } from '../../lib/contract.ts';
import { makeEvent } from './support.ts';

const METHODS = ['POST', 'PUT', 'PATCH'] as const;
/** Which method the first case uses; the next cases take the following ones in turn. */
const OFFSET = fc.integer({ min: 0, max: 2 });

/** Fields whose invalid values every original version refuses. */
const MUST_TABLE = {
  start_date: { malformed: malformedDate },
  end_date: { malformed: malformedDate },
  venue: { unknown: unknownId },
  organizer: { unknown: unknownId.map((id) => [id]) },
  featured: { 'non-boolean': nonBoolean },
};
const MUST_EXTENDED = {
  categories: { unknown: unknownId.map((id) => [id]) },
  tags: { unknown: unknownId.map((id) => [id]) },
};

/** The rest of the spec's table: refused by the reference, not measured on every original. */
const SHOULD_TABLE = {
  author: { 'non-numeric': nonNumeric, negative },
  status: { unknown: unknownStatus },
  timezone: { unknown: fc.constantFrom('Mars/Olympus_Mons', 'Not/AZone', 'Europe/Atlantis') },
  date: { malformed: malformedDate },
  date_utc: { malformed: malformedDate },
  image: { 'not-a-url': fc.constantFrom('not a url', 'ftp//nowhere', 'image.png'), unknown: unknownId },
  show_map: { 'non-boolean': nonBoolean },
  show_map_link: { 'non-boolean': nonBoolean },
  hide_from_listings: { 'non-boolean': nonBoolean },
  sticky: { 'non-boolean': nonBoolean },
  all_day: { 'non-boolean': nonBoolean },
  title: { 'array-for-scalar': fc.constant(['a', 'b']) },
};

const WATCHED = [
  'title',
  'start_date',
  'end_date',
  'status',
  'featured',
  'timezone',
  'author',
  'date',
  'image',
  'venue',
  'organizer',
];

/** invalid-400 watches every field it sends bad values for, besides the usual ones. */
const SHOULD_WATCHED = [...new Set([...WATCHED, ...Object.keys(SHOULD_TABLE)])];

function snapshot(rec: unknown, watched: readonly string[]): string {
  return JSON.stringify(watched.map((k) => field(rec, k)));
}

/**
 * Sends the invalid value by `method` and reads the event after it: the answer must be `want` and
 * the watched fields as `before` (the read before the update; the read after the previous refused
 * update when the caller passes it on). Returns the read after, the next update's `before`.
 */
async function refusedAndUnchanged(
  t: CheckContext,
  ev: ApiRecord,
  method: 'POST' | 'PUT' | 'PATCH',
  name: string,
  value: unknown,
  want: '4xx' | 400,
  before?: ApiResponse,
  watched: readonly string[] = WATCHED,
): Promise<ApiResponse> {
  if (!before) {
    before = await t.api.get(`/events/${ev.id}`);
    t.expectStatus(before, '2xx', `reading event ${ev.id}`);
  }
  const body: Record<string, unknown> = { title: t.name(`changed ${name}`), [name]: value };
  if (name !== 'start_date') body.start_date = at(55, 10);
  if (name !== 'end_date') body.end_date = at(55, 12);
  const res = await t.api.request({ method, path: `/events/${ev.id}`, json: body });
  t.expectStatus(res, want, `${method} /events/${ev.id} with ${name}=${JSON.stringify(value)}`);
  const after = await t.api.get(`/events/${ev.id}`);
  t.expectStatus(after, '2xx', `reading event ${ev.id} after the refused update`);
  t.assert(
    snapshot(t.json(before), watched) === snapshot(t.json(after), watched),
    `the refused ${method} with ${name}=${JSON.stringify(value)} changed the event: before ${snapshot(before.json, watched)}, after ${snapshot(after.json, watched)} (fields ${watched.join(', ')})`,
    after,
  );
  return after;
}

/** The cases of one property run, in turn: each read after a refused update is the next one's read before. */
async function refusedInTurn(
  t: CheckContext,
  ev: ApiRecord,
  offset: number,
  cases: ReadonlyArray<{ name: string; value: unknown }>,
  want: '4xx' | 400,
  watched: readonly string[] = WATCHED,
): Promise<void> {
  let before: ApiResponse | undefined;
  for (const [i, c] of cases.entries())
    before = await refusedAndUnchanged(t, ev, METHODS[(offset + i) % 3], c.name, c.value, want, before, watched);
}

check(
  {
    id: 'events.fields.invalid-refused',
    spec: 'docs/requirements.md#measured-cross-cutting: invalid values (bad date string, unknown venue/organizer/category ID, non-boolean featured) are 400; docs/requirements.md#levels unknown values (must: no effect)',
    level: 'must',
    requirements: [
      req.route('POST', 'events', '/{id}'),
      req.route('PUT', 'events', '/{id}'),
      req.route('PATCH', 'events', '/{id}'),
      ...[...Object.keys(MUST_TABLE), ...Object.keys(MUST_EXTENDED)].map((f) => req.cover(`events.${f}.invalid`)),
    ],
    tags: ['writes', 'property'],
  },
  'refuses a malformed date, an unknown venue, organizer or term ID and a non-boolean featured, and changes nothing',
  async (t) => {
    const ev = await makeEvent(t, 'invalid must', {}, 55);
    const table = t.extended ? { ...MUST_TABLE, ...MUST_EXTENDED } : MUST_TABLE;
    await t.property(
      fc.tuple(OFFSET, invalidCases(table)),
      ([offset, cases]) => refusedInTurn(t, ev, offset, cases, '4xx'),
      { numRuns: 2 },
    );
  },
);

check(
  {
    id: 'events.fields.invalid-400',
    spec: 'docs/requirements.md#measured-cross-cutting: invalid value is 400 rest_invalid_param; Resources and their fields / Event (types: integer author, boolean flags, time zone, image ID or URL)',
    level: 'should',
    requirements: [
      req.route('PATCH', 'events', '/{id}'),
      ...Object.keys(SHOULD_TABLE).map((f) => req.cover(`events.${f}.invalid`)),
    ],
    tags: ['writes', 'property'],
  },
  'answers 400 to a wrong-typed author, flag or title, an unknown status or zone, a malformed publication date and a non-image, and changes nothing',
  async (t) => {
    const ev = await makeEvent(t, 'invalid should', {}, 55);
    await t.property(
      fc.tuple(OFFSET, invalidCases(SHOULD_TABLE)),
      ([offset, cases]) => refusedInTurn(t, ev, offset, cases, 400, SHOULD_WATCHED),
      { numRuns: 2 },
    );
  },
);

check(
  {
    id: 'events.fields.image-not-image',
    spec: 'Resources and their fields / Event: image (featured image ID): the ID of a record that is no image is refused (should)',
    level: 'should',
    requirements: [
      req.route('PATCH', 'events', '/{id}'),
      req.field('events', 'image'),
      req.cover('events.image.non-image'),
    ],
    tags: ['writes'],
  },
  'refuses the ID of an event (not an image) as image and changes nothing',
  async (t) => {
    const other = await makeEvent(t, 'not an image', {}, 56);
    const ev = await makeEvent(t, 'image target', {}, 56);
    await refusedAndUnchanged(t, ev, 'PATCH', 'image', other.id, 400);
  },
);
