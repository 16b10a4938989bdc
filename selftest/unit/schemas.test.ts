/**
 * Unit tests of lib/spec/schemas.ts on hand-made bodies: what each strictness level accepts and
 * rejects, that messages name the JSON path, and the results.json report schema. The recorded
 * bodies of the original are checked in selftest/recordings.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { SCHEMAS, validateError, validateList, validateRecord, validateReport } from '../../lib/spec/schemas.ts';
import type { RunReport } from '../../lib/report/results.ts';

const details = { year: '2027', month: '02', day: '03', hour: '10', minutes: '00', seconds: '00' };
const venue = {
  id: 7,
  author: '1',
  status: 'publish',
  date: '2026-11-21 10:00:00',
  date_utc: '2026-11-21 10:00:00',
  modified: '2026-11-21 10:00:00',
  modified_utc: '2026-11-21 10:00:00',
  url: 'http://x/venue/v/',
  venue: 'Hall',
  slug: 'hall',
  show_map: true,
  show_map_link: true,
  global_id: 'x?id=7',
  global_id_lineage: ['x?id=7'],
};
const organizer = {
  id: 8,
  author: '1',
  status: 'publish',
  date: '2026-11-21 10:00:00',
  date_utc: '2026-11-21 10:00:00',
  modified: '2026-11-21 10:00:00',
  modified_utc: '2026-11-21 10:00:00',
  url: 'http://x/organizer/o/',
  organizer: 'Org',
  email: 'o@example.org',
  global_id: 'x?id=8',
  global_id_lineage: ['x?id=8'],
};
const embeddedTerm = {
  name: 'Music',
  slug: 'music',
  term_group: 0,
  term_taxonomy_id: 5,
  taxonomy: 'tribe_events_cat',
  description: '',
  parent: 0,
  count: 1,
  filter: 'raw',
  id: 5,
  urls: { self: 's', collection: 'c' },
};
function event(): any {
  return {
    id: 82,
    global_id: '127.0.0.1?id=82',
    global_id_lineage: ['127.0.0.1?id=82'],
    author: '1',
    status: 'publish',
    date: '2026-11-21 10:00:00',
    date_utc: '2026-11-21 10:00:00',
    modified: '2026-11-21 10:00:00',
    modified_utc: '2026-11-21 10:00:00',
    url: 'http://x/event/e/',
    rest_url: 'http://x/wp-json/tribe/events/v1/events/82',
    title: 'E',
    description: '<p>d</p>',
    excerpt: '',
    slug: 'e',
    image: false,
    all_day: false,
    start_date: '2027-02-03 10:00:00',
    start_date_details: details,
    end_date: '2027-02-03 12:00:00',
    end_date_details: details,
    utc_start_date: '2027-02-03 10:00:00',
    utc_start_date_details: details,
    utc_end_date: '2027-02-03 12:00:00',
    utc_end_date_details: details,
    timezone: 'UTC',
    timezone_abbr: 'UTC',
    cost: '$10',
    cost_details: { currency_symbol: '', currency_position: '', values: ['10'] },
    website: '',
    show_map: true,
    show_map_link: true,
    hide_from_listings: false,
    sticky: false,
    featured: false,
    categories: [embeddedTerm],
    tags: [],
    venue: [],
    organizer: [organizer],
  };
}
const category = {
  id: 5,
  count: 1,
  description: '',
  name: 'Music',
  slug: 'music',
  taxonomy: 'tribe_events_cat',
  parent: 0,
  meta: [],
  url: 'http://x/c/',
  urls: { self: 's', collection: 'c' },
};
const tag = {
  id: 6,
  count: 0,
  description: '',
  name: 'Jazz',
  slug: 'jazz',
  taxonomy: 'post_tag',
  meta: [],
  url: 'http://x/t/',
  urls: { self: 's', collection: 'c' },
};

describe('records', () => {
  test('a full event passes both levels, with venue [] or an object, image false or an object', () => {
    expect(validateRecord('event', event(), 'shape')).toEqual({ ok: true, errors: [], message: '' });
    expect(validateRecord('event', { ...event(), venue }, 'shape').ok).toBe(true);
    expect(
      validateRecord(
        'event',
        { ...event(), image: { url: 'u', id: 3, extension: 'png', width: 400, height: 300 } },
        'shape',
      ).ok,
    ).toBe(true);
    expect(validateRecord('event', event(), 'contract').ok).toBe(true);
  });

  test('extra keys are allowed at every level (servers may extend)', () => {
    expect(validateRecord('event', { ...event(), ticketed: true, custom_fields: [] }, 'shape').ok).toBe(true);
    expect(validateRecord('venue', { ...venue, extra: { a: 1 } }, 'shape').ok).toBe(true);
  });

  test('the contract demands only id (events: title and dates)', () => {
    expect(
      validateRecord(
        'event',
        { id: 1, title: 'x', start_date: '2027-01-01 10:00:00', end_date: '2027-01-01 11:00:00' },
        'contract',
      ).ok,
    ).toBe(true);
    expect(
      validateRecord(
        'event',
        { id: 1, title: 'x', start_date: '2027-01-01 10:00:00', end_date: '2027-01-01 11:00:00' },
        'shape',
      ).ok,
    ).toBe(false);
    for (const kind of ['venue', 'organizer', 'category', 'tag'] as const) {
      expect(validateRecord(kind, { id: 1 }, 'contract').ok).toBe(true);
      expect(validateRecord(kind, { id: '1' }, 'contract').ok).toBe(false);
      expect(validateRecord(kind, [], 'contract').ok).toBe(false);
    }
  });

  test('messages name the JSON path, the rule and the value', () => {
    const r = validateRecord('event', { ...event(), start_date: '2027-02-03T10:00:00' }, 'contract');
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual([
      '/start_date must match pattern "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$" (got "2027-02-03T10:00:00")',
    ]);
    expect(r.message).toBe(r.errors[0]);
    const missing = validateRecord('event', { id: 1 }, 'contract');
    expect(missing.errors).toContain("/ must have required property 'title'");
    expect(missing.errors).toHaveLength(3);
    // The message puts the missing keys of one object on one line.
    expect(missing.message).toBe("/ must have required properties 'title', 'start_date', 'end_date'");
  });

  test('shape: the JSON types of the original', () => {
    const bad = (patch: object) => validateRecord('event', { ...event(), ...patch }, 'shape');
    expect(bad({ author: 1 }).message).toContain('/author must be string');
    expect(bad({ author: 'admin' }).ok).toBe(false);
    expect(bad({ image: null }).errors.some((e) => e.startsWith('/image'))).toBe(true);
    expect(bad({ venue: null }).ok).toBe(false);
    expect(bad({ venue: false }).ok).toBe(false);
    expect(bad({ organizer: organizer }).ok).toBe(false);
    expect(bad({ start_date_details: { ...details, year: 2027 } }).message).toContain(
      '/start_date_details/year must be string',
    );
    expect(bad({ cost_details: { values: [] } }).ok).toBe(false);
    expect(bad({ categories: [{ id: 1, name: 'x' }] }).errors).toContain(
      "/categories/0 must have required property 'slug'",
    );
    expect(bad({ featured: 'true' }).ok).toBe(false);
    const { rest_url: _drop, ...noRestUrl } = event();
    expect(validateRecord('event', noRestUrl, 'shape').message).toBe("/ must have required property 'rest_url'");
  });

  test('shape: venues and organizers may omit every empty field, but not their core keys', () => {
    const { author: _a, slug: _s, ...bare } = venue;
    expect(validateRecord('venue', bare, 'shape').ok).toBe(true);
    expect(validateRecord('organizer', organizer, 'shape').ok).toBe(true);
    const { organizer: _n, ...nameless } = organizer;
    expect(validateRecord('organizer', nameless, 'shape').ok).toBe(false);
    expect(validateRecord('venue', { ...venue, show_map: 'yes' }, 'shape').ok).toBe(false);
  });

  test('shape: terms from the term endpoints; only categories have parent', () => {
    expect(validateRecord('category', category, 'shape').ok).toBe(true);
    expect(validateRecord('tag', tag, 'shape').ok).toBe(true);
    const { parent: _p, ...orphan } = category;
    expect(validateRecord('category', orphan, 'shape').ok).toBe(false);
    expect(validateRecord('tag', { ...tag, count: '0' }, 'shape').ok).toBe(false);
  });
});

describe('lists', () => {
  test('contract: the plural array of records; shape: also rest_url, total, total_pages', () => {
    const list = { events: [event()], rest_url: 'u', total: 1, total_pages: 1 };
    expect(validateList('events', list, 'shape').ok).toBe(true);
    expect(validateList('events', { events: [] }, 'contract').ok).toBe(true);
    expect(validateList('events', { events: [] }, 'shape').ok).toBe(false);
    expect(validateList('events', [event()], 'contract').ok).toBe(false);
    expect(validateList('venues', { events: [] }, 'contract').message).toBe("/ must have required property 'venues'");
    expect(
      validateList(
        'categories',
        { categories: [category], rest_url: 'u', total: 1, total_pages: 1, next_rest_url: 'n' },
        'shape',
      ).ok,
    ).toBe(true);
    expect(validateList('tags', { tags: [{ id: 'x' }] }, 'contract').message).toContain('/tags/0/id must be integer');
  });

  test('long error lists are cut in the message, kept whole in errors', () => {
    const r = validateList('events', { events: Array.from({ length: 20 }, () => ({ id: 'x' })) }, 'contract');
    expect(r.errors.length).toBeGreaterThan(8);
    expect(r.message).toMatch(/\(and \d+ more\)$/);
  });
});

describe('error bodies', () => {
  test('{code, message, data: {status}}', () => {
    expect(
      validateError({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): id',
        data: { status: 400, params: { id: 'x' }, details: [] },
      }).ok,
    ).toBe(true);
    expect(validateError({ code: 'x', message: 'y', data: { status: '400' } }).message).toContain(
      '/data/status must be integer',
    );
    expect(validateError({ error: 'nope' }).ok).toBe(false);
    expect(validateError('Not Found').ok).toBe(false);
  });
});

describe('SCHEMAS', () => {
  test('names every schema', () => {
    for (const k of [
      'event',
      'venue',
      'organizer',
      'category',
      'tag',
      'events',
      'venues',
      'organizers',
      'categories',
      'tags',
    ]) {
      expect(SCHEMAS[`${k}.contract`]).toBeTypeOf('object');
      expect(SCHEMAS[`${k}.shape`]).toBeTypeOf('object');
    }
    expect(SCHEMAS['error']).toBeTypeOf('object');
    expect(SCHEMAS['report']).toHaveProperty('$schema');
  });
});

describe('results.json report', () => {
  function report(): RunReport {
    return {
      format: 1,
      header: {
        tool: 'calcert',
        version: '0.1.0',
        target: 'http://127.0.0.1:8883/wp-json',
        namespace: 'cal/events/v1',
        embedded: false,
        variant: { declared: 'auto', detected: 'extended', resolved: 'extended', mismatch: false },
        features: [],
        seed: 42,
        runTag: 'cc1abc',
        readOnly: false,
        startedAt: '2026-11-21T23:52:00.000Z',
        duration: 1234,
        requests: 10,
        config: { baseUrl: 'http://127.0.0.1:8883/wp-json' },
      },
      checks: [
        {
          id: 'events.create.requires-title',
          title: 'rejects an event without a title',
          file: 'suites/events/create.test.ts',
          level: 'must',
          tags: ['writes'],
          requirements: ['R1'],
          spec: '§3',
          status: 'pass',
          duration: 12,
          requests: 2,
          seed: -5,
        },
        {
          id: 'events.create.answers-201',
          title: 'answers 201',
          file: 'suites/events/create.test.ts',
          level: 'should',
          tags: ['writes'],
          requirements: ['R2'],
          spec: 'LEVELS.md',
          status: 'warn',
          duration: 8,
          message: 'expected 201, got 200',
          request: {
            method: 'POST',
            url: 'http://x/events',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          },
          responseExcerpt: '{}',
          curl: 'curl ...',
        },
      ],
      footer: {
        counts: {
          byLevel: { must: { pass: 1 }, should: { warn: 1 } },
          byStatus: { pass: 1, warn: 1 },
          byGroup: { events: { pass: 1, warn: 1 } },
        },
        verdict: 'certified',
        errors: [],
      },
    };
  }

  test('a hand-made report is valid', () => {
    expect(validateReport(report())).toEqual({ ok: true, errors: [], message: '' });
    const interrupted = report();
    interrupted.header.variant.detected = null;
    interrupted.footer.interrupted = 'interrupted by a signal';
    expect(validateReport(interrupted).ok).toBe(true);
  });

  test('an invalid report names what is wrong', () => {
    const r: any = report();
    r.format = 2;
    delete r.header.runTag;
    r.checks[0].status = 'passed';
    r.checks[1].level = 'may';
    r.footer.verdict = 'ok';
    r.footer.counts.byStatus.skipped = 1;
    const result = validateReport(r);
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/format must be equal to constant/),
        "/header must have required property 'runTag'",
        expect.stringMatching(/^\/checks\/0\/status must be equal to one of the allowed values/),
        expect.stringMatching(/^\/checks\/1\/level must be equal to one of the allowed values/),
        expect.stringMatching(/^\/footer\/verdict must be equal to one of the allowed values/),
      ]),
    );
    expect(result.errors.some((e) => e.startsWith('/footer/counts/byStatus'))).toBe(true);
    expect(validateReport({ format: 1 }).ok).toBe(false);
  });
});
