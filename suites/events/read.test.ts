/**
 * A single event read back whole (issue 30, class 4; issue 40): the original's own REST tests
 * (SingleEventCest) assert the derived fields of a read event, and issue 40 asks that every field
 * written be compared, read by ID, by slug and in a list, and the nested venue, organizer and
 * terms with their own reads. Measured on 6.8.0 and 4.6.8 (2026-11-28): by slug equals by ID; the
 * list record is the read without json_ld; the embedded venue and organizer equal their own reads,
 * the embedded terms on the keys both hold; url is the permalink `/event/<slug>/`; timezone_abbr
 * EST for America/New_York in winter; json_ld names the title, the url, the start (local time with
 * its offset), the venue and the organizer.
 */
import { DateTime } from 'luxon';
import { check } from '../../lib/check/index.ts';
import { at, field, isObject, req, wallToUtc } from '../../lib/spec/contract.ts';
import { sameText } from '../../lib/spec/normalise.ts';
import { agreementWrongs, eventJsonLdWrongs, permalinkWrong } from '../../lib/spec/records.ts';
import { eventBody, listEvents } from './support.ts';

const READ = req.route('GET', 'events', '/{id}');
const PARTS = ['year', 'month', 'day', 'hour', 'minutes', 'seconds'] as const;
const ZONE = 'America/New_York';

/** What is wrong with `details` as the split of `date` (`YYYY-MM-DD hh:mm:ss`), or ''. */
function detailsWrong(date: unknown, details: unknown): string {
  const m = typeof date === 'string' ? /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(date) : null;
  if (!m) return `the date is ${JSON.stringify(date)}`;
  if (!isObject(details)) return `the details are ${JSON.stringify(details)}`;
  const off = PARTS.filter(
    (p, i) => Number(details[p]) !== Number(m[i + 1]) || details[p] === '' || details[p] === null,
  );
  return off.length ? `${off.map((p) => `${p} ${JSON.stringify(details[p])}`).join(', ')} (the date is ${date})` : '';
}

check(
  {
    id: 'events.read.record-values',
    spec: "Response records: not shown; docs/requirements.md#original-tests (should: a read event holds each value written (zone, text, cost, website, flags, venue, organizer, terms, author), its rest_url is its item route, its url its permalink, timezone_abbr the zone's abbreviation, json_ld describes it, every *_date_details splits its date, as the original's own tests assert; read by slug and in a list it is the same record, and the embedded venue, organizer, categories and tags equal their own reads: measured on 6.8.0 and 4.6.8)",
    level: 'should',
    requirements: [READ, req.route('GET', 'events', '/by-slug/{slug}'), req.route('GET', 'events')],
    tags: ['writes'],
  },
  'an event written with a zone, text, cost, website, the map, sticky and featured flags, a venue and an organizer (extended: a category and a tag; fixture: another author) reads back whole: each value written, rest_url, url (its permalink), timezone_abbr, json_ld and the date details; by slug and in a list the same record; the embedded venue, organizer (extended: terms) as their own reads',
  async (t) => {
    const venue = await t.create('venues', { venue: t.name('whole venue'), city: 'Lyon', address: '1 Rue Main' });
    const organizer = await t.create('organizers', {
      organizer: t.name('whole organizer'),
      email: `${t.scope}.whole@example.org`,
    });
    const terms = t.extended
      ? {
          categories: [(await t.create('categories', { name: t.name('whole category') })).id],
          tags: [(await t.create('tags', { name: t.name('whole tag') })).id],
        }
      : {};
    const author = t.config.fixtures?.otherAuthor;
    // Odd hours and minutes on two days, so that a split that reads the wrong positions shows.
    const sent = eventBody(t, 'record values', {
      start_date: at(37, 9, 5),
      end_date: at(38, 17, 45),
      timezone: ZONE,
      description: `${t.scope} whole description`,
      excerpt: `${t.scope} whole excerpt`,
      cost: '15',
      website: `https://example.org/${t.scope}/whole`,
      show_map: true,
      show_map_link: true,
      sticky: true,
      featured: true,
      venue: venue.id,
      organizer: [organizer.id],
      ...terms,
      ...(author ? { author: author.id } : {}),
    });
    const made = await t.create('events', sent);
    const res = await t.api.get(`/events/${made.id}`);
    const ev = t.record(res, `the event ${made.id}`);
    const bad: string[] = [];
    // Each value written.
    for (const k of ['title', 'description', 'excerpt'] as const)
      if (!sameText(String(sent[k]), ev[k])) bad.push(`${k} ${JSON.stringify(ev[k])}, sent ${JSON.stringify(sent[k])}`);
    for (const k of ['start_date', 'end_date', 'timezone', 'website'] as const)
      if (ev[k] !== sent[k]) bad.push(`${k} ${JSON.stringify(ev[k])}, sent ${JSON.stringify(sent[k])}`);
    for (const k of ['start_date', 'end_date'] as const) {
      const utc = wallToUtc(String(sent[k]), ZONE);
      if (ev[`utc_${k}`] !== utc) bad.push(`utc_${k} ${JSON.stringify(ev[`utc_${k}`])}, expected ${utc}`);
    }
    const abbr = DateTime.fromFormat(String(sent.start_date), 'yyyy-MM-dd HH:mm:ss', { zone: ZONE }).toFormat('ZZZZ', {
      locale: 'en-US',
    });
    if (ev.timezone_abbr !== abbr) bad.push(`timezone_abbr ${JSON.stringify(ev.timezone_abbr)}, expected ${abbr}`);
    for (const k of ['show_map', 'show_map_link', 'sticky', 'featured'] as const)
      if (ev[k] !== true) bad.push(`${k} ${JSON.stringify(ev[k])}, sent true`);
    const values = field(ev.cost_details, 'values');
    // The number 15 among cost_details.values (its text "15", "$15" when there are none): not "$1.15".
    const costHolds15 = Array.isArray(values)
      ? values.map(Number).includes(15)
      : /(^|[^\d.])15(?![\d.]*\d)/.test(String(ev.cost));
    if (!costHolds15) bad.push(`cost ${JSON.stringify(ev.cost)} (values ${JSON.stringify(values)}), sent 15`);
    if (author && String(ev.author) !== String(author.id))
      bad.push(`author ${JSON.stringify(ev.author)}, sent ${author.id}`);
    // What the server derives.
    const restUrl = field(ev, 'rest_url');
    if (
      typeof restUrl !== 'string' ||
      !/^https?:\/\//.test(restUrl) ||
      !restUrl.replace(/\/+$/, '').endsWith(`/events/${made.id}`)
    )
      bad.push(`rest_url ${JSON.stringify(restUrl)}, expected the URL of /events/${made.id}`);
    const permalink = permalinkWrong(ev.url, ev.slug, made.id as number);
    if (permalink) bad.push(permalink);
    for (const d of ['start_date', 'end_date', 'utc_start_date', 'utc_end_date']) {
      const wrong = detailsWrong(ev[d], ev[`${d}_details`]);
      if (wrong) bad.push(`${d}_details: ${wrong}`);
    }
    bad.push(
      ...eventJsonLdWrongs(ev.json_ld, {
        title: String(sent.title),
        url: ev.url,
        utcStart: wallToUtc(String(sent.start_date), ZONE),
        venue: String(venue.venue),
        organizer: String(organizer.organizer),
      }),
    );
    // The same record by slug and in a list (a list's records carry no json_ld, measured).
    const slugRes = await t.api.get(`/events/by-slug/${encodeURIComponent(String(ev.slug))}`);
    bad.push(...agreementWrongs(ev, slugRes.json, 'by slug'));
    const list = await listEvents(t, { search: t.scope, per_page: 50 }, { what: 'the events of the check' });
    bad.push(
      ...agreementWrongs(
        ev,
        list.records.find((r) => r.id === made.id),
        'in the list',
        { ignoreDeep: ['json_ld'] },
      ),
    );
    // The nested records as their own reads (a term embedded is a WP_Term: the keys both hold).
    const nested: Array<[string, string, unknown, boolean]> = [
      ['venue', `/venues/${venue.id}`, ev.venue, false],
      ['organizer', `/organizers/${organizer.id}`, Array.isArray(ev.organizer) ? ev.organizer[0] : ev.organizer, false],
      ...(t.extended
        ? ([
            [
              'category',
              `/categories/${terms.categories?.[0]}`,
              Array.isArray(ev.categories) ? ev.categories[0] : undefined,
              true,
            ],
            ['tag', `/tags/${terms.tags?.[0]}`, Array.isArray(ev.tags) ? ev.tags[0] : undefined, true],
          ] as Array<[string, string, unknown, boolean]>)
        : []),
    ];
    for (const [what, path, embedded, commonOnly] of nested) {
      const own = await t.api.get(path);
      bad.push(...agreementWrongs(t.record(own, `GET ${path}`), embedded, `the event's ${what}`, { commonOnly }));
    }
    t.assert(bad.length === 0, `the event ${made.id} read back: ${bad.join('; ')}`, res);
  },
);
