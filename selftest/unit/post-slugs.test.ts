// The store's own adds choose a post's slug from kept counts (fixtures/reference-server/post-slugs.ts)
// instead of scanning every post of the kind: the same slug uniqueSlug's scan chooses, after every
// kind of write between them (renames, trashing, deletes, other kinds' adds, direct map writes).
import { expect, test } from 'vitest';
import { DateTime } from 'luxon';
import { Store } from '../../fixtures/reference-server/store.ts';

const clock = () => DateTime.fromMillis(1_801_000_000_000, { zone: 'UTC' });
const TITLES = ['Concert', 'concert', 'Concert 2', 'Workshop', 'Café', 'Concert-2', '', '!!'];

test('each added post gets the slug a scan of its kind gives, whatever was written between', () => {
  const store = new Store('Europe/Berlin', clock, 'http://127.0.0.1');
  const checkAdded = (kind: 'event' | 'venue' | 'organizer', rec: { id: number; slug: string }, wanted: string) =>
    expect([kind, wanted, rec.slug]).toEqual([kind, wanted, store.uniqueSlug(kind, wanted, rec.id)]);
  for (let i = 0; i < 400; i++) {
    const title = TITLES[i % TITLES.length] as string;
    const ev = store.addEvent({ title, startLocal: '2027-05-10 10:00:00', endLocal: '2027-05-10 11:00:00' });
    checkAdded('event', ev, title);
    if (i % 7 === 0) {
      const v = store.addVenue({ title });
      checkAdded('venue', v, title);
      const o = store.addOrganizer({ title: `${title} org` });
      checkAdded('organizer', o, `${title} org`);
    }
    if (i % 11 === 0) store.addTerm('post_tag', title || 'tag');
    if (i % 13 === 0) store.addAttachment(`http://127.0.0.1/img-${i}.png`);
    // A route's writes: a rename, a trashing, a delete, each followed by touch().
    if (i % 17 === 5) {
      ev.slug = `concert-${i + 2}`;
      store.touch();
    }
    if (i % 19 === 3) {
      ev.slug = `${ev.slug}__trashed`;
      store.touch();
    }
    if (i % 23 === 9) {
      store.events.delete(ev.id);
      store.touch();
    }
    // An explicit slug asked (fixtures pass one).
    if (i % 29 === 1) {
      const e2 = store.addEvent({
        title: 'x',
        slug: 'concert',
        startLocal: '2027-05-10 10:00:00',
        endLocal: '2027-05-10 11:00:00',
      });
      checkAdded('event', e2, 'concert');
    }
  }
  expect(store.events.size).toBeGreaterThan(380);
});

test('a map whose keys are not its records IDs, or replaced, is scanned as before', () => {
  const store = new Store('UTC', clock, 'http://127.0.0.1');
  const a = store.addVenue({ title: 'Hall' });
  // A record under another key than its ID (never made by the server): the scan excludes by ID.
  store.venues.set(9999, { ...a, id: 5, slug: 'stage' });
  store.touch();
  const b = store.addVenue({ title: 'Stage' });
  expect(b.slug).toBe(store.uniqueSlug('venue', 'Stage', b.id));
  store.venues = new Map([[a.id, a]]);
  const c = store.addVenue({ title: 'Hall' });
  expect(c.slug).toBe('hall-2');
});
