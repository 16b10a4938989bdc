/**
 * Event payloads as properties: a generated valid payload round-trips (LEVELS.md minimal
 * contract: text after normalisation, dates, booleans, cost numbers), and generated invalid
 * payloads are refused with a 4xx and create nothing (checked once after the property by
 * searching the check's scope: a record found names the payload that made it).
 */
import fc from 'fast-check';
import { check, type CheckContext } from '../../lib/check/index.ts';
import { readList, req, type ApiRecord } from '../../lib/spec/contract.ts';
import { replayCommand } from '../../lib/run/config/replay.ts';
import { costReflects, sameBoolean, sameDateTime, sameText } from '../../lib/spec/normalise.ts';
import {
  BOOLEAN_FIELDS,
  invalidValue,
  missingRequired,
  validPayload,
  type EventPayload,
} from '../../lib/spec/arbitraries/events.ts';
import { eventBody } from './support.ts';

const CREATE = req.route('POST', 'events');
const READ = req.route('GET', 'events', '/{id}');

/** Fields of `rec` that do not reflect `sent`, as `name: sent -> got` lines. */
export function mismatches(sent: Partial<EventPayload>, rec: ApiRecord): string[] {
  const out: string[] = [];
  const show = (name: string, got: unknown) =>
    out.push(`${name}: sent ${JSON.stringify((sent as ApiRecord)[name])}, got ${JSON.stringify(got)}`);
  for (const name of ['title', 'description', 'excerpt'] as const) {
    if (sent[name] !== undefined && !sameText(sent[name]!, rec?.[name])) show(name, rec?.[name]);
  }
  for (const name of ['start_date', 'end_date'] as const) {
    if (sent[name] !== undefined && !sameDateTime(sent[name]!, rec?.[name])) show(name, rec?.[name]);
  }
  for (const name of [...BOOLEAN_FIELDS, 'all_day'] as const) {
    if (sent[name] !== undefined && !sameBoolean(sent[name]!, rec?.[name])) show(name, rec?.[name]);
  }
  if (sent.cost !== undefined && !costReflects(sent.cost, rec))
    out.push(
      `cost: sent ${JSON.stringify(sent.cost)}, got ${JSON.stringify(rec?.cost)} / ${JSON.stringify(rec?.cost_details)}`,
    );
  return out;
}

check(
  {
    id: 'events.payload.round-trip',
    spec: 'Resources and their fields / Event; docs/requirements.md#contract (text normalised, dates, booleans, cost numbers)',
    level: 'must',
    requirements: [
      CREATE,
      READ,
      req.field('events', 'title'),
      req.field('events', 'description'),
      req.field('events', 'excerpt'),
      req.field('events', 'start_date'),
      req.field('events', 'end_date'),
      req.field('events', 'cost'),
      req.field('events', 'all_day'),
      req.field('events', 'featured'),
      req.field('events', 'sticky'),
      req.field('events', 'show_map'),
      req.field('events', 'show_map_link'),
      req.field('events', 'hide_from_listings'),
    ],
    tags: ['property', 'writes'],
  },
  'a generated valid event payload comes back as sent in the create answer and on read',
  async (t) => {
    await t.property(
      validPayload,
      async (p) => {
        const sent: EventPayload = { ...p, title: `${t.name('rt')} ${p.title}` };
        const res = await t.api.post('/events', { ...sent });
        t.expectStatus(res, '2xx', 'creating a valid event');
        const rec = t.record(res, 'the create answer');
        t.assert(Number.isInteger(rec?.id), `the create answer has no integer id (id ${JSON.stringify(rec?.id)})`, res);
        t.track('events', rec.id, rec);
        const bad = mismatches(sent, rec);
        if (bad.length)
          t.fail(`the create answer does not reflect the payload ${JSON.stringify(sent)}: ${bad.join('; ')}`, res);
        const read = await t.api.get(`/events/${rec.id}`);
        t.expectStatus(read, '2xx', `reading event ${rec.id}`);
        const back = mismatches(sent, t.record(read, 'the event read'));
        if (back.length)
          t.fail(
            `GET /events/${rec.id} does not reflect the payload ${JSON.stringify(sent)}: ${back.join('; ')}`,
            read,
          );
      },
      // 12 runs, not --num-runs (20): each costs 3 requests, and the fault matrix (5 runs) kills
      // every fault of this check; the terms' round trips make 10.
      { numRuns: 12 },
    );
  },
);

/**
 * The refused payloads of a check, by the marker each one's description holds: a record found in
 * the scope after the property names the payload that made it.
 */
type Sent = Map<string, string>;

/** POSTs `payload` (its description holds the scope and `marker`); fails unless it is refused with a 4xx. */
async function refused(
  t: CheckContext,
  sent: Sent,
  marker: string,
  payload: Record<string, unknown>,
  what: string,
): Promise<void> {
  const res = await t.api.post('/events', payload);
  if (res.status >= 200 && res.status < 300) {
    t.trackCreated('events', res);
    t.fail(`${what} was accepted (${res.status}); expected a 4xx. Payload ${JSON.stringify(payload)}`, res);
  }
  t.expectStatus(res, '4xx', what);
  sent.set(marker, `${what}: ${JSON.stringify(payload)}`);
}

/**
 * After every payload was refused: the scope (each payload's description holds it as a word)
 * lists only `control`, an event of the scope made before, the positive control that the list
 * would show an event created anyway. One list for all the runs of the property: a record found
 * names the payload (by its marker) that made it.
 */
async function nothingCreated(t: CheckContext, control: number, sent: Sent): Promise<void> {
  const list = await t.api.get('/events', { search: t.scope, per_page: 50 });
  const listed = readList(t, list, 'events', { what: `listing the events of the scope ${t.scope}` }).records;
  const found = listed.filter((e) => e.id !== control);
  if (found.length) {
    for (const e of found) t.track('events', e.id, e);
    const made = found.map((e) => {
      const text = JSON.stringify(e.description ?? '');
      const marker = [...sent.keys()].find((m) => new RegExp(`${m}(?![a-z0-9])`).test(text));
      return `event ${e.id} by ${marker ? sent.get(marker) : 'a payload of the scope'}`;
    });
    t.fail(
      `${sent.size} payload(s) were refused with a 4xx, but the scope ${t.scope} lists ${made.join('; ')}; replay: ${replayCommand(t.config, t.meta.id)}`,
      list,
    );
  }
  t.assert(
    listed.some((e) => e.id === control),
    `the events of the scope ${t.scope} do not include the control ${control} (positive control: the list shows an event created in the scope)`,
    list,
  );
}

let counter = 0;

check(
  {
    id: 'events.payload.missing-required-rejected',
    spec: 'Resources and their fields / Event (title, start_date, end_date required on create); docs/requirements.md#missing-required-field (4xx and nothing created); positive control: an event of the scope is listed',
    level: 'must',
    requirements: [
      CREATE,
      req.field('events', 'title'),
      req.field('events', 'start_date'),
      req.field('events', 'end_date'),
    ],
    tags: ['property', 'writes'],
  },
  'a payload lacking any of title, start_date, end_date is refused with a 4xx and creates nothing',
  async (t) => {
    const control = await t.create('events', eventBody(t, 'control'));
    const sent: Sent = new Map();
    const attempt = async (payload: EventPayload, drop: readonly string[]) => {
      // The description holds the scope as a word, so a wrongly created event is found even without a title.
      const marker = `${t.scope}m${(counter++).toString(36)}`;
      const body: Record<string, unknown> = {
        ...payload,
        title: `${t.name('mr')} ${payload.title}`,
        description: `${t.scope} ${marker}`,
      };
      for (const f of drop) delete body[f];
      await refused(t, sent, marker, body, `creating an event without ${drop.join(', ')}`);
    };
    // Each required field missing alone, always: a small --num-runs must not skip one of them.
    const [base] = fc.sample(validPayload, { numRuns: 1, seed: t.seed });
    for (const field of ['title', 'start_date', 'end_date']) await attempt(base!, [field]);
    // 12 runs, not --num-runs (20): one request each; the fault matrix proves this check's faults at 5.
    await t.property(missingRequired, ({ payload, drop }) => attempt(payload, drop), { numRuns: 12 });
    await nothingCreated(t, control.id, sent);
  },
);

check(
  {
    id: 'events.payload.invalid-values-rejected',
    spec: 'docs/requirements.md#measured-cross-cutting Cross-cutting: invalid value (bad date string, unknown venue/organizer ID) is 400 rest_invalid_param; the spec does not state validation, so should',
    level: 'should',
    requirements: [
      CREATE,
      req.field('events', 'start_date'),
      req.field('events', 'end_date'),
      req.field('events', 'venue'),
      req.field('events', 'organizer'),
    ],
    tags: ['property', 'writes'],
  },
  'a payload with a bad date string or an unknown venue/organizer ID is refused with a 4xx and creates nothing',
  async (t) => {
    const control = await t.create('events', eventBody(t, 'control'));
    const sent: Sent = new Map();
    // 12 runs, not --num-runs (20): one request each; the fault matrix proves this check's faults at 5.
    await t.property(
      fc.tuple(validPayload, invalidValue),
      async ([payload, bad]) => {
        const marker = `${t.scope}i${(counter++).toString(36)}`;
        const body: Record<string, unknown> = {
          ...payload,
          title: `${t.name('iv')} ${payload.title}`,
          description: `${t.scope} ${marker}`,
          [bad.field]: bad.value,
        };
        await refused(t, sent, marker, body, `creating an event with ${bad.field}=${JSON.stringify(bad.value)}`);
      },
      { numRuns: 12 },
    );
    await nothingCreated(t, control.id, sent);
  },
);
