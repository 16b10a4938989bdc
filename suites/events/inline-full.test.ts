/**
 * An inline venue sent with every field of the Venue table (the original's own insertion tests
 * send one): address, city, country, province, state, stateprovince, zip, phone, website,
 * description and both map flags. The venue created with the event holds each value, read by its
 * own ID. Measured on 6.8.0 and 4.6.8 (2026-11-28): every field reflected in the create answer and
 * on read, show_map and show_map_link sent "true" / "false" read as booleans.
 */
import { check } from '../../lib/check/index.ts';
import { field, req, showIds } from '../../lib/spec/contract.ts';
import { sameText } from '../../lib/spec/normalise.ts';
import { VENUES } from '../../lib/spec/resources.ts';
import { fullPayload } from '../_families/linked/support.ts';
import { eventBody, linkedIds } from './support.ts';

check(
  {
    id: 'events.create.venue-inline-every-field',
    spec: 'Resources and their fields / Event: venue (IDs or data); Venue (every field); docs/requirements.md#inline-venue-organizer (must: creates and links it, a venue as one object, retried as an array of one on a 400); docs/requirements.md#contract (sent fields reflected, booleans as booleans)',
    level: 'must',
    requirements: [
      req.route('POST', 'events'),
      // The venue's own fields are sent inside the event's `venue`, not to a venue route: the
      // coverage map measures field x write per route, so only the event's field is cited here.
      req.field('events', 'venue'),
    ],
    tags: ['writes'],
  },
  'creates a venue given inline with every address field, phone, website, description and both map flags, and the venue holds each of them',
  async (t) => {
    // show_map "false" and show_map_link "true": a server that swaps or drops one flag shows it.
    const venue = fullPayload(t, VENUES, 'inline every field');
    const body = eventBody(t, 'inline venue every field');
    let res = await t.api.post('/events', { ...body, venue });
    t.trackCreated('events', res);
    if (res.status === 400) {
      res = await t.api.post('/events', { ...body, venue: [venue] });
      t.trackCreated('events', res);
    }
    const ev = t.record(res, 'POST /events with an inline venue holding every field');
    const readRes = await t.api.get(`/events/${ev.id}`);
    const ids = linkedIds(t.record(readRes, `GET /events/${ev.id}`).venue);
    for (const id of ids) t.track('venues', id);
    t.assert(ids.length === 1, `the event links the venues ${showIds(ids)}, expected the one created inline`, readRes);
    const venueRes = await t.api.get(`/venues/${ids[0]}`);
    const rec = t.record(venueRes, `GET /venues/${ids[0]} (created inline)`);
    const bad: string[] = [];
    for (const [f, sent] of Object.entries(venue)) {
      const got = field(rec, f);
      if (f === 'show_map' || f === 'show_map_link') {
        if (got !== (sent === 'true')) bad.push(`${f} ${JSON.stringify(got)}, sent ${JSON.stringify(sent)}`);
      } else if (!sameText(String(sent), got)) bad.push(`${f} ${JSON.stringify(got)}, sent ${JSON.stringify(sent)}`);
    }
    t.assert(bad.length === 0, `the venue ${ids[0]} created inline: ${bad.join('; ')}`, venueRes);
  },
);
