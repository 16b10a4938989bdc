// Quirk tracking (fixtures/reference-server/tracking.ts), the evidence of the tolerance matrix's
// single-quirk runs: which quirks each request asked, by the check its `x-calcert-check` header
// names, what a record's stain carries to a later reader, what a cached answer replays, and that
// a server without a tracker tracks nothing.
import { describe, expect, test } from 'vitest';
import { QuirkTracker } from '../../fixtures/reference-server/index.ts';
import { start } from './helpers.ts';

const label = (name: string) => ({ headers: { 'x-calcert-check': name } });
const event = (title: string) => ({
  title,
  start_date: '2031-05-01 10:00:00',
  end_date: '2031-05-01 11:00:00',
});

describe('a tracked server', async () => {
  const tracker = new QuirkTracker();
  const c = await start({ tracker });
  const asked = (name: string) => [...(tracker.byLabel.get(name) ?? [])];

  test('a request asks the quirks of its route under its check, whether they are on or off', async () => {
    const res = await c.call('POST', '/events', { json: event('Tracked create'), ...label('check.create') });
    expect(res.status).toBe(201);
    // Asked by every event create (the slug, the stamps), though no quirk is on.
    expect(asked('check.create')).toEqual(expect.arrayContaining(['slugs-sanitize-title', 'modified-from-date']));
    expect(tracker.requests.get('check.create')).toBe(1);
  });

  test('a reader of a record takes its stain: the quirks its writer asked', async () => {
    const made = await c.call('POST', '/events', { json: event('Tracked stain'), ...label('check.writer') });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    // The control: a record made outside any request (no stain) is read without the slug quirk.
    const plain = c.server.store.addEvent({
      title: 'Untracked',
      startLocal: '2031-05-02 10:00:00',
      endLocal: '2031-05-02 11:00:00',
    });
    expect((await c.call('GET', `/events/${plain.id}`, label('check.plain'))).status).toBe(200);
    expect(asked('check.plain')).not.toContain('slugs-sanitize-title');
    expect((await c.call('GET', `/events/${id}`, label('check.reader'))).status).toBe(200);
    expect(asked('check.reader')).toContain('slugs-sanitize-title');
    expect(asked('check.reader')).toContain('modified-from-date');
  });

  test('a cache hit asks what the answer it replays asked', async () => {
    const path = '/events?per_page=3&search=Tracked';
    const first = await c.call('GET', path, label('check.list-a'));
    const second = await c.call('GET', path, label('check.list-b'));
    expect(second.text).toBe(first.text);
    expect(asked('check.list-b').sort()).toEqual(asked('check.list-a').sort());
    expect(asked('check.list-b').length).toBeGreaterThan(0);
  });

  test('a removed record leaves its remover’s quirks to a later miss', async () => {
    const made = await c.call('POST', '/events', { json: event('Tracked removal'), ...label('check.removal') });
    const id = made.body.id as number;
    expect((await c.call('DELETE', `/events/${id}?force=true`, label('check.remover'))).status).toBe(200);
    await c.call('GET', `/events/${id}`, label('check.after'));
    // The record's own stain (its create asked the slug) stays on the map for a miss.
    expect(asked('check.after')).toContain('slugs-sanitize-title');
  });

  test('requests without the header are outside any check (the preflight, the crawl: label "")', async () => {
    expect((await c.call('GET', '/events')).status).toBe(200);
    expect(tracker.requests.get('')).toBeGreaterThan(0);
    expect(tracker.byLabel.has('')).toBe(true);
  });

  test('the records the seeding makes carry its asks', async () => {
    const seeded = new QuirkTracker();
    const s = await start({ tracker: seeded, seedFixtures: true });
    expect([...(seeded.byLabel.get('seed') ?? [])]).toContain('slugs-sanitize-title');
    const list = await s.call('GET', '/venues', label('check.venues'));
    expect(list.status).toBe(200);
    expect([...(seeded.byLabel.get('check.venues') ?? [])]).toContain('slugs-sanitize-title');
  });
});

test('a server without a tracker keeps plain maps and answers the same with or without the header', async () => {
  const c = await start({ seedFixtures: true });
  expect(c.server.store.events.constructor).toBe(Map);
  const plain = await c.call('GET', '/events?per_page=2');
  const named = await c.call('GET', '/events?per_page=2', label('check.any'));
  expect(named.status).toBe(plain.status);
  expect(named.text).toBe(plain.text);
});
