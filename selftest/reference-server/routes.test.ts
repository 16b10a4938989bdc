// Routes per variant: every route of the spec table answers, extended-only routes are 404
// rest_no_route on base, non-digit IDs match no route, and the root lists what clients detect
// the variant from.
import { describe, expect, test } from 'vitest';
import { start } from './helpers.ts';

describe.each(['base', 'extended'] as const)('%s variant', async (variant) => {
  const c = await start({ variant });
  const ns = c.server.namespace;

  test('root has the recorded shape and the variant markers', async () => {
    for (const path of ['', '/']) {
      const root = await c.get(path);
      expect(root.namespace).toBe(ns);
      const routes = Object.keys(root.routes);
      expect(routes[0]).toBe(`/${ns}`);
      expect(routes.includes(`/${ns}/venues/by-slug/(?P<slug>[^/]+)`)).toBe(variant === 'extended');
      const eventsGet = root.routes[`/${ns}/events`].endpoints.find((e: { methods: string[] }) =>
        e.methods.includes('GET'),
      );
      expect('starts_before' in eventsGet.args).toBe(variant === 'extended');
      expect(root.routes[`/${ns}/events/(?P<id>\\d+)`].methods).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH']);
    }
  });

  test('doc is an OpenAPI document', async () => {
    const doc = await c.get('/doc');
    expect(doc.openapi).toBe('3.0.0');
    expect('/venues/by-slug/{slug}' in doc.paths).toBe(variant === 'extended');
  });

  test('every route-method of the table answers something but 404', async () => {
    const ev = await c.create('events', { title: 'R', start_date: '2030-01-01', end_date: '2030-01-01' });
    const v = await c.create('venues', { venue: 'RV' });
    const o = await c.create('organizers', { organizer: 'RO' });
    const cat = await c.create('categories', { name: 'RC' });
    const tag = await c.create('tags', { name: 'RT' });
    const items: Array<[string, string]> = [
      ['/events', `/events/${ev.id}`],
      ['/events', `/events/by-slug/${ev.slug}`],
      ['/venues', `/venues/${v.id}`],
      ['/organizers', `/organizers/${o.id}`],
      ['/categories', `/categories/${cat.id}`],
      ['/tags', `/tags/${tag.id}`],
    ];
    for (const [coll, item] of items) {
      expect((await c.call('GET', coll)).status, coll).toBe(200);
      for (const m of ['GET', 'PUT', 'PATCH', 'POST'])
        expect((await c.call(m, item, m === 'GET' ? {} : { json: {} })).status, `${m} ${item}`).toBe(200);
    }
    for (const path of [`/venues/by-slug/${v.slug}`, `/organizers/by-slug/${o.slug}`]) {
      const r = await c.call('GET', path);
      expect(r.status).toBe(variant === 'extended' ? 200 : 404);
      if (variant === 'base') expect(r.body.code).toBe('rest_no_route');
    }
  });

  test('non-digit IDs, unknown paths and unsupported methods are 404 rest_no_route', async () => {
    for (const [m, p] of [
      ['GET', '/events/abc'],
      ['GET', '/nope'],
      ['DELETE', '/events'],
      ['PUT', '/venues'],
    ]) {
      const r = await c.call(m, p);
      expect(r.status, `${m} ${p}`).toBe(404);
      expect(r.body.code).toBe('rest_no_route');
    }
  });

  test('missing records are 404, deletes trash then 410', async () => {
    expect((await c.call('GET', '/events/99999')).status).toBe(404);
    expect((await c.call('GET', '/venues/99999')).status).toBe(404);
    const v = await c.create('venues', { venue: 'Trash me' });
    const d = await c.call('DELETE', `/venues/${v.id}`);
    expect(d.body.status).toBe('trash');
    const again = await c.call('DELETE', `/venues/${v.id}`);
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('venue-is-in-trash');
  });
});

test('extended-only parameters are ignored on base', async () => {
  const c = await start({ variant: 'base' });
  const r = await c.call('GET', '/events?ticketed=1&post_parent=foo&include=abc&strict_dates=1');
  expect(r.status).toBe(200);
});

test('ticketed without the tickets feature is 400 event-tickets-not-active', async () => {
  const c = await start({ variant: 'extended' });
  const r = await c.call('GET', '/events?ticketed=1');
  expect(r.status).toBe(400);
  expect(r.body.data.details.ticketed.code).toBe('event-tickets-not-active');
});

test('seeded fixtures match their filters', async () => {
  const c = await start({ variant: 'extended', seedFixtures: true, features: ['tickets', 'premium'] });
  const fx = c.server.fixtures!;
  expect((await c.get('/events?ticketed=1')).events.map((e: { id: number }) => e.id)).toEqual([fx.ticketedEvent!.id]);
  expect((await c.get(`/events?post_parent=${fx.childEvent!.parent}`)).events.map((e: { id: number }) => e.id)).toEqual(
    [fx.childEvent!.id],
  );
  expect((await c.call('GET', `/events/${fx.passwordEvent!.id}`, { anon: true })).status).toBe(403);
  expect(
    (await c.call('GET', `/events/${fx.passwordEvent!.id}?password=${fx.passwordEvent!.password}`, { anon: true }))
      .status,
  ).toBe(200);
  const geo = await c.get(`/events?geoloc_lat=${fx.geolocatedVenue!.lat}&geoloc_lng=${fx.geolocatedVenue!.lng}`);
  expect(geo.events).toHaveLength(1);
  expect((await c.call('GET', '/events?geoloc_lat=1')).status).toBe(400);
  const img = await c.create('events', {
    title: 'img',
    start_date: '2030-01-01',
    end_date: '2030-01-01',
    image: String(fx.image!.id),
  });
  expect(img.image.id).toBe(fx.image!.id);
});

test('foreign records are seeded and snapshots are stable across reads', async () => {
  const c = await start({ variant: 'extended' });
  const ids = c.server.store.seedForeign();
  expect(ids.events).toHaveLength(2);
  const before = c.server.store.snapshot();
  await c.get('/events');
  await c.get('/venues');
  await c.get('/categories?hide_empty=0');
  expect(c.server.store.snapshot()).toBe(before);
  expect(c.server.stats.byMethod.POST ?? 0).toBe(0);
});
