/**
 * Linked records given inline, as the original's own REST tests read them (issue 30, class 9:
 * EventInsertionCest / EventUpdateCest "inserting a venue along with the event", "creating
 * multiple organizers and linking existing ones", "setting the linked posts images"): the write
 * answer itself embeds the venue and the organizers, each with its ID, in the order sent, a record
 * given by `{id}` reused, and an image given by URL on an inline record shown on it. Measured on
 * 6.8.0 and 4.6.8 (2026-11-28): the create answer embeds the venue object and the organizers in
 * the order sent, each with the fixture image given by URL; an update with `[{organizer}, {id}]`
 * answers both (6.8.0 in the order sent, 4.6.8 the organizer the event already had first: the
 * update is judged in any order, as the original's own test of mixed organizers does); updates
 * with an array of two organizer IDs and with one ID answer those organizers. The forms are the
 * ones the original accepts (a venue as one object, organizers as an array of objects: LEVELS.md
 * inline data).
 */
import { check, type CheckContext } from '../../lib/check/index.ts';
import { embeddedProblems, type LinkedWant } from '../../lib/spec/answers.ts';
import { field, isInteger, isObject, req, type ApiRecord } from '../../lib/spec/contract.ts';
import { eventBody } from './support.ts';

/**
 * Track every venue and organizer `rec` embeds that `seen` does not hold yet (the names sent carry
 * the run tag): the update answer repeats records of the create answer, each deleted once.
 */
function trackEmbedded(t: CheckContext, rec: ApiRecord, seen: Set<string>): void {
  for (const [key, resource] of [
    ['venue', 'venues'],
    ['organizer', 'organizers'],
  ] as const)
    for (const r of [rec[key]].flat())
      if (isObject(r) && isInteger(r.id) && !seen.has(`${resource} ${r.id}`)) {
        seen.add(`${resource} ${r.id}`);
        t.track(resource, r.id, r);
      }
}

check(
  {
    id: 'events.create.inline-answer',
    spec: "Resources and their fields / Event: venue, organizer (IDs or data); Response records: not shown; docs/requirements.md#original-tests (should: the create and update answers embed the venue and organizers given inline or by {id}, in the order sent, with an image given by URL, as the original's own tests assert; measured on 6.8.0 and 4.6.8)",
    level: 'should',
    requirements: [
      req.route('POST', 'events'),
      req.route('POST', 'events', '/{id}'),
      req.field('events', 'venue'),
      req.field('events', 'organizer'),
    ],
    tags: ['writes'],
  },
  'the create answer embeds a venue and two organizers given inline, with their new IDs, in the order sent (with the image given by URL when the fixtures file names one); an update answer embeds a new inline organizer and one given by {id}, in any order, then organizers given by IDs (an array in order, one ID alone)',
  async (t) => {
    const image = t.config.fixtures?.image;
    const withImage = image ? { image: image.url } : {};
    const venue = t.name('inline answer venue');
    const [a, c, d] = ['a', 'c', 'd'].map((x) => t.name(`inline answer org ${x}`));
    const created = await t.api.post(
      '/events',
      eventBody(
        t,
        'inline answer',
        { venue: { venue, ...withImage }, organizer: [{ organizer: a, ...withImage }, { organizer: c }] },
        46,
      ),
    );
    t.trackCreated('events', created);
    const ev = t.record(created, 'POST /events with an inline venue and two inline organizers');
    const seen = new Set<string>();
    trackEmbedded(t, ev, seen);
    const img = image ? { image } : {};
    const want: Record<'venue' | 'organizer', LinkedWant[]> = {
      venue: [{ name: venue, ...img }],
      organizer: [{ name: a, ...img }, { name: c }],
    };
    const bad = [...embeddedProblems(ev, 'venue', want.venue), ...embeddedProblems(ev, 'organizer', want.organizer)];
    t.assert(bad.length === 0, `the create answer: ${bad.join('; ')}`, created);

    const first: unknown = field([ev.organizer].flat()[0], 'id');
    if (!isInteger(first)) return t.blocked('the create answer names no organizer ID to give by {id}');
    const updated = await t.api.post(
      `/events/${ev.id}`,
      eventBody(t, 'inline answer', { organizer: [{ organizer: d }, { id: first }] }, 46),
    );
    const up = t.record(updated, `POST /events/${ev.id} with a new inline organizer and {id: ${first}}`);
    trackEmbedded(t, up, seen);
    // In any order: 6.8.0 answers the order sent, 4.6.8 the organizer the event kept first (measured).
    const again = embeddedProblems(up, 'organizer', [{ name: d }, { id: first, name: a }], { anyOrder: true });
    t.assert(again.length === 0, `the update answer: ${again.join('; ')}`, updated);

    // By ID (EventUpdateCest "linking the event to multiple existing organizers", "to an existing
    // organizer"): the two organizers created inline as an array of IDs, in order (the one the
    // event kept first: 4.6.8 answers kept organizers first), then one ID alone.
    const second: unknown = field([ev.organizer].flat()[1], 'id');
    if (!isInteger(second)) return t.blocked('the create answer names no second organizer ID');
    for (const sent of [[first, second], second]) {
      const res = await t.api.post(`/events/${ev.id}`, eventBody(t, 'inline answer', { organizer: sent }, 46));
      const rec = t.record(res, `POST /events/${ev.id} with organizer ${JSON.stringify(sent)}`);
      trackEmbedded(t, rec, seen);
      const byId = embeddedProblems(
        rec,
        'organizer',
        [sent].flat().map((id) => ({ id })),
      );
      t.assert(byId.length === 0, `the update answer with organizer ${JSON.stringify(sent)}: ${byId.join('; ')}`, res);
    }
  },
);
