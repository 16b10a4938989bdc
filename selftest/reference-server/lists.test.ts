// Pagination and list bodies of every list route: default 10, cap 50, 404 past the end for
// posts (200 for terms), 200 empty page 1, totals in body and headers, followable next URLs.
import { describe, expect, test } from 'vitest';
import { start } from './helpers.ts';

describe('event pagination', async () => {
  const c = await start({ variant: 'extended', now: '2027-05-01T00:00:00Z' });

  test('an empty page 1 is 200 with events [] and total 0', async () => {
    const r = await c.call('GET', '/events');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ events: [], total: 0, total_pages: 0 });
    expect(r.headers.get('x-tec-total')).toBe('0');
  });

  test('defaults to 10, caps at 50, 404 past the end', async () => {
    for (let i = 0; i < 55; i++) {
      const day = String(10 + (i % 15)).padStart(2, '0');
      await c.create('events', {
        title: `P${i}`,
        start_date: `2027-05-${day} ${String(i % 24).padStart(2, '0')}:00`,
        end_date: `2027-05-${day} 23:00`,
        categories: ['paged'],
      });
    }
    const p1 = await c.get('/events');
    expect(p1.events).toHaveLength(10);
    expect(p1.total).toBe(55);
    expect(p1.total_pages).toBe(6);
    expect((await c.get('/events?per_page=100')).events).toHaveLength(50);
    const past = await c.call('GET', '/events?page=7');
    expect(past.status).toBe(404);
    expect(past.body.code).toBe('event-archive-page-not-found');
  });

  test('pages partition the list and next_rest_url carries the filters', async () => {
    const seen: number[] = [];
    let url: string | undefined = `${c.ns}/events?per_page=7&categories=paged`;
    let pages = 0;
    while (url) {
      const body = await c.get(url);
      seen.push(...body.events.map((e: { id: number }) => e.id));
      url = body.next_rest_url;
      pages++;
      expect(url ?? '').not.toContain('status=any');
    }
    expect(pages).toBe(8);
    expect(new Set(seen).size).toBe(55);
    const sorted = [
      ...(await c.get('/events?per_page=50')).events,
      ...(await c.get('/events?per_page=50&page=2')).events,
    ];
    expect(sorted.map((e: { id: number }) => e.id)).toEqual(seen);
  });
});

describe('venue, organizer and term lists', async () => {
  const c = await start({ variant: 'extended', now: '2027-05-01T00:00:00Z' });
  test('venues: newest first, 404 past the end, search in address fields', async () => {
    expect((await c.call('GET', '/venues')).body).toMatchObject({ venues: [], total: 0 });
    for (let i = 0; i < 12; i++)
      await c.create('venues', {
        venue: `V${i}`,
        date: `2027-01-${String(i + 1).padStart(2, '0')} 10:00:00`,
        city: i === 3 ? 'Marseille' : 'Paris',
      });
    const p = await c.get('/venues');
    expect(p.venues.map((v: { venue: string }) => v.venue).slice(0, 3)).toEqual(['V11', 'V10', 'V9']);
    expect(p.total).toBe(12);
    expect((await c.call('GET', '/venues?page=3')).status).toBe(404);
    expect((await c.get('/venues?search=marseille')).venues.map((v: { venue: string }) => v.venue)).toEqual(['V3']);
  });
  test('terms: hide_empty defaults to true, order and orderby, 200 past the end', async () => {
    for (const n of ['alpha', 'Bravo', 'Charlie', 'delta']) await c.create('tags', { name: n });
    expect((await c.get('/tags')).tags).toEqual([]);
    const asc = await c.get('/tags?hide_empty=0');
    expect(asc.tags.map((t: { name: string }) => t.name)).toEqual(['alpha', 'Bravo', 'Charlie', 'delta']);
    const desc = await c.get('/tags?hide_empty=false&order=desc');
    expect(desc.tags.map((t: { name: string }) => t.name)).toEqual(['delta', 'Charlie', 'Bravo', 'alpha']);
    const past = await c.call('GET', '/tags?hide_empty=0&page=5');
    expect(past.status).toBe(200);
    expect(past.body.tags).toEqual([]);
    const dup = await c.call('POST', '/tags', { json: { name: 'alpha' } });
    expect(dup.status).toBe(400);
    expect(dup.body.code).toBe('term_exists');
  });
  test('term delete is permanent', async () => {
    const t = await c.create('categories', { name: 'gone' });
    expect((await c.call('DELETE', `/categories/${t.id}`)).status).toBe(200);
    expect((await c.call('DELETE', `/categories/${t.id}`)).status).toBe(404);
  });
});

describe('updates keep unsent fields', async () => {
  const c = await start({ variant: 'extended' });
  test('PATCH, PUT and POST apply only what was sent', async () => {
    const org = await c.create('organizers', { organizer: 'Org', email: 'o@example.org' });
    const ev = await c.create('events', {
      title: 'T',
      status: 'draft',
      featured: true,
      cost: '15',
      website: 'https://x.example',
      organizer: [org.id],
      start_date: '2030-01-01 10:00',
      end_date: '2030-01-01 11:00',
    });
    for (const m of ['PATCH', 'PUT', 'POST']) {
      const r = await c.call(m, `/events/${ev.id}`, { json: { excerpt: `e-${m}` } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        excerpt: `e-${m}`,
        status: 'draft',
        featured: true,
        cost: '15',
        website: 'https://x.example',
        title: 'T',
      });
      expect(r.body.organizer.map((o: { id: number }) => o.id)).toEqual([org.id]);
    }
  });
  test('venue by-slug update requires slug in the body', async () => {
    const v = await c.create('venues', { venue: 'Slugged' });
    const r = await c.call('POST', `/venues/by-slug/${v.slug}`, { json: { city: 'X' } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('rest_missing_callback_param');
    const ok = await c.call('POST', `/venues/by-slug/${v.slug}`, { json: { city: 'X', slug: v.slug } });
    expect(ok.status).toBe(200);
    expect(ok.body.city).toBe('X');
  });
});
