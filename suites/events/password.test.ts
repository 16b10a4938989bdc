/**
 * The event password on item routes (extended only): a protected event is refused to anonymous
 * readers without the password and served with it. Needs the fixture passwordEvent.
 */
import { check } from '../../lib/check/index.ts';
import { req, field } from '../../lib/spec/contract.ts';

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
