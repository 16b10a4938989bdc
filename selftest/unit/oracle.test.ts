/**
 * The date oracle (lib/spec/oracle/dates.ts) reproduces the measured table of reference-behavior.md
 * ("Event date filters, measured") exactly, for both variants: extended = 6.8.0; base = 4.6.8
 * under the overlap reading, and the spec's literal reading where the two differ.
 */
import { describe, expect, test } from 'vitest';
import {
  expectation,
  listed,
  MUST_READINGS,
  type DateQuery,
  type OracleEvent,
  type Readings,
} from '../../lib/spec/oracle/dates.ts';

const E: OracleEvent[] = [
  { id: 1, start: '2027-05-10 10:00:00', end: '2027-05-10 12:00:00' },
  { id: 2, start: '2027-05-10 20:00:00', end: '2027-05-12 09:00:00' },
  { id: 3, start: '2027-05-12 08:00:00', end: '2027-05-12 09:00:00' },
  { id: 4, start: '2027-05-14 08:00:00', end: '2027-05-14 09:00:00' },
];
const NOW = '2026-11-21T12:00:00Z';
const ALL = [1, 2, 3, 4];

// [query, extended (6.8.0), base (4.6.8)]
const TABLE: Array<[DateQuery, number[], number[]]> = [
  [{ start_date: '2027-05-10 15:00' }, ALL, ALL],
  [{ start_date: '2027-05-10 15:00', strict_dates: '1' }, [2, 3, 4], ALL],
  [{ start_date: '2027-05-11' }, [3, 4], [2, 3, 4]],
  [{ end_date: '2027-05-11' }, [1], [1, 2]],
  [{ end_date: '2027-05-12 08:30' }, [1, 2, 3], [1, 2, 3]],
  [{ end_date: '2027-05-12 08:30', strict_dates: '1' }, [1], [1, 2, 3]],
  [{ starts_after: '2027-05-10 15:00' }, [3, 4], ALL],
  [{ starts_after: '2027-05-10 15:00', strict_dates: '1' }, [2, 3, 4], ALL],
  [{ starts_before: '2027-05-12 08:30' }, [1, 2, 3], ALL],
  [{ ends_after: '2027-05-12 08:30' }, [4], ALL],
  [{ ends_before: '2027-05-12 08:30' }, [1, 2, 3], ALL],
  [{ ends_before: '2027-05-12 08:30', strict_dates: '1' }, [1], ALL],
];

const q = (query: DateQuery) => new URLSearchParams(query as Record<string, string>).toString();

describe('the measured table (E1..E4, UTC site)', () => {
  for (const [query, ext, base] of TABLE) {
    test(`extended ${q(query)} lists ${ext.join(' ')}`, () => {
      for (const basis of ['instant', 'wallclock'] as const) {
        expect(listed(E, query, { variant: 'extended', siteZone: 'UTC', now: NOW, readings: { basis } })).toEqual(ext);
      }
    });
    test(`base (overlap, as 4.6.8) ${q(query)} lists ${base.join(' ')}`, () => {
      expect(listed(E, query, { variant: 'base', siteZone: 'UTC', now: NOW, readings: { base: 'overlap' } })).toEqual(
        base,
      );
    });
  }
  test('base, spec reading: start_date=05-11 keeps only events starting that day or later', () => {
    expect(
      listed(
        E,
        { start_date: '2027-05-11' },
        { variant: 'base', siteZone: 'UTC', now: NOW, readings: { base: 'spec' } },
      ),
    ).toEqual([3, 4]);
  });
  test('base, spec reading agrees with the table everywhere else', () => {
    for (const [query, , base] of TABLE) {
      if (query.start_date === '2027-05-11') continue;
      expect(listed(E, query, { variant: 'base', siteZone: 'UTC', now: NOW, readings: { base: 'spec' } })).toEqual(
        base,
      );
    }
  });
  test('base must-expectation leaves only the spanning event open', () => {
    const exp = expectation(E, { start_date: '2027-05-11' }, { variant: 'base', siteZone: 'UTC', now: NOW });
    expect(exp).toEqual({ listed: [3, 4], notListed: [1], either: [2] });
  });
  // Issue 29 finding 11 (LEVELS.md "base date filters": must = events not spanning the
  // boundary). [query, listed, not listed, either] under the base must readings: the spanning E2
  // (05-10 20:00 -> 05-12 09:00) is demanded by neither side of either bound.
  const BASE_MUST: Array<[DateQuery, number[], number[], number[]]> = [
    [{ end_date: '2027-05-11' }, [1], [3, 4], [2]],
    // Base rounds a bound to its whole day: E2 ends within 05-12, so it spans no bound here.
    [{ end_date: '2027-05-12 08:30' }, [1, 2, 3], [4], []],
    [{ start_date: '2027-05-11' }, [3, 4], [1], [2]],
    [{ start_date: '2027-05-10 15:00' }, [1, 2, 3, 4], [], []],
    [{ start_date: '2027-05-11', end_date: '2027-05-13' }, [3], [1, 4], [2]],
  ];
  for (const [query, yes, no, either] of BASE_MUST)
    test(`base must-expectation of ${q(query)}: listed ${yes.join(' ')}, either ${either.join(' ')}`, () => {
      const exp = expectation(E, query, { variant: 'base', siteZone: 'UTC', now: NOW });
      expect(exp).toEqual({ listed: yes, notListed: no, either });
    });
  test('base, within reading: end_date keeps events that end by 23:59:59 of its day', () => {
    expect(
      listed(
        E,
        { end_date: '2027-05-11' },
        { variant: 'base', siteZone: 'UTC', now: NOW, readings: { base: 'within' } },
      ),
    ).toEqual([1]);
  });
  test('extended must-expectation is definite for every row', () => {
    for (const [query, ext] of TABLE) {
      const exp = expectation(E, query, { variant: 'extended', siteZone: 'UTC', now: NOW });
      expect(exp.either).toEqual([]);
      expect(exp.listed).toEqual(ext);
    }
  });
});

describe('default window', () => {
  const now = '2027-01-15T12:00:00Z';
  const events: OracleEvent[] = [
    { id: 1, start: '2027-01-12 10:00', end: '2027-01-12 11:00' }, // 3 days ago
    { id: 2, start: '2027-01-14 00:00', end: '2027-01-14 01:00' }, // yesterday 00:00
    { id: 3, start: '2027-01-16 10:00', end: '2027-01-16 11:00' }, // tomorrow
    { id: 4, start: '2028-12-15 10:00', end: '2028-12-15 11:00' }, // 23 months
    { id: 5, start: '2029-03-15 10:00', end: '2029-03-15 11:00' }, // 26 months
    { id: 6, start: '2027-01-10 10:00', end: '2027-01-20 11:00' }, // running
  ];
  test('must: 3 days ago and 26 months ahead not listed; tomorrow to 23 months listed; running open', () => {
    const exp = expectation(events, {}, { variant: 'extended', siteZone: 'UTC', now });
    expect(exp).toEqual({ listed: [3, 4], notListed: [1, 5], either: [2, 6] });
  });
  test('6.x drops running events, 4.6.8 lists them', () => {
    expect(listed(events, {}, { variant: 'extended', siteZone: 'UTC', now, readings: { window: 'start' } })).toEqual([
      2, 3, 4,
    ]);
    expect(listed(events, {}, { variant: 'base', siteZone: 'UTC', now, readings: { window: 'overlap' } })).toEqual([
      2, 3, 4, 6,
    ]);
  });
  test('a relative parameter drops the window (extended only)', () => {
    expect(listed(events, { starts_after: '2020-01-01' }, { variant: 'extended', siteZone: 'UTC', now })).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    expect(
      listed(
        events,
        { starts_after: '2020-01-01' },
        { variant: 'base', siteZone: 'UTC', now, readings: { window: 'start' } },
      ),
    ).toEqual([2, 3, 4]);
  });
});

describe('zones', () => {
  test('instant basis converts the event zone; wallclock basis compares wall clocks', () => {
    // 10:00 in New York in June = 14:00 UTC.
    const ev: OracleEvent[] = [
      { id: 1, start: '2027-06-10 10:00:00', end: '2027-06-10 11:00:00', zone: 'America/New_York' },
    ];
    const query: DateQuery = { starts_after: '2027-06-10 12:00:00', strict_dates: 'true' };
    expect(listed(ev, query, { variant: 'extended', siteZone: 'UTC', readings: { basis: 'instant' } })).toEqual([1]);
    expect(listed(ev, query, { variant: 'extended', siteZone: 'UTC', readings: { basis: 'wallclock' } })).toEqual([]);
  });
  test('DST: a New York event on the spring-forward day is 4 hours behind UTC after 03:00', () => {
    const ev: OracleEvent[] = [
      { id: 1, start: '2027-03-14 03:30:00', end: '2027-03-14 04:00:00', zone: 'America/New_York' },
    ];
    const at = (s: string) =>
      listed(ev, { starts_after: s, strict_dates: '1' }, { variant: 'extended', siteZone: 'UTC' });
    expect(at('2027-03-14 07:29:00')).toEqual([1]);
    expect(at('2027-03-14 07:30:00')).toEqual([]);
  });
  test('a site zone east of UTC rounds in the site zone', () => {
    const ev: OracleEvent[] = [{ id: 1, start: '2027-05-10 23:30:00', end: '2027-05-10 23:45:00', zone: 'UTC' }];
    // 23:30 UTC is 05-11 05:00 in Kolkata: start_date=05-11 in a Kolkata site keeps it.
    expect(listed(ev, { start_date: '2027-05-11' }, { variant: 'extended', siteZone: 'Asia/Kolkata' })).toEqual([1]);
    expect(listed(ev, { start_date: '2027-05-11' }, { variant: 'extended', siteZone: 'UTC' })).toEqual([]);
  });
  test('the must readings number 24', () => {
    expect(MUST_READINGS.length).toBe(24);
    const r: Partial<Readings> = MUST_READINGS[0];
    expect(Object.keys(r).sort()).toEqual(['base', 'basis', 'window', 'windowFrom']);
  });
});
