/**
 * Event create (POST /events): required fields, every optional field of the spec's event table
 * reflected on read (compared as the minimal response contract allows: normalised text, dates as
 * `YYYY-MM-DD hh:mm:ss`, booleans, cost numbers), JSON and form bodies, linked venues, organizers
 * and (extended) categories and tags.
 */
import { check, type CheckContext } from '../../lib/check/index.ts';
import { costReflects, sameBoolean, sameDateTime, sameText } from '../../lib/spec/normalise.ts';
import { validateError, validateRecord } from '../../lib/spec/schemas.ts';
import type { ApiResponse, Params } from '../../lib/types.ts';
import {
  at,
  req,
  sameIds,
  showIds,
  wallToUtc,
  field,
  isObject,
  type ApiRecord,
  isInteger,
} from '../../lib/spec/contract.ts';
import { eventBody, linkedIds, scoped } from './support.ts';
import { firstOffsetChangeDay } from '../../lib/spec/arbitraries/dates.ts';
import { DateTime } from 'luxon';

const CREATE = req.route('POST', 'events');
const READ = req.route('GET', 'events', '/{id}');

/** POST the event as the behaviour under test: 2xx with an integer id (tracked), then read it back. */
async function createAndRead(
  t: CheckContext,
  payload: Params,
  opts: { form?: boolean } = {},
): Promise<{ res: ApiResponse; created: ApiRecord; read: ApiRecord; readRes: ApiResponse }> {
  const res = await t.api.request(
    opts.form ? { method: 'POST', path: '/events', form: payload } : { method: 'POST', path: '/events', json: payload },
  );
  t.trackCreated('events', res);
  const body = t.record(res, 'the event create');
  const readRes = await t.api.get(`/events/${body.id}`);
  t.expectStatus(readRes, '2xx', `reading the created event ${body.id}`);
  return { res, created: body, read: t.record(readRes), readRes };
}

function missingField(field: 'title' | 'start_date' | 'end_date', level: 'must' | 'should') {
  const id =
    level === 'must'
      ? `events.create.requires-${field.replace('_', '-')}`
      : `events.create.missing-${field.replace('_', '-')}-400`;
  check(
    {
      id,
      spec:
        level === 'must'
          ? `Resources and their fields / Event: ${field} required on create; docs/requirements.md#missing-required-field (must: 4xx and nothing created); positive control: an event of the scope is listed`
          : 'docs/requirements.md#missing-required-field (should: 400 rest_missing_callback_param)',
      level,
      requirements: [req.field('events', field), CREATE],
      tags: ['writes'],
    },
    level === 'must'
      ? `rejects an event without ${field} with a 4xx and creates nothing`
      : `answers 400 rest_missing_callback_param to an event without ${field}`,
    async (t) => {
      // Positive control (must): an event of the same scope, which the scope's list must show.
      const control = level === 'must' ? await t.create('events', eventBody(t, 'control')) : undefined;
      const payload: Params = { ...eventBody(t, 'missing'), description: t.name('description') };
      delete payload[field];
      const res = await t.api.post('/events', payload);
      t.trackCreated('events', res);
      if (control) {
        t.expectStatus(res, '4xx', `creating an event without ${field}`);
        const list = await scoped(t);
        t.assert(
          sameIds(list.ids, [control.id]),
          `after the refused create the check's scope lists events ${showIds(list.ids)}, expected only the control ${control.id}`,
          list.res,
        );
      } else {
        t.expectStatus(res, 400, `creating an event without ${field}`);
        const body = t.json(res);
        const code = isObject(body) ? body.code : undefined;
        t.assert(
          code === 'rest_missing_callback_param',
          `the error code is ${JSON.stringify(code)}, expected "rest_missing_callback_param"`,
          res,
        );
        const v = validateError(body);
        t.assert(v.ok, `the error body does not have the error shape: ${v.message}`, res);
      }
    },
  );
}
for (const f of ['title', 'start_date', 'end_date'] as const) {
  missingField(f, 'must');
  missingField(f, 'should');
}

check(
  {
    id: 'events.create.json-body',
    spec: 'Resources and their fields / Event; docs/requirements.md#valid-create (must: 2xx, id, sent fields reflected) and JSON body (must)',
    level: 'must',
    requirements: [
      ...req.covers('events', ['title', 'start_date', 'end_date'], ['create']),
      CREATE,
      READ,
      req.field('events', 'title'),
      req.field('events', 'start_date'),
      req.field('events', 'end_date'),
    ],
    tags: ['writes'],
  },
  'creates an event from a JSON body and reflects title and dates on read',
  async (t) => {
    const payload = eventBody(t, 'Concert & talk', {}, 40);
    const { read, readRes } = await createAndRead(t, payload);
    t.assert(
      sameText(payload.title as string, read.title),
      `title came back ${JSON.stringify(read.title)}, sent ${JSON.stringify(payload.title)}`,
      readRes,
    );
    t.assert(
      sameDateTime(payload.start_date as string, read.start_date),
      `start_date came back ${JSON.stringify(read.start_date)}, sent ${payload.start_date}`,
      readRes,
    );
    t.assert(
      sameDateTime(payload.end_date as string, read.end_date),
      `end_date came back ${JSON.stringify(read.end_date)}, sent ${payload.end_date}`,
      readRes,
    );
  },
);

check(
  {
    id: 'events.create.record-contract',
    spec: 'docs/requirements.md#contract (must: JSON object with an integer id, fields named like the request fields)',
    level: 'must',
    requirements: [CREATE],
    tags: ['writes'],
  },
  'answers a create with an event record that satisfies the minimal contract',
  async (t) => {
    const { created, res } = await createAndRead(t, eventBody(t, 'contract'));
    const v = validateRecord('event', created, 'contract');
    t.assert(v.ok, `the created record breaks the contract: ${v.message}`, res);
  },
);

check(
  {
    id: 'events.create.record-shape',
    spec: 'docs/requirements.md#valid-create (should: full record shape of docs/requirements.md#record-shapes)',
    level: 'should',
    requirements: [CREATE, READ],
    tags: ['writes'],
  },
  'answers a create and a read with the full event record shape',
  async (t) => {
    const { created, res, read, readRes } = await createAndRead(t, eventBody(t, 'shape'));
    const v = validateRecord('event', created, 'shape');
    t.assert(v.ok, `the created record does not have the event shape: ${v.message}`, res);
    const w = validateRecord('event', read, 'shape');
    t.assert(w.ok, `the read record does not have the event shape: ${w.message}`, readRes);
  },
);

check(
  {
    id: 'events.create.text-fields',
    spec: 'Resources and their fields / Event: description, excerpt, slug; docs/requirements.md#contract (normalised text)',
    level: 'must',
    requirements: [
      ...req.covers('events', ['description', 'excerpt', 'slug'], ['create']),
      CREATE,
      req.field('events', 'description'),
      req.field('events', 'excerpt'),
      req.field('events', 'slug'),
    ],
    tags: ['writes'],
  },
  'reflects description, excerpt and slug sent on create',
  async (t) => {
    const slug = `${t.scope}-text-slug`.toLowerCase();
    const payload = eventBody(t, 'text', {
      description: `Doors open at 7 -- bring "friends" & snacks ${t.scope}`,
      excerpt: `Short: it's ${t.scope}`,
      slug,
    });
    const { read, readRes } = await createAndRead(t, payload);
    t.assert(
      sameText(payload.description as string, read.description),
      `description came back ${JSON.stringify(read.description)}, sent ${JSON.stringify(payload.description)}`,
      readRes,
    );
    t.assert(
      sameText(payload.excerpt as string, read.excerpt),
      `excerpt came back ${JSON.stringify(read.excerpt)}, sent ${JSON.stringify(payload.excerpt)}`,
      readRes,
    );
    t.assert(read.slug === slug, `slug came back ${JSON.stringify(read.slug)}, sent ${JSON.stringify(slug)}`, readRes);
  },
);

check(
  {
    id: 'events.create.flags',
    spec: 'Resources and their fields / Event: all_day, show_map, show_map_link, hide_from_listings, sticky, featured (booleans); docs/requirements.md#contract',
    level: 'must',
    requirements: [
      ...req.covers(
        'events',
        ['all_day', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured'],
        ['create'],
      ),
      CREATE,
      req.field('events', 'all_day'),
      req.field('events', 'show_map'),
      req.field('events', 'show_map_link'),
      req.field('events', 'hide_from_listings'),
      req.field('events', 'sticky'),
      req.field('events', 'featured'),
    ],
    tags: ['writes'],
  },
  'reflects the boolean fields sent on create, true and false',
  async (t) => {
    const flags = ['all_day', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured'];
    for (const value of [true, false]) {
      const payload = eventBody(t, `flags ${value}`, Object.fromEntries(flags.map((f) => [f, value])));
      const { read, readRes } = await createAndRead(t, payload);
      const wrong = flags.filter((f) => !sameBoolean(value, read[f]));
      t.assert(
        wrong.length === 0,
        `sent ${flags.join(', ')} = ${value}; came back ${wrong.map((f) => `${f}=${JSON.stringify(read[f])}`).join(', ')}`,
        readRes,
      );
    }
  },
);

check(
  {
    id: 'events.create.all-day-spans-days',
    spec: 'Resources and their fields / Event: all_day; docs/requirements.md#record-shapes (the original snaps an all-day event to 00:00:00 of its first day and 23:59:59 of its last)',
    level: 'should',
    requirements: [CREATE, req.field('events', 'all_day')],
    tags: ['writes'],
  },
  'stores an all-day event from 00:00:00 of its first day to 23:59:59 of its last',
  async (t) => {
    const start = at(30, 10);
    const end = at(31, 12);
    const { read, readRes } = await createAndRead(
      t,
      eventBody(t, 'all day', { all_day: true, start_date: start, end_date: end }),
    );
    t.assert(sameBoolean(true, read.all_day), `all_day came back ${JSON.stringify(read.all_day)}, sent true`, readRes);
    const want = [`${start.slice(0, 10)} 00:00:00`, `${end.slice(0, 10)} 23:59:59`];
    t.assert(
      read.start_date === want[0] && read.end_date === want[1],
      `an all-day event sent ${start} to ${end} came back ${read.start_date} to ${read.end_date}, expected ${want[0]} to ${want[1]}`,
      readRes,
    );
  },
);

check(
  {
    id: 'events.create.publication-fields',
    spec: 'Resources and their fields / Event: date, date_utc, status (author: events.create.author)',
    level: 'must',
    requirements: [
      ...req.covers('events', ['date', 'date_utc', 'status'], ['create']),
      CREATE,
      req.field('events', 'date'),
      req.field('events', 'date_utc'),
      req.field('events', 'status'),
    ],
    tags: ['writes'],
  },
  'reflects publication date (local and UTC) and status sent on create',
  async (t) => {
    const date = `${at(-40).slice(0, 10)} 08:15:00`;
    const a = await createAndRead(t, eventBody(t, 'pub local', { date, status: 'draft' }));
    t.assert(sameDateTime(date, a.read.date), `date came back ${JSON.stringify(a.read.date)}, sent ${date}`, a.readRes);
    t.assert(a.read.status === 'draft', `status came back ${JSON.stringify(a.read.status)}, sent "draft"`, a.readRes);
    const dateUtc = `${at(-41).slice(0, 10)} 09:30:00`;
    const b = await createAndRead(t, eventBody(t, 'pub utc', { date_utc: dateUtc }));
    t.assert(
      sameDateTime(dateUtc, b.read.date_utc),
      `date_utc came back ${JSON.stringify(b.read.date_utc)}, sent ${dateUtc}`,
      b.readRes,
    );
  },
);

check(
  {
    id: 'events.create.author',
    spec: 'Resources and their fields / Event: author (user ID); n/a unless fixture otherAuthor (another existing user: sending the default author back proves nothing)',
    level: 'must',
    requirements: [...req.covers('events', ['author'], ['create']), CREATE, req.field('events', 'author')],
    tags: ['writes', 'fixture'],
  },
  "links the author given by ID: another existing user than the caller's default",
  async (t) => {
    const other = t.fixture('otherAuthor');
    const first = await createAndRead(t, eventBody(t, 'author default'));
    if (String(first.read.author) === String(other.id))
      t.na(`the fixture otherAuthor ${other.id} is the default author of a created event: it cannot tell`);
    const a = await createAndRead(t, eventBody(t, 'author other', { author: other.id }));
    t.assert(
      String(a.read.author) === String(other.id),
      `author came back ${JSON.stringify(a.read.author)}, sent ${other.id} (the default author is ${JSON.stringify(first.read.author)})`,
      a.readRes,
    );
  },
);

check(
  {
    id: 'events.create.cost',
    spec: 'Resources and their fields / Event: cost; docs/requirements.md#contract (the numbers sent appear in cost or cost_details.values)',
    level: 'must',
    requirements: [...req.covers('events', ['cost'], ['create']), CREATE, req.field('events', 'cost')],
    tags: ['writes'],
  },
  'reflects the numbers of a cost, a decimal cost and a cost range sent on create',
  async (t) => {
    // Plain numbers, as the contract asks: "0.50" and "1,299.99" are a 500 on 4.6.8 (measured); a
    // currency symbol is no plain number (events.create.cost-currency, should).
    for (const cost of ['15', '9.99', '10-20']) {
      const { read, readRes } = await createAndRead(t, eventBody(t, `cost ${cost}`, { cost }));
      t.assert(
        costReflects(cost, read),
        `sent cost ${JSON.stringify(cost)}; came back cost ${JSON.stringify(read.cost)}, cost_details ${JSON.stringify(read.cost_details)}`,
        readRes,
      );
    }
  },
);

check(
  {
    id: 'events.create.cost-currency',
    spec: 'Resources and their fields / Event: cost (not typed); docs/requirements.md#contract (must-checks send plain numbers only: a cost with a currency symbol is should; both originals reflect it, measured by the certifications of 6.8.0 and 4.6.8)',
    level: 'should',
    requirements: [CREATE, req.field('events', 'cost'), req.route('PATCH', 'events', '/{id}')],
    tags: ['writes'],
  },
  'reflects the number of a cost written with a currency symbol, on create and on update',
  async (t) => {
    const { created, read, readRes } = await createAndRead(t, eventBody(t, 'cost currency', { cost: '€15' }));
    t.assert(
      costReflects('€15', read),
      `sent cost "€15" on create; came back cost ${JSON.stringify(read.cost)}, cost_details ${JSON.stringify(read.cost_details)}`,
      readRes,
    );
    const res = await t.api.patch(`/events/${created.id}`, { cost: '€20' });
    t.expectStatus(res, '2xx', `PATCH /events/${created.id} with cost "€20"`);
    const again = await t.api.get(`/events/${created.id}`);
    const back = t.record(again, `GET /events/${created.id} after the update`);
    t.assert(
      costReflects('€20', back),
      `sent cost "€20" by PATCH; came back cost ${JSON.stringify(back.cost)}, cost_details ${JSON.stringify(back.cost_details)}`,
      again,
    );
  },
);

check(
  {
    id: 'events.create.cost-array',
    spec: 'Resources and their fields / Event: cost (not typed); docs/requirements.md#contract (the numbers sent appear in cost or cost_details.values); docs/requirements.md#measured-linked-2026-11 (arrays measured on 6.8.0 and 4.6.8)',
    level: 'must',
    requirements: [CREATE, req.field('events', 'cost')],
    tags: ['writes'],
  },
  'reflects every number of a cost sent as an array of numbers, and as an array of numeric strings with a decimal',
  async (t) => {
    // Plain numbers only: a word in a cost array is a 500 on 4.6.8 (measured).
    for (const cost of [
      [5, 10],
      ['5', '15.5'],
    ]) {
      const { read, readRes } = await createAndRead(t, eventBody(t, `cost ${cost.join(' ')}`, { cost }));
      const lost = cost.filter((n) => !costReflects(n, read));
      t.assert(
        lost.length === 0,
        `sent cost ${JSON.stringify(cost)}; ${lost.join(', ')} missing from cost ${JSON.stringify(read.cost)}, cost_details ${JSON.stringify(read.cost_details)}`,
        readRes,
      );
    }
  },
);

check(
  {
    id: 'events.create.website',
    spec: 'Resources and their fields / Event: website (URL)',
    level: 'must',
    requirements: [...req.covers('events', ['website'], ['create']), CREATE, req.field('events', 'website')],
    tags: ['writes'],
  },
  'reflects the website sent on create',
  async (t) => {
    const website = `https://example.org/${t.scope}/page`;
    const { read, readRes } = await createAndRead(t, eventBody(t, 'website', { website }));
    t.assert(
      sameText(website, read.website),
      `website came back ${JSON.stringify(read.website)}, sent ${website}`,
      readRes,
    );
  },
);

check(
  {
    id: 'events.create.timezone',
    spec: 'Resources and their fields / Event: timezone; docs/requirements.md#measured-cross-cutting (start_date/end_date are wall clock in the event zone)',
    level: 'must',
    requirements: [
      ...req.covers('events', ['timezone'], ['create']),
      CREATE,
      req.field('events', 'timezone'),
      req.field('events', 'start_date'),
    ],
    tags: ['writes'],
  },
  'stores the IANA time zone sent and keeps the wall-clock start and end',
  async (t) => {
    const payload = eventBody(t, 'zone', { timezone: 'America/New_York' }, 45);
    const { read, readRes } = await createAndRead(t, payload);
    t.assert(
      read.timezone === 'America/New_York',
      `timezone came back ${JSON.stringify(read.timezone)}, sent "America/New_York"`,
      readRes,
    );
    t.assert(
      sameDateTime(payload.start_date as string, read.start_date),
      `start_date came back ${JSON.stringify(read.start_date)}, sent ${payload.start_date} (wall clock in the event zone)`,
      readRes,
    );
    t.assert(
      sameDateTime(payload.end_date as string, read.end_date),
      `end_date came back ${JSON.stringify(read.end_date)}, sent ${payload.end_date}`,
      readRes,
    );
  },
);

check(
  {
    id: 'events.create.timezone-utc',
    spec: 'docs/requirements.md#record-shapes records: utc_start_date/utc_end_date are UTC (should: record shape)',
    level: 'should',
    requirements: [CREATE, req.field('events', 'timezone')],
    tags: ['writes'],
  },
  'converts the wall-clock start and end of a zoned event to UTC in utc_start_date and utc_end_date, across a DST change too',
  async (t) => {
    // Zones without daylight saving time (the offset does not depend on the date), and an event
    // in Europe/Paris that starts the day before its next offset change and ends the day after:
    // its start and end have different offsets.
    const change = firstOffsetChangeDay('Europe/Paris', DateTime.utc().plus({ days: 30 }), 400);
    // The suite's own problem (this machine's zone data), never the server's: an error.
    if (!change) throw new Error('no offset change of Europe/Paris within 400 days in the zone data of this machine');
    const day = DateTime.fromISO(change, { zone: 'UTC' });
    const across = {
      start_date: `${day.minus({ days: 1 }).toFormat('yyyy-MM-dd')} 10:00:00`,
      end_date: `${day.plus({ days: 1 }).toFormat('yyyy-MM-dd')} 12:00:00`,
    };
    for (const [zone, dates] of [
      ['Asia/Tokyo', {}],
      ['Asia/Kolkata', {}],
      ['Europe/Paris', across],
    ] as const) {
      const payload = eventBody(t, `utc ${zone}`, { timezone: zone, ...dates }, 50);
      const { read, readRes } = await createAndRead(t, payload);
      // Both ends: a server converting only the start (or the end with the start's offset) moves the event's length.
      const bad = (['start_date', 'end_date'] as const)
        .map((k) => ({ k, sent: payload[k] as string, want: wallToUtc(payload[k] as string, zone) }))
        .filter(({ k, want }) => read[`utc_${k}`] !== want)
        .map(({ k, sent, want }) => `utc_${k} ${JSON.stringify(read[`utc_${k}`])} (sent ${sent}, expected ${want})`);
      t.assert(bad.length === 0, `for ${zone}: ${bad.join(', ')}`, readRes);
    }
  },
);

check(
  {
    id: 'events.create.image',
    spec: 'Resources and their fields / Event: image (featured image ID or URL); n/a unless fixture',
    level: 'must',
    requirements: [...req.covers('events', ['image'], ['create']), CREATE, req.field('events', 'image')],
    tags: ['writes', 'fixture'],
  },
  'links the featured image given by ID',
  async (t) => {
    const image = t.fixture('image');
    const { read, readRes } = await createAndRead(t, eventBody(t, 'image', { image: String(image.id) }));
    const got = read.image;
    t.assert(
      isObject(got) && (got.id === image.id || got.url === image.url),
      `image came back ${JSON.stringify(got)?.slice(0, 200)}, sent image ${image.id} (${image.url})`,
      readRes,
    );
  },
);

/** Link a venue on create with a single ID, retrying as `[id]` on 400 (LEVELS.md). */
async function createWithVenue(t: CheckContext, payload: Params, venueId: number) {
  const first = await t.api.post('/events', { ...payload, venue: venueId });
  if (first.status !== 400) {
    t.trackCreated('events', first);
    return first;
  }
  const second = await t.api.post('/events', { ...payload, venue: [venueId] });
  t.trackCreated('events', second);
  return second;
}

check(
  {
    id: 'events.create.venue-by-id',
    spec: 'Resources and their fields / Event: venue (IDs); docs/requirements.md#venue-by-id (single ID, retry as [id] on 400)',
    level: 'must',
    requirements: [...req.covers('events', ['venue'], ['create']), CREATE, req.field('events', 'venue')],
    tags: ['writes'],
  },
  'links an existing venue given by ID',
  async (t) => {
    const venue = await t.create('venues', { venue: t.name('venue') });
    const res = await createWithVenue(t, eventBody(t, 'with venue'), venue.id);
    t.expectStatus(res, '2xx', 'creating an event with a venue ID');
    const read = await t.api.get(`/events/${field(res.json, 'id')}`);
    const ids = linkedIds(t.record(read).venue);
    t.assert(ids.includes(venue.id), `the event's venue is ${showIds(ids)}, expected venue ${venue.id}`, read);
  },
);

check(
  {
    id: 'events.create.organizer-by-id',
    spec: 'Resources and their fields / Event: organizer (array of IDs); docs/requirements.md#venue-by-id',
    level: 'must',
    requirements: [...req.covers('events', ['organizer'], ['create']), CREATE, req.field('events', 'organizer')],
    tags: ['writes'],
  },
  'links two existing organizers given as an array of IDs',
  async (t) => {
    const o1 = await t.create('organizers', { organizer: t.name('org one') });
    const o2 = await t.create('organizers', { organizer: t.name('org two') });
    const { read, readRes } = await createAndRead(t, eventBody(t, 'with organizers', { organizer: [o1.id, o2.id] }));
    const ids = linkedIds(read.organizer);
    t.assert(
      ids.includes(o1.id) && ids.includes(o2.id),
      `the event's organizers are ${showIds(ids)}, expected ${o1.id} and ${o2.id}`,
      readRes,
    );
  },
);

check(
  {
    id: 'events.create.organizer-order',
    spec: 'Resources and their fields / Event: organizer (array of organizer IDs); docs/requirements.md#record-shapes (should: the original lists the organizers in the order sent, measured on 6.8.0 and 4.6.8)',
    level: 'should',
    requirements: [CREATE, req.field('events', 'organizer')],
    tags: ['writes'],
  },
  'lists the organizers of a new event in the order they were sent, not by ID',
  async (t) => {
    const made = [];
    for (const label of ['first', 'second', 'third'])
      made.push(await t.create('organizers', { organizer: t.name(`org ${label}`) }));
    // Neither ascending nor descending by ID: the newest first, then the oldest.
    const sent = [made[2].id, made[0].id, made[1].id];
    const { read, readRes } = await createAndRead(t, eventBody(t, 'organizer order', { organizer: sent }));
    const ids = linkedIds(read.organizer);
    t.assert(
      ids.join() === sent.join(),
      `the event's organizers are ${showIds(ids)}, sent in the order ${showIds(sent)}`,
      readRes,
    );
  },
);

/**
 * Create an event with inline venue/organizer data in the form the original accepts (a venue as one
 * object, organizers as an array of objects), retrying the other form on a 400 (LEVELS.md inline data).
 */
async function createWithInline(t: CheckContext, payload: Params, kind: 'venue' | 'organizer', data: Params) {
  const forms = kind === 'venue' ? [data, [data]] : [[data], data];
  const first = await t.api.post('/events', { ...payload, [kind]: forms[0] });
  t.trackCreated('events', first);
  if (first.status !== 400) return first;
  const second = await t.api.post('/events', { ...payload, [kind]: forms[1] });
  t.trackCreated('events', second);
  return second;
}

/** Reads the event `res` created and returns it with the linked records' IDs (tracked for deletion). */
async function readLinked(t: CheckContext, res: ApiResponse, kind: 'venue' | 'organizer') {
  t.expectStatus(res, '2xx', `creating an event with inline ${kind} data`);
  t.assert(
    Number.isInteger(field(res.json, 'id')),
    `the create answered no integer id (${JSON.stringify(field(res.json, 'id'))})`,
    res,
  );
  const readRes = await t.api.get(`/events/${field(res.json, 'id')}`);
  t.expectStatus(readRes, '2xx', `reading the created event ${field(res.json, 'id')}`);
  const read = t.record(readRes);
  const ids = linkedIds(read[kind]);
  const records: ApiRecord[] = Array.isArray(read[kind]) ? read[kind] : read[kind] ? [read[kind]] : [];
  // The embedded records carry the names sent (run-tagged) when the server shows them.
  for (const id of ids)
    t.track(
      kind === 'venue' ? 'venues' : 'organizers',
      id,
      records.find((r) => r?.id === id),
    );
  return { read, readRes, ids, records };
}

// One inline venue (one object; an array of one on a 400) and one inline organizer (an array of
// one object; one object on a 400): the forms the original accepts (reference-behavior.md, "Inline data").
for (const inline of [
  {
    kind: 'venue',
    form: 'a venue as one object, retried as an array of one object on a 400',
    data: { city: 'Lyon' },
  },
  {
    kind: 'organizer',
    form: 'organizers as an array of objects, retried as one object on a 400',
    data: { email: 'org@example.org' },
  },
] as const) {
  const { kind } = inline;
  check(
    {
      id: `events.create.${kind}-inline`,
      spec: `Resources and their fields / Event: ${kind} (IDs or data); docs/requirements.md#inline-venue-organizer (must: ${inline.form})`,
      level: 'must',
      requirements: [CREATE, req.field('events', kind)],
      tags: ['writes'],
    },
    `creates and links ${kind === 'venue' ? 'a venue' : 'an organizer'} given as inline data`,
    async (t) => {
      const name = t.name(`inline ${kind}`);
      const res = await createWithInline(t, eventBody(t, `inline ${kind}`), kind, { [kind]: name, ...inline.data });
      const { read, readRes, ids, records } = await readLinked(t, res, kind);
      t.assert(
        ids.length === 1 && sameText(name, records[0]?.[kind]),
        `the event's ${kind} is ${JSON.stringify(read[kind])?.slice(0, 200)}, expected one ${kind} named ${JSON.stringify(name)}`,
        readRes,
      );
      const linked = await t.api.get(`/${kind}s/${ids[0]}`);
      const rec = t.record(linked, `reading the inline-created ${kind} ${ids[0]}`);
      t.assert(
        sameText(name, rec[kind]),
        `${kind} ${ids[0]} is named ${JSON.stringify(rec[kind])}, expected ${JSON.stringify(name)}`,
        linked,
      );
    },
  );
}

check(
  {
    id: 'events.create.inline-linked-image',
    spec: 'Resources and their fields / Event: venue, organizer (IDs or data); Venue, Organizer: image (featured image ID or URL); docs/requirements.md#inline-venue-organizer; docs/requirements.md#fixture-only (measured on 6.8.0 and 4.6.8 with an uploaded image)',
    level: 'must',
    requirements: [
      CREATE,
      req.field('events', 'venue'),
      req.field('events', 'organizer'),
      req.field('venues', 'image'),
      req.field('organizers', 'image'),
    ],
    tags: ['writes', 'fixture'],
  },
  'a venue created inline with an event takes the image given by ID, an organizer created inline takes the image given by URL',
  async (t) => {
    const image = t.fixture('image');
    const shows = (got: unknown) =>
      field(got, 'id') === image.id || field(got, 'url') === image.url || String(got) === String(image.id);
    for (const [kind, value] of [
      ['venue', String(image.id)],
      ['organizer', image.url],
    ] as const) {
      const name = t.name(`inline ${kind} with image`);
      const res = await createWithInline(t, eventBody(t, `inline ${kind} image`), kind, { [kind]: name, image: value });
      const { read, readRes, ids } = await readLinked(t, res, kind);
      t.assert(
        ids.length === 1,
        `the event links ${kind} ${JSON.stringify(read[kind])?.slice(0, 200)}, expected one`,
        readRes,
      );
      const linked = await t.api.get(`/${kind}s/${ids[0]}`);
      const rec = t.record(linked, `the inline-created ${kind} ${ids[0]}`);
      t.assert(
        shows(rec.image),
        `the ${kind} ${ids[0]} created inline with image ${JSON.stringify(value)} shows image ${JSON.stringify(rec.image)?.slice(0, 200)}`,
        linked,
      );
    }
  },
);

check(
  {
    id: 'events.create.organizers-inline-several',
    spec: 'Resources and their fields / Event: organizer (array of IDs or data); docs/requirements.md#levels inline data (should: several inline organizers, all linked)',
    level: 'should',
    requirements: [CREATE, req.field('events', 'organizer')],
    tags: ['writes'],
  },
  'creates and links every organizer of an array of inline organizer data',
  async (t) => {
    const names = [t.name('inline org one'), t.name('inline org two')];
    const res = await t.api.post('/events', {
      ...eventBody(t, 'inline organizers'),
      organizer: names.map((organizer) => ({ organizer })),
    });
    t.trackCreated('events', res);
    const { read, readRes, ids, records } = await readLinked(t, res, 'organizer');
    const missing = names.filter((n) => !records.some((r) => sameText(n, r?.organizer)));
    t.assert(
      ids.length === 2 && missing.length === 0,
      `the event's organizers are ${JSON.stringify(read.organizer)?.slice(0, 300)}, expected two organizers named ${JSON.stringify(names)}`,
      readRes,
    );
  },
);

check(
  {
    id: 'events.create.organizer-inline-mixed',
    spec: 'Resources and their fields / Event: organizer (array of IDs or data); docs/requirements.md#levels inline data (should: inline mixed with {id}, all linked)',
    level: 'should',
    requirements: [CREATE, req.field('events', 'organizer')],
    tags: ['writes'],
  },
  'links an existing organizer given as {id} and creates one given as data in the same array',
  async (t) => {
    const existing = await t.create('organizers', { organizer: t.name('org existing') });
    const name = t.name('inline org new');
    const res = await t.api.post('/events', {
      ...eventBody(t, 'mixed organizers'),
      organizer: [{ id: existing.id }, { organizer: name }],
    });
    t.trackCreated('events', res);
    const { read, readRes, ids, records } = await readLinked(t, res, 'organizer');
    t.assert(
      ids.length === 2 && ids.includes(existing.id) && records.some((r) => sameText(name, r?.organizer)),
      `the event's organizers are ${JSON.stringify(read.organizer)?.slice(0, 300)}, expected organizer ${existing.id} and a new one named ${JSON.stringify(name)}`,
      readRes,
    );
  },
);

for (const kind of ['venue', 'organizer'] as const) {
  const venue = kind === 'venue';
  check(
    {
      id: venue ? 'events.create.venue-inline-array' : 'events.create.organizer-inline-object',
      spec: venue
        ? 'Resources and their fields / Event: venue (array of IDs or data): the spec types venue as an array; docs/requirements.md#levels inline data (the original accepts a venue only as one object: 400 on an array)'
        : 'Resources and their fields / Event: organizer (IDs or data); docs/requirements.md#levels inline data (the form the original refuses with 400; accepted by a lenient server)',
      level: 'should',
      requirements: [CREATE, req.field('events', kind)],
      tags: ['writes'],
    },
    venue
      ? 'creates and links a venue given as an array of one inline object'
      : 'creates and links an organizer given as one inline object (not an array)',
    async (t) => {
      const name = t.name(`inline ${kind} other form`);
      const data = { [kind]: name };
      const res = await t.api.post('/events', {
        ...eventBody(t, `inline ${kind} other form`),
        [kind]: venue ? [data] : data,
      });
      t.trackCreated('events', res);
      const { read, readRes, ids, records } = await readLinked(t, res, kind);
      t.assert(
        ids.length === 1 && sameText(name, records[0]?.[kind]),
        `the event's ${kind} is ${JSON.stringify(read[kind])?.slice(0, 200)}, expected one ${kind} named ${JSON.stringify(name)}`,
        readRes,
      );
    },
  );
}

/** Term IDs of an event's categories/tags (embedded term objects). */
const termIds = (v: unknown): number[] =>
  Array.isArray(v) ? v.map((x: unknown) => field(x, 'id') ?? field(x, 'term_id')).filter(isInteger) : [];

for (const [field, resource] of [
  ['categories', 'categories'],
  ['tags', 'tags'],
] as const) {
  check(
    {
      id: `events.create.${field}`,
      spec: `Resources and their fields / Event: ${field} (extended only; ID or name); docs/requirements.md#terms-on-create (must: by ID, and by a new name)`,
      level: 'must',
      requirements: [CREATE, req.field('events', field), req.cover(`events.${field}.create`)],
      tags: ['writes', 'extended'],
    },
    `links ${field} given by ID and creates one given by a new name`,
    async (t) => {
      const term = await t.create(resource, { name: t.name(`${field} existing`) });
      const newName = t.name(`${field} new`);
      const { read, readRes } = await createAndRead(t, eventBody(t, `with ${field}`, { [field]: [term.id, newName] }));
      const terms: ApiRecord[] = Array.isArray(read[field]) ? read[field] : [];
      for (const x of terms) if (x?.id !== term.id && Number.isInteger(x?.id)) t.track(resource, x.id, x);
      t.assert(
        termIds(terms).includes(term.id),
        `the event's ${field} are ${showIds(termIds(terms))}, expected ${term.id} among them`,
        readRes,
      );
      t.assert(
        terms.some((x) => sameText(newName, x?.name)),
        `no ${field} term named ${JSON.stringify(newName)} on the event (names: ${terms.map((x) => JSON.stringify(x?.name)).join(', ')})`,
        readRes,
      );
    },
  );
}

check(
  {
    id: 'events.create.tag-existing-name',
    spec: 'docs/requirements.md#terms-on-create (should: an existing tag name links that tag; 6.x links a new tag named after its ID)',
    level: 'should',
    requirements: [CREATE, req.field('events', 'tags')],
    tags: ['writes', 'extended'],
  },
  'links an existing tag given by its name instead of creating another',
  async (t) => {
    const tag = await t.create('tags', { name: t.name('tag by name') });
    const { read, readRes } = await createAndRead(t, eventBody(t, 'existing tag name', { tags: [tag.name] }));
    const ids = termIds(read.tags);
    for (const x of Array.isArray(read.tags) ? read.tags : []) {
      // Only the original's measured side effect (a new tag named after the linked tag's ID) is ours to delete.
      if (Number.isInteger(x?.id) && x.id !== tag.id && String(x.name) === String(tag.id))
        t.trackOwn('tags', x.id, "the original's side-effect tag named after the linked tag's ID");
    }
    t.assert(
      ids.length === 1 && ids[0] === tag.id,
      `the event's tags are ${showIds(ids)}, expected exactly the existing tag ${tag.id}`,
      readRes,
    );
  },
);

check(
  {
    id: 'events.create.empty-defaults',
    spec: "Resources and their fields / Event: website, venue, organizer, categories, tags default null (extended); docs/requirements.md#null-defaults (should: sending nothing leaves them empty, both variants; 6.8.0 and 4.6.8 answer the event's own permalink as website, quirk website-defaults-permalink)",
    level: 'should',
    requirements: [
      CREATE,
      req.field('events', 'website'),
      req.field('events', 'venue'),
      req.field('events', 'organizer'),
      req.field('events', 'categories'),
      req.field('events', 'tags'),
    ],
    tags: ['writes'],
  },
  'leaves website, venue, organizer, categories and tags empty when they are not sent',
  async (t) => {
    const { read, readRes } = await createAndRead(t, eventBody(t, 'defaults'));
    const empty = (v: unknown) =>
      v === null ||
      v === undefined ||
      v === '' ||
      v === false ||
      (Array.isArray(v) && v.length === 0) ||
      (typeof v === 'object' && v !== null && Object.keys(v).length === 0);
    const keys = ['website', 'venue', 'organizer', ...(t.extended ? ['categories', 'tags'] : [])];
    // Empty on both variants (LEVELS.md null defaults: should): the event's own permalink as
    // website is not empty, whatever the original answers (quirk website-defaults-permalink warns).
    const full = keys.filter((k) => !empty(read[k]));
    t.assert(
      full.length === 0,
      `unsent fields are not empty: ${full.map((k) => `${k}=${JSON.stringify(read[k])?.slice(0, 100)}`).join(', ')}`,
      readRes,
    );
  },
);

check(
  {
    id: 'events.create.string-forms',
    spec: 'Resources and their fields / Event: hide_from_listings (boolean), organizer (array of integer), categories, tags (extended; the request forms are not shown); docs/requirements.md#original-tests (should: in a form body the strings "true" and "false" set a flag, a single organizer ID links that organizer, a comma string of new names creates and links each term, and "" links none, as the original\'s own tests send them)',
    level: 'should',
    requirements: [
      CREATE,
      req.field('events', 'hide_from_listings'),
      req.field('events', 'organizer'),
      req.field('events', 'categories'),
      req.field('events', 'tags'),
    ],
    tags: ['writes'],
  },
  'a form create takes "true"/"false" flags, a single organizer ID, and (extended) a comma string of new category names and "" for none',
  async (t) => {
    const org = await t.create('organizers', { organizer: t.name('single organizer') });
    const names = [t.name('comma cat one'), t.name('comma cat two')];
    const terms = t.extended ? { categories: names.join(','), tags: '' } : {};
    // The create's answer is the record (one request each, no read).
    const post = async (payload: Params) => {
      const res = await t.api.request({ method: 'POST', path: '/events', form: payload });
      t.trackCreated('events', res);
      return { read: t.record(res, 'the form create'), readRes: res };
    };
    const a = await post(
      eventBody(t, 'string forms true', { hide_from_listings: 'true', organizer: String(org.id), ...terms }),
    );
    const cats: ApiRecord[] = Array.isArray(a.read.categories) ? a.read.categories : [];
    for (const x of cats) if (isInteger(x?.id)) t.track('categories', x.id, x);
    const bad: string[] = [];
    if (!sameBoolean(true, a.read.hide_from_listings))
      bad.push(`hide_from_listings "true" reads ${JSON.stringify(a.read.hide_from_listings)}`);
    if (!sameIds(linkedIds(a.read.organizer), [org.id]))
      bad.push(`organizer ${org.id} (one ID) reads ${showIds(linkedIds(a.read.organizer))}`);
    if (t.extended) {
      const got = cats.map((x) => x?.name);
      if (cats.length !== 2 || !names.every((n) => got.some((g) => sameText(n, g))))
        bad.push(`categories ${JSON.stringify(terms.categories)} read ${JSON.stringify(got)}, expected the two names`);
      if (termIds(a.read.tags).length) bad.push(`tags "" read ${showIds(termIds(a.read.tags))}, expected none`);
    }
    const b = await post(
      eventBody(t, 'string forms false', { hide_from_listings: 'false', ...(t.extended ? { categories: '' } : {}) }),
    );
    if (!sameBoolean(false, b.read.hide_from_listings))
      bad.push(`hide_from_listings "false" reads ${JSON.stringify(b.read.hide_from_listings)}`);
    if (t.extended && termIds(b.read.categories).length)
      bad.push(`categories "" read ${showIds(termIds(b.read.categories))}, expected none`);
    t.assert(bad.length === 0, `the events created from form strings: ${bad.join('; ')}`, b.readRes);
  },
);
