// Date semantics of the event list: the default window (with a fixed clock), the extended
// filters reproducing reference-behavior.md's measured table exactly, and the base filters read
// as the spec words them ("start after" / "start before").
import { describe, expect, test } from 'vitest';
import { start, titles, type Client } from './helpers.ts';

const NOW = '2027-05-01T12:00:00Z';
const E = [
  ['E1', '2027-05-10 10:00:00', '2027-05-10 12:00:00'],
  ['E2', '2027-05-10 20:00:00', '2027-05-12 09:00:00'],
  ['E3', '2027-05-12 08:00:00', '2027-05-12 09:00:00'],
  ['E4', '2027-05-14 08:00:00', '2027-05-14 09:00:00'],
] as const;

async function seedTable(c: Client): Promise<void> {
  for (const [title, start_date, end_date] of E) await c.create('events', { title, start_date, end_date });
}

const q = (s: string) => s.replace(/(\d{2}-\d{2}(?: \d{2}:\d{2})?)/g, (m) => encodeURIComponent(`2027-${m}`));

// query, extended result, base result (spec reading), from the measured table
const TABLE: Array<[string, string, string]> = [
  ['start_date=05-10 15:00', 'E1 E2 E3 E4', 'E1 E2 E3 E4'],
  ['start_date=05-10 15:00&strict_dates=1', 'E2 E3 E4', 'E1 E2 E3 E4'],
  ['start_date=05-11', 'E3 E4', 'E3 E4'],
  ['end_date=05-11', 'E1', 'E1 E2'],
  ['end_date=05-12 08:30', 'E1 E2 E3', 'E1 E2 E3'],
  ['end_date=05-12 08:30&strict_dates=1', 'E1', 'E1 E2 E3'],
  ['starts_after=05-10 15:00', 'E3 E4', 'E1 E2 E3 E4'],
  ['starts_after=05-10 15:00&strict_dates=1', 'E2 E3 E4', 'E1 E2 E3 E4'],
  ['starts_before=05-12 08:30', 'E1 E2 E3', 'E1 E2 E3 E4'],
  ['ends_after=05-12 08:30', 'E4', 'E1 E2 E3 E4'],
  ['ends_before=05-12 08:30', 'E1 E2 E3', 'E1 E2 E3 E4'],
  ['ends_before=05-12 08:30&strict_dates=1', 'E1', 'E1 E2 E3 E4'],
];

describe('extended date filters reproduce the measured table', async () => {
  const c = await start({ variant: 'extended', now: NOW });
  await seedTable(c);
  for (const [query, expected] of TABLE) {
    test(query, async () => {
      expect(titles(await c.get(`/events?${q(query)}`)).join(' ')).toBe(expected);
    });
  }
});

describe('base date filters follow the spec wording', async () => {
  const c = await start({ variant: 'base', now: NOW });
  await seedTable(c);
  for (const [query, , expected] of TABLE) {
    test(query, async () => {
      expect(titles(await c.get(`/events?${q(query)}`)).join(' ')).toBe(expected);
    });
  }
});

describe('default window', async () => {
  const c = await start({ variant: 'extended', now: NOW });
  const mk = (title: string, s: string, e: string) => c.create('events', { title, start_date: s, end_date: e });
  await mk('three-days-ago', '2027-04-28 10:00:00', '2027-04-28 11:00:00');
  await mk('ended-before-yesterday', '2027-04-29 22:00:00', '2027-04-29 23:59:59');
  await mk('yesterday-early', '2027-04-30 00:00:00', '2027-04-30 00:30:00');
  await mk('running', '2027-04-20 10:00:00', '2027-05-20 10:00:00');
  await mk('tomorrow', '2027-05-02 10:00:00', '2027-05-02 11:00:00');
  await mk('in-23-months', '2029-04-01 10:00:00', '2029-04-01 11:00:00');
  await mk('last-second', '2029-05-01 23:59:59', '2029-05-02 01:00:00');
  await mk('first-second-after', '2029-05-02 00:00:00', '2029-05-02 01:00:00');
  await mk('in-26-months', '2029-07-01 10:00:00', '2029-07-01 11:00:00');

  test('lists events from 00:00 yesterday to 23:59:59 two years ahead, running ones included', async () => {
    const got = titles(await c.get('/events?per_page=50'));
    expect(got).toEqual(['running', 'yesterday-early', 'tomorrow', 'in-23-months', 'last-second']);
  });

  test('an explicit start_date keeps the default upper bound', async () => {
    const got = titles(await c.get(`/events?per_page=50&start_date=2027-04-28`));
    expect(got).toEqual([
      'three-days-ago',
      'ended-before-yesterday',
      'yesterday-early',
      'tomorrow',
      'in-23-months',
      'last-second',
    ]);
  });

  test('an explicit end_date keeps the default lower bound', async () => {
    const got = titles(await c.get(`/events?per_page=50&end_date=2030-01-01`));
    expect(got).toEqual([
      'running',
      'yesterday-early',
      'tomorrow',
      'in-23-months',
      'last-second',
      'first-second-after',
      'in-26-months',
    ]);
  });

  test('include ignores the default window and explicit dates', async () => {
    const all = await c.get('/events?per_page=50&status=publish&start_date=2020-01-01&end_date=2035-01-01');
    const past = all.events.find((e: { title: string }) => e.title === 'three-days-ago');
    const got = titles(await c.get(`/events?include=${past.id}&start_date=2029-01-01`));
    expect(got).toEqual(['three-days-ago']);
  });
});

describe('event time zones', async () => {
  const c = await start({ variant: 'extended', now: NOW });
  test('10:00 America/New_York in June is 14:00 UTC', async () => {
    const ev = await c.create('events', {
      title: 'ny',
      start_date: '2027-06-10 10:00:00',
      end_date: '2027-06-10 11:00:00',
      timezone: 'America/New_York',
    });
    expect(ev.start_date).toBe('2027-06-10 10:00:00');
    expect(ev.utc_start_date).toBe('2027-06-10 14:00:00');
    expect(ev.timezone_abbr).toBe('EDT');
  });
  test('all_day spans 00:00:00 to 23:59:59', async () => {
    const ev = await c.create('events', {
      title: 'ad',
      start_date: '2027-06-10 10:00',
      end_date: '2027-06-11 11:00',
      all_day: true,
    });
    expect([ev.start_date, ev.end_date]).toEqual(['2027-06-10 00:00:00', '2027-06-11 23:59:59']);
  });
  test('ISO 8601 and date-only strings are accepted, garbage is 400', async () => {
    const ev = await c.create('events', { title: 'iso', start_date: '2027-06-10T10:00:00Z', end_date: '2027-06-10' });
    expect([ev.start_date, ev.end_date]).toEqual(['2027-06-10 10:00:00', '2027-06-10 00:00:00']);
    const bad = await c.call('GET', '/events?start_date=garbage');
    expect(bad.status).toBe(400);
    expect(bad.body.data.params).toEqual({ start_date: 'Invalid parameter.' });
  });
});
