// Request parsing: query string, form and JSON bodies (body wins over query), PHP-style `x[]=`
// arrays, comma lists and JSON arrays, invalid JSON, and the error shapes of validation.
import { describe, expect, test } from 'vitest';
import { start } from './helpers.ts';

describe('parameter sources', async () => {
  const c = await start({ variant: 'extended', now: '2027-05-01T00:00:00Z' });
  const v1 = await c.create('venues', { venue: 'Venue one' });
  const v2 = await c.create('venues', { venue: 'Venue two' });
  const v3 = await c.create('venues', { venue: 'Venue three' });
  for (const [t, v] of [
    ['A', v1],
    ['B', v2],
    ['C', v3],
  ] as const) {
    await c.create('events', {
      title: t,
      start_date: '2027-05-10 10:00',
      end_date: '2027-05-10 11:00',
      venue: v.id,
      categories: [`cat-${t}`],
      tags: `tag-${t}`,
    });
  }

  test('a form-encoded create works and nests venue data', async () => {
    const r = await c.call('POST', '/events', {
      form: 'title=Form+event&start_date=2027-05-11+10%3A00&end_date=2027-05-11+11%3A00&venue%5Bvenue%5D=Form+venue&venue%5Bcity%5D=Lyon&organizer%5B%5D=',
    });
    expect(r.status).toBe(201);
    expect(r.body.title).toBe('Form event');
    expect(r.body.venue.venue).toBe('Form venue');
    expect(r.body.venue.city).toBe('Lyon');
  });

  test('query parameters work on POST and the body wins over the query', async () => {
    const r = await c.call('POST', '/events?title=Query&start_date=2027-05-12&end_date=2027-05-12', {
      json: { title: 'Body' },
    });
    expect(r.status).toBe(201);
    expect(r.body.title).toBe('Body');
  });

  test('invalid JSON is 400 rest_invalid_json', async () => {
    const r = await c.call('POST', '/events', {
      headers: { 'content-type': 'application/json' },
      form: undefined,
      json: undefined,
    });
    expect(r.status).toBe(400); // no body at all: missing parameters
    const bad = await fetch(`${c.ns}/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from('admin:secret').toString('base64')}`,
      },
      body: '{nope',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('rest_invalid_json');
  });

  test('x[]= arrays, comma lists and JSON arrays select the same events', async () => {
    const ids = (b: { events: Array<{ title: string }> }) => b.events.map((e) => e.title).join(' ');
    expect(ids(await c.get(`/events?venue[]=${v1.id}&venue[]=${v2.id}`))).toBe('A B');
    expect(ids(await c.get(`/events?venue=${v1.id},${v3.id}`))).toBe('A C');
    expect(ids(await c.get(`/events?categories=cat-a,cat-c`))).toBe('A C');
    expect(ids(await c.get(`/events?tags[]=tag-b&tags[]=tag-c`))).toBe('B C');
    const json = await c.call('GET', '/events', { json: undefined });
    expect(json.status).toBe(200);
  });

  test('unknown filter values are 400 rest_invalid_param naming the parameter', async () => {
    for (const qs of [
      'venue=999999',
      'organizer=abc',
      'categories=nope',
      'tags=999999',
      'featured=yes',
      'per_page=0',
      'per_page=-1',
      'per_page=abc',
      'page=0',
    ]) {
      const r = await c.call('GET', `/events?${qs}`);
      expect(r.status, qs).toBe(400);
      expect(r.body.code).toBe('rest_invalid_param');
      expect(Object.keys(r.body.data.params)).toEqual([qs.split('=')[0]]);
    }
  });

  test('a missing required field is 400 rest_missing_callback_param and creates nothing', async () => {
    const before = c.server.store.snapshot();
    const r = await c.call('POST', '/events', { json: { title: 'no dates' } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { status: 400, params: ['start_date', 'end_date'] },
    });
    expect(c.server.store.snapshot()).toBe(before);
  });

  test('booleans accept true/false/1/0 as strings or JSON', async () => {
    for (const v of [true, 'true', '1', 1]) {
      const ev = await c.create('events', {
        title: `f${v}`,
        start_date: '2027-06-01',
        end_date: '2027-06-01',
        featured: v,
      });
      expect(ev.featured).toBe(true);
    }
    const bad = await c.call('POST', '/events', {
      json: { title: 'x', start_date: '2027-06-01', end_date: '2027-06-01', featured: 'yes' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('auth', async () => {
  const c = await start({ variant: 'extended' });
  test('anonymous writes are 401 rest_forbidden and change nothing', async () => {
    const before = c.server.store.snapshot();
    const r = await c.call('POST', '/events', {
      anon: true,
      json: { title: 'x', start_date: '2027-06-01', end_date: '2027-06-01' },
    });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('rest_forbidden');
    expect(c.server.store.snapshot()).toBe(before);
  });
  test('wrong credentials are 401', async () => {
    const r = await c.call('GET', '/events', {
      anon: true,
      headers: { authorization: `Basic ${Buffer.from('admin:wrong').toString('base64')}` },
    });
    expect(r.status).toBe(401);
  });
  test('anonymous status=draft is 400; anonymous missing ID is 404 before 401', async () => {
    expect((await c.call('GET', '/events?status=draft', { anon: true })).status).toBe(400);
    expect((await c.call('DELETE', '/events/99999', { anon: true })).status).toBe(404);
  });
  test('drafts are hidden from anonymous lists and reads', async () => {
    const d = await c.create('events', {
      title: 'draft',
      status: 'draft',
      start_date: '2030-01-01',
      end_date: '2030-01-01',
    });
    const anon = await c.get('/events?start_date=2029-12-31&end_date=2030-01-02', true);
    expect(anon.events).toEqual([]);
    const admin = await c.get('/events?start_date=2029-12-31&end_date=2030-01-02');
    expect(admin.events.map((e: { id: number }) => e.id)).toEqual([d.id]);
    expect((await c.call('GET', `/events/${d.id}`, { anon: true })).status).toBe(403);
  });
});
