// Unit tables of lib/spec/records.ts: a record read by ID, by slug, in a list and embedded agree;
// permalinks; an event's json_ld (the answers of 6.8.0 and 4.6.8 measured 2026-11-28).
import { expect, test } from 'vitest';
import {
  agreementWrongs,
  eventJsonLdWrongs,
  hiddenListingWrongs,
  permalinkWrong,
  titleSlug,
  writtenWrongs,
} from '../../lib/spec/records.ts';

const BY_ID = {
  id: 7,
  title: 'A & B',
  email: 'a&#64;example.org',
  json_ld: { name: 'A' },
  venue: { id: 3, json_ld: { name: 'V' } },
};
test.each([
  ['the same record', BY_ID, {}, 0],
  ['e-mail obfuscated otherwise (6.8.0 by slug)', { ...BY_ID, email: '&#97;@ex&#97;mple.org' }, {}, 0],
  ['a list without json_ld', (({ json_ld: _j, ...r }) => r)(BY_ID), { mayLack: ['json_ld'] }, 0],
  ['a list without json_ld, not allowed', (({ json_ld: _j, ...r }) => r)(BY_ID), {}, 1],
  ['another title', { ...BY_ID, title: 'A and B' }, {}, 1],
  ['another nested venue', { ...BY_ID, venue: { id: 4, json_ld: { name: 'V' } } }, {}, 1],
  ['an embedded term: common keys only', { id: 7, title: 'A & B', filter: 'raw' }, { commonOnly: true }, 0],
  ['an embedded term with another name', { id: 7, title: 'X' }, { commonOnly: true }, 1],
  ['no record', null, {}, 1],
  [
    'a list: no json_ld, nested either',
    { id: 7, title: 'A & B', email: 'a@example.org', venue: { id: 3 } },
    { ignoreDeep: ['json_ld'] },
    0,
  ],
] as const)('agreementWrongs: %s', (_, other, opts, n) => {
  expect(agreementWrongs(BY_ID, other, 'by slug', opts)).toHaveLength(n);
});

test.each([
  ['6.8.0 pretty permalink', 'http://127.0.0.1:8883/event/a-b/', 'a-b', true],
  ['without trailing slash', 'https://x.org/venue/a-b', 'a-b', true],
  ['plain permalink', 'https://x.org/?post_type=tribe_events&p=12', 'a-b', true],
  ['a percent-encoded slug', 'https://x.org/venue/%e6%9d%b1%e4%ba%ac/', '%e6%9d%b1%e4%ba%ac', true],
  ['a percent-encoded slug, upper-case escapes', 'https://x.org/venue/%E6%9D%B1%E4%BA%AC/', '%e6%9d%b1%e4%ba%ac', true],
  ['another slug', 'https://x.org/event/a-c/', 'a-b', false],
  ['the slug as a prefix only', 'https://x.org/event/a-b-2/', 'a-b', false],
  ['a relative URL', '/event/a-b/', 'a-b', false],
  ['no url', undefined, 'a-b', false],
])('permalinkWrong: %s', (_, url, slug, ok) => {
  expect(permalinkWrong(url, slug, 12) === '').toBe(ok);
});

test.each([
  ['4.6.8 venue (measured)', 'cc95095fa92nb7n5 read venue Zürich Café', 'cc95095fa92nb7n5-read-venue-zurich-cafe'],
  ['spaces and punctuation', '  A & B: c ', 'a-b-c'],
  ['Spanish', 'Ñandú', 'nandu'],
])('titleSlug: %s', (_, title, slug) => {
  expect(titleSlug(title)).toBe(slug);
});

const WANT = {
  title: 'Concert & more',
  url: 'http://x/event/c/',
  utcStart: '2027-02-10 14:05:00',
  venue: 'Hall',
  organizer: 'Org',
};
const LD = {
  '@type': 'Event',
  name: 'Concert &#038; more',
  url: 'http://x/event/c/',
  startDate: '2027-02-10T09:05:00-05:00',
  location: { '@type': 'Place', name: 'Hall' },
  organizer: { '@type': 'Person', name: 'Org' },
};
test.each([
  ['6.8.0 (local time with its offset)', LD, 0],
  ['UTC form', { ...LD, startDate: '2027-02-10T14:05:00Z' }, 0],
  ['several organizers', { ...LD, organizer: [{ name: 'Org' }, { name: 'Other' }] }, 0],
  ['the wall clock read as UTC', { ...LD, startDate: '2027-02-10T09:05:00Z' }, 1],
  ['another venue', { ...LD, location: { name: 'Other' } }, 1],
  ['no location', (({ location: _l, ...r }) => r)(LD), 1],
  ['another url', { ...LD, url: 'http://x/?p=1' }, 1],
  ['no json_ld', undefined, 1],
])('eventJsonLdWrongs: %s', (_, ld, n) => {
  expect(eventJsonLdWrongs(ld, WANT)).toHaveLength(n);
});

const IMAGE = { id: 1507, url: 'http://x/wp-content/uploads/2026/11/calcert-fixture.png' };
const READ = {
  status: 'publish',
  slug: 'a-whole-slug',
  all_day: true,
  date: '2026-11-27 07:14:29',
  date_utc: '2026-11-27 07:14:29',
  modified: '2026-11-28 23:10:17',
  modified_utc: '2026-11-28 23:10:17',
  image: { ...IMAGE, extension: 'png' },
};
const EXACT = { exact: { status: 'publish', slug: 'a-whole-slug', all_day: true }, date: READ.date, image: IMAGE };
test.each([
  ['all as written (a UTC site)', READ, 0],
  ['a site at UTC+2', { ...READ, date_utc: '2026-11-27 05:14:29', modified: '2026-11-29 01:10:17' }, 0],
  ['date_utc not shifted on a site at UTC+2', { ...READ, modified: '2026-11-29 01:10:17' }, 1],
  ['date_utc the time of the write', { ...READ, date_utc: READ.modified_utc }, 1],
  ['seconds dropped', { ...READ, date: '2026-11-27 07:14:00', date_utc: '2026-11-27 07:14:00' }, 2],
  ['status future', { ...READ, status: 'future' }, 1],
  ['all_day "1"', { ...READ, all_day: '1' }, 1],
  ['the slug from the title', { ...READ, slug: 'a-title' }, 1],
  ['no image', { ...READ, image: false }, 1],
  ['the image by another url', { ...READ, image: { ...IMAGE, url: 'http://x/a-300x225.png' } }, 1],
  ['no modified_utc', { ...READ, modified_utc: undefined }, 1],
  ['no record', null, 1],
])('writtenWrongs: %s', (_, rec, n) => {
  expect(writtenWrongs(rec, EXACT)).toHaveLength(n);
});

test.each([
  ['6.x: not listed', true, undefined, 0],
  ['6.x: listed', true, { ...BY_ID }, 1],
  ['4.6.8: listed as read', false, (({ json_ld: _j, ...r }) => r)(BY_ID), 0],
  ['base: not listed', false, undefined, 0],
  ['4.6.8: listed with another title', false, { ...BY_ID, title: 'X' }, 1],
] as const)('hiddenListingWrongs: %s', (_, extended, listed, n) => {
  expect(hiddenListingWrongs(extended, listed, BY_ID)).toHaveLength(n);
});
