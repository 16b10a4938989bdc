/**
 * The event password (extended only): a protected event is refused to anonymous readers of its item
 * route without the password and served with it, and it is listed like any published event (the
 * original, 6.8.0, measured 2026-11-26 with a password set in its database: listed to visitors and
 * to the authenticated caller). Needs the fixture passwordEvent.
 */
import { check } from '../../lib/check/index.ts';
import { req, field, readPages } from '../../lib/spec/contract.ts';
import { sameText } from '../../lib/spec/normalise.ts';

check(
  {
    id: 'events.read.password',
    spec: 'Event item routes (extended only): optional password string; n/a unless fixture passwordEvent; refused without the password: a 4xx, never a 5xx; positive control: served with the password',
    level: 'must',
    requirements: [req.field('events', 'password'), req.route('GET', 'events', '/{id}')],
    tags: ['extended', 'fixture', 'anonymous'],
  },
  'refuses a password-protected event to anonymous readers without the password and serves it with the password',
  async (t) => {
    const fx = t.fixture('passwordEvent');
    const without = await t.anon.get(`/events/${fx.id}`);
    t.expectStatus(without, '4xx', `an anonymous read of the protected event ${fx.id} without the password`);
    const wrong = await t.anon.get(`/events/${fx.id}`, { password: `${fx.password}-wrong` });
    t.expectStatus(wrong, '4xx', `an anonymous read of the protected event ${fx.id} with a wrong password`);
    const withPw = await t.anon.get(`/events/${fx.id}`, { password: fx.password });
    t.expectStatus(withPw, '2xx', 'an anonymous read with the password');
    t.assert(
      field(withPw.json, 'id') === fx.id,
      `the read with the password answered id ${JSON.stringify(field(withPw.json, 'id'))}, expected ${fx.id}`,
      withPw,
    );
  },
);

check(
  {
    id: 'events.list.password-listed',
    spec: 'List events; Event item routes (extended only): optional password string; n/a unless fixture passwordEvent; docs/requirements.md#measured-password-2026-11 (should: a password-protected published event is listed to visitors and to the authenticated caller, as 6.8.0 lists it; the password guards the item route only)',
    level: 'should',
    requirements: [req.route('GET', 'events'), req.field('events', 'password')],
    tags: ['extended', 'fixture', 'anonymous'],
  },
  'lists a password-protected event to visitors and to the authenticated caller',
  async (t) => {
    const fx = t.fixture('passwordEvent');
    // Where to look: the event's own dates, read with its password.
    const read = await t.anon.get(`/events/${fx.id}`, { password: fx.password });
    if (read.status < 200 || read.status > 299)
      t.blocked(
        `an anonymous read of the protected event ${fx.id} with its password answered ${read.status} (see events.read.password)`,
      );
    const ev = t.record(read, `the protected event ${fx.id}`);
    const day = (v: unknown) => String(v ?? '').slice(0, 10);
    if (!/^\d{4}-\d\d-\d\d$/.test(day(ev.start_date)) || !/^\d{4}-\d\d-\d\d$/.test(day(ev.end_date)))
      t.blocked(
        `the protected event ${fx.id} reads start_date ${JSON.stringify(ev.start_date)}, end_date ${JSON.stringify(ev.end_date)}: no window to list`,
      );
    // The event's own days (not `include`: 6.8.0 still applies its default window to it), read by
    // the one list reader up to 5 pages of 50.
    const query = { start_date: `${day(ev.start_date)} 00:00:00`, end_date: `${day(ev.end_date)} 23:59:59` };
    for (const [who, client] of [
      ['a visitor', t.anon],
      ['the authenticated caller', t.api],
    ] as const) {
      const what = `the events list for ${who} between ${query.start_date} and ${query.end_date}`;
      const got = await readPages((page) => client.get('/events', { ...query, per_page: 50, page }), 'events', {
        variant: t.variant,
        perPage: 50,
        maxPages: 5,
        what,
      });
      const res = got.last;
      if (got.bad) t.fail(got.bad, res);
      t.assert(!got.incoherent, got.incoherent ?? '', res);
      const listed = got.records.find((r) => r.id === fx.id);
      t.assert(
        listed !== undefined,
        `${what} does not list the protected event ${fx.id} (${got.ids.length} events read${got.complete ? '' : ' in 5 pages'})`,
        res,
      );
      t.assert(
        sameText(String(ev.title), listed?.title),
        `the events list for ${who} shows the protected event ${fx.id} with title ${JSON.stringify(listed?.title)}, its read ${JSON.stringify(ev.title)}`,
        res,
      );
    }
  },
);
