/**
 * Invalid field values on event update (issue 12, point 1): a wrong type, an unknown ID, a
 * malformed date or URL, a non-image ID for `image` is refused and changes nothing, not even the
 * valid fields sent with it. Must: the values the original measurably refuses (bad dates, unknown
 * venue/organizer IDs, a non-boolean `featured`: reference-behavior.md, 400) give a 4xx and
 * leave the event as it was. Should: the rest of the table too, and 400 for all. Unknown category
 * and tag IDs are a should (400, the spec's reading): the original (6.8.0) drops them and links
 * the rest (201/200), so the must is only that an unknown term ID is never linked
 * (`events.fields.unknown-terms-not-linked`). Values are drawn by lib/spec/arbitraries/invalid.ts
 * (bounded runs).
 */
import fc from 'fast-check';
import { check, type CheckContext } from '../../lib/check/index.ts';
import {
  invalidCases,
  malformedDate,
  nonBoolean,
  nonNumeric,
  negative,
  unknownId,
  unknownStatus,
} from '../../lib/spec/arbitraries/invalid.ts';
import type { ApiResponse } from '../../lib/types.ts';
import { at, type ApiRecord, field, MISSING_ID, req } from '../../lib/spec/contract.ts';
import { eventBody, linkedIds, makeEvent } from './support.ts';

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
/** Refused by the reference (the spec's reading), dropped by the original 6.8.0 (quirk `unknown-term-ids-ignored`). */
const SHOULD_EXTENDED = {
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
const SHOULD_WATCHED = [...new Set([...WATCHED, ...Object.keys(SHOULD_TABLE), ...Object.keys(SHOULD_EXTENDED)])];

function snapshot(rec: unknown, watched: readonly string[]): string {
  return JSON.stringify(watched.map((k) => field(rec, k)));
}

/**
 * The cases of one property run, in turn, each refused with `want`, then one read: the watched
 * fields must be as in the read before the run (the previous run's read after, passed on). One
 * read per run, not per update: every update sends a title of its own (`changed <field>`) and
 * an invalid value, none of them the event's, so a refused update that changed anything leaves a
 * difference no later update of the run undoes; the message names the run's updates in order.
 * Returns the read after, the next run's read before (was one read per update: 26 requests fewer
 * per extended certification).
 */
async function refusedInTurn(
  t: CheckContext,
  ev: ApiRecord,
  offset: number,
  cases: ReadonlyArray<{ name: string; value: unknown }>,
  want: '4xx' | 400,
  watched: readonly string[] = WATCHED,
  before?: ApiResponse,
): Promise<ApiResponse> {
  if (!before) {
    before = await t.api.get(`/events/${ev.id}`);
    t.expectStatus(before, '2xx', `reading event ${ev.id}`);
  }
  const sent: string[] = [];
  for (const [i, c] of cases.entries()) {
    const method = METHODS[(offset + i) % 3];
    await refused(t, ev, method, c.name, c.value, want);
    sent.push(`${method} ${c.name}=${JSON.stringify(c.value)}`);
  }
  return unchanged(t, ev, before, sent.join(', '), watched);
}

/** Sends the invalid value by `method`: the answer must be `want`. */
async function refused(
  t: CheckContext,
  ev: ApiRecord,
  method: 'POST' | 'PUT' | 'PATCH',
  name: string,
  value: unknown,
  want: '4xx' | 400,
): Promise<void> {
  const body: Record<string, unknown> = { title: t.name(`changed ${name}`), [name]: value };
  if (name !== 'start_date') body.start_date = at(55, 10);
  if (name !== 'end_date') body.end_date = at(55, 12);
  const res = await t.api.request({ method, path: `/events/${ev.id}`, json: body });
  t.expectStatus(res, want, `${method} /events/${ev.id} with ${name}=${JSON.stringify(value)}`);
}

/** Reads the event after refused updates (`what`): the watched fields must be as in `before`. Returns the read. */
async function unchanged(
  t: CheckContext,
  ev: ApiRecord,
  before: ApiResponse,
  what: string,
  watched: readonly string[],
): Promise<ApiResponse> {
  const after = await t.api.get(`/events/${ev.id}`);
  t.expectStatus(after, '2xx', `reading event ${ev.id} after the refused update(s)`);
  t.assert(
    snapshot(t.json(before), watched) === snapshot(t.json(after), watched),
    `the refused ${what} changed the event: before ${snapshot(before.json, watched)}, after ${snapshot(after.json, watched)} (fields ${watched.join(', ')})`,
    after,
  );
  return after;
}

check(
  {
    id: 'events.fields.invalid-refused',
    spec: 'docs/requirements.md#measured-cross-cutting: invalid values (bad date string, unknown venue/organizer ID, non-boolean featured) are 400; docs/requirements.md#levels unknown values (must: no effect)',
    level: 'must',
    requirements: [
      req.route('POST', 'events', '/{id}'),
      req.route('PUT', 'events', '/{id}'),
      req.route('PATCH', 'events', '/{id}'),
      ...Object.keys(MUST_TABLE).map((f) => req.cover(`events.${f}.invalid`)),
    ],
    tags: ['writes', 'property'],
  },
  'refuses a malformed date, an unknown venue or organizer ID and a non-boolean featured, and changes nothing',
  async (t) => {
    const ev = await makeEvent(t, 'invalid must', {}, 55);
    let before: ApiResponse | undefined;
    await t.property(
      fc.tuple(OFFSET, invalidCases(MUST_TABLE)),
      async ([offset, cases]) => {
        // A failed run passes on nothing: the next (a shrinking candidate) reads afresh.
        const b = before;
        before = undefined;
        before = await refusedInTurn(t, ev, offset, cases, '4xx', WATCHED, b);
      },
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
      ...[...Object.keys(SHOULD_TABLE), ...Object.keys(SHOULD_EXTENDED)].map((f) => req.cover(`events.${f}.invalid`)),
    ],
    tags: ['writes', 'property'],
  },
  'answers 400 to a wrong-typed author, flag or title, an unknown status, zone or term ID, a malformed publication date and a non-image, and changes nothing',
  async (t) => {
    const ev = await makeEvent(t, 'invalid should', {}, 55);
    const table = t.extended ? { ...SHOULD_TABLE, ...SHOULD_EXTENDED } : SHOULD_TABLE;
    let before: ApiResponse | undefined;
    await t.property(
      fc.tuple(OFFSET, invalidCases(table)),
      async ([offset, cases]) => {
        // A failed run passes on nothing: the next (a shrinking candidate) reads afresh.
        const b = before;
        before = undefined;
        before = await refusedInTurn(t, ev, offset, cases, 400, SHOULD_WATCHED, b);
      },
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
    const before = await t.api.get(`/events/${ev.id}`);
    t.expectStatus(before, '2xx', `reading event ${ev.id}`);
    await refused(t, ev, 'PATCH', 'image', other.id, 400);
    await unchanged(t, ev, before, `PATCH with image=${other.id}`, WATCHED);
  },
);

check(
  {
    id: 'events.fields.unknown-terms-not-linked',
    spec: 'Resources and their fields / Event: categories, tags (term IDs); docs/requirements.md#levels unknown values (must: no effect). The original 6.8.0 drops unknown IDs and links the rest (201/200; docs/requirements.md#measured-original-2026-11); the reference refuses them (400): both pass',
    level: 'must',
    requirements: [
      req.route('POST', 'events'),
      ...METHODS.map((m) => req.route(m, 'events', '/{id}')),
      req.field('events', 'categories'),
      req.field('events', 'tags'),
    ],
    tags: ['writes', 'extended'],
  },
  'an unknown category or tag ID on create and on each update method is refused or dropped: never linked, and no other term appears',
  async (t) => {
    const category = await t.create('categories', { name: t.name('known category') });
    const tag = await t.create('tags', { name: t.name('known tag') });
    const sent = { categories: [category.id, MISSING_ID], tags: [tag.id, MISSING_ID + 1] };
    /** The terms linked beyond the known ones sent (or kept from before a refused update). */
    const strangers = (rec: ApiRecord, allowed: Record<'categories' | 'tags', number[]>) =>
      (['categories', 'tags'] as const).flatMap((k) =>
        linkedIds(rec[k])
          .filter((id) => !allowed[k].includes(id))
          .map((id) => `${k} ${id}`),
      );
    const created = await t.api.post('/events', eventBody(t, 'unknown terms', sent, 57));
    t.trackCreated('events', created);
    let ev: ApiRecord;
    if (created.status >= 400 && created.status < 500) ev = await makeEvent(t, 'unknown terms target', {}, 57);
    else {
      ev = t.record(created, 'the create with unknown term IDs');
      const wrong = strangers(ev, { categories: [category.id], tags: [tag.id] });
      t.assert(!wrong.length, `the create with unknown term IDs linked ${wrong.join(', ')}`, created);
    }
    for (const method of METHODS) {
      const before = t.record(await t.api.get(`/events/${ev.id}`), `reading event ${ev.id}`);
      const res = await t.api.request({
        method,
        path: `/events/${ev.id}`,
        json: { title: t.name(`unknown terms ${method}`), start_date: at(57, 10), end_date: at(57, 12), ...sent },
      });
      const after = await t.api.get(`/events/${ev.id}`);
      const read = t.record(after, `reading event ${ev.id} after ${method}`);
      // A refused update may keep what the event had; an accepted one links only known terms sent.
      const allowed = {
        categories: [category.id, ...(res.status >= 400 ? linkedIds(before.categories) : [])],
        tags: [tag.id, ...(res.status >= 400 ? linkedIds(before.tags) : [])],
      };
      t.assert(
        res.status < 500,
        `${method} /events/${ev.id} with unknown term IDs answered ${res.status}: a server error is no refusal`,
        res,
      );
      const wrong = strangers(read, allowed);
      t.assert(
        !wrong.length,
        `after ${method} /events/${ev.id} with categories ${JSON.stringify(sent.categories)} and tags ${JSON.stringify(sent.tags)} (answered ${res.status}) the event links ${wrong.join(', ')}`,
        after,
      );
    }
  },
);
