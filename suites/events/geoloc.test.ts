/**
 * Geolocation filters of the event list (premium extension): geoloc, geoloc_lat, geoloc_lng.
 * Needs the premium feature and a geolocated venue from the fixtures file.
 */
import { check } from '../../lib/check/index.ts';
import { req, showIds, field, isInteger } from '../../lib/spec/contract.ts';
import { eventBody, makeEvent, scoped } from './support.ts';

check(
  {
    id: 'events.list.geoloc',
    spec: 'List events: geoloc, geoloc_lat, geoloc_lng (premium extension); n/a unless premium and fixture geolocatedVenue',
    level: 'must',
    requirements: [
      req.route('GET', 'events'),
      req.param('events', 'geoloc'),
      req.param('events', 'geoloc_lat'),
      req.param('events', 'geoloc_lng'),
    ],
    tags: ['writes', 'premium', 'fixture'],
  },
  'lists events at a geolocated venue for geoloc=true and near its coordinates, not elsewhere; geoloc=false lists an event without a venue',
  async (t) => {
    const venue = t.fixture('geolocatedVenue');
    let at = await t.api.post('/events', eventBody(t, 'geo here', { venue: venue.id }, 25));
    if (at.status === 400) at = await t.api.post('/events', eventBody(t, 'geo here', { venue: [venue.id] }, 25));
    const here = field(at.json, 'id');
    if (!(at.status < 300 && isInteger(here)))
      return t.blocked(`setup: creating an event at the geolocated venue answered ${at.status}`, at);
    t.track('events', here, at.json);
    const elsewhere = (await makeEvent(t, 'geo none', {}, 25)).id;
    const geo = await scoped(t, { geoloc: true });
    t.assert(
      geo.ids.includes(here) && !geo.ids.includes(elsewhere),
      `geoloc=true listed ${showIds(geo.ids)}; expected ${here} (geolocated venue) and not ${elsewhere} (no venue)`,
      geo.res,
    );
    // false asks for no geolocation: the event without a venue is listed (whatever the server
    // does with the geolocated one, the spec says nothing of it).
    const off = await scoped(t, { geoloc: false });
    t.assert(
      off.ids.includes(elsewhere),
      `geoloc=false listed ${showIds(off.ids)}; expected ${elsewhere} (no venue) among them`,
      off.res,
    );
    const near = await scoped(t, { geoloc_lat: venue.lat, geoloc_lng: venue.lng });
    t.assert(
      near.ids.includes(here) && !near.ids.includes(elsewhere),
      `geoloc_lat/lng at the venue listed ${showIds(near.ids)}; expected ${here} only`,
      near.res,
    );
    const far = await scoped(
      t,
      { geoloc_lat: -venue.lat, geoloc_lng: venue.lng + 120 > 180 ? venue.lng - 120 : venue.lng + 120 },
      { notFoundIsEmpty: true },
    );
    t.assert(!far.ids.includes(here), `geoloc_lat/lng on the other side of the world still lists ${here}`, far.res);
  },
);
