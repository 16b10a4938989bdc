/**
 * The base variant's event date filters (start_date, end_date) and the default window of both
 * variants, compared with the independent oracle of lib/spec/oracle/dates.ts. Base must-checks
 * assert only where the spec's literal reading ("start after" / "start before" that day) and the
 * original's overlap reading (4.6.8) agree: events that do not span the boundary. The spanning
 * case read the spec's way is a should.
 * The checks only read: E1..E4 and one pool (with a spanning event) are made once for the file
 * (shared setup, lib/check/shared.ts).
 */
import fc from 'fast-check';
import { check, sharedSetup } from '../../lib/check/index.ts';
import { req } from '../../lib/spec/contract.ts';
import { disagreement, expectation, readingSets, type OracleEvent } from '../../lib/spec/oracle/dates.ts';
import { anchorDay, BASE_PARAMS, describeQuery, placePool, poolArb } from '../../lib/spec/arbitraries/dates.ts';
import { createPool, createTable, listedIds, mustReadings, poolProperty, runTable } from './date-checks.ts';
import { DateTime } from 'luxon';

const LIST = req.route('GET', 'events');
const table = sharedSetup('events.list base date table', createTable);

/**
 * The pool: 8 to 12 events over 4 days, generated from the run seed, and an event spanning a
 * day boundary (day 0 evening to day 2 morning, the table's E2), made once.
 */
const pool = sharedSetup('events.list base date pool', async (s) => {
  const [spec] = fc.sample(poolArb({ days: 4 }), { seed: s.seed, numRuns: 1 });
  const anchor = anchorDay(spec.offset);
  const events = [
    ...placePool(anchor, spec.shapes),
    ...placePool(anchor, [{ day: 0, minute: 1200, second: 0, duration: 2220 }]).map((e) => ({ ...e, label: 'span' })),
  ];
  return { pool: events, anchor, created: await createPool(s, events) };
});

const BASE_SPEC =
  'List events: start_date (base: events start after this date), end_date (base: events start before this date); docs/requirements.md#measured-date-filters "Event date filters, measured" (4.6.8); docs/requirements.md#base-date-filters';

check(
  {
    id: 'events.list.base-start-date-whole-day',
    spec: BASE_SPEC,
    level: 'must',
    requirements: [req.param('events', 'start_date'), LIST],
    tags: ['base', 'writes'],
  },
  'base start_date lists events starting from 00:00:00 of its day (events not spanning it)',
  async (t) =>
    runTable(
      t,
      await table.get(t),
      [
        [{ start_date: 'D0 15:00:00' }, ['E1', 'E2', 'E3', 'E4']],
        [{ start_date: 'D1' }, ['E3', 'E4']],
      ],
      'base',
    ),
);

check(
  {
    id: 'events.list.base-end-date-whole-day',
    spec: BASE_SPEC,
    level: 'must',
    requirements: [req.param('events', 'end_date'), LIST],
    tags: ['base', 'writes'],
  },
  'base end_date lists events starting by 23:59:59 of its day (events not spanning it)',
  async (t) =>
    runTable(
      t,
      await table.get(t),
      [
        [{ end_date: 'D1' }, ['E1', 'E2']],
        [{ end_date: 'D2 08:30:00' }, ['E1', 'E2', 'E3']],
      ],
      'base',
    ),
);

check(
  {
    id: 'events.list.base-end-date-spanning',
    spec: 'List events: end_date (base: events start before this date). The spec reading, which 4.6.8 shares (docs/requirements.md#measured-date-filters: end_date=05-11 lists E1 E2); docs/requirements.md#base-date-filters keeps events spanning the boundary out of the must (should)',
    level: 'should',
    requirements: [req.param('events', 'end_date'), LIST],
    tags: ['base', 'property', 'writes'],
  },
  'base end_date lists events that start by its day, even when they run past it',
  async (t) => {
    const spec = readingSets({ base: ['spec'], basis: ['wallclock'], window: ['start', 'overlap'] });
    // E2 runs from 20:00 of D0 to 09:00 of D2: it spans the end of D1.
    await runTable(t, await table.get(t), [[{ end_date: 'D1' }, ['E1', 'E2']]], 'base', spec);
    await poolProperty(t, {
      ...(await pool.get(t)),
      days: 4,
      params: ['end_date'],
      strict: false,
      variant: 'base',
      readings: () => readingSets({ base: ['spec'], window: ['start', 'overlap'] }),
    });
  },
);

check(
  {
    id: 'events.list.base-date-filters-property',
    spec: BASE_SPEC,
    level: 'must',
    requirements: [req.param('events', 'start_date'), req.param('events', 'end_date'), LIST],
    tags: ['base', 'property', 'writes'],
  },
  'generated start_date/end_date queries list what every base reading agrees on (events not spanning a bound)',
  async (t) => {
    await poolProperty(t, {
      ...(await pool.get(t)),
      days: 4,
      params: BASE_PARAMS,
      strict: false,
      variant: 'base',
      readings: mustReadings,
    });
  },
);

check(
  {
    id: 'events.list.base-start-date-spanning',
    spec: 'List events: start_date (base: events start after this date). The spec reading; 4.6.8 reads overlap and lists an event still running that day (docs/requirements.md#known-deviations Known deviations)',
    level: 'should',
    requirements: [req.param('events', 'start_date'), LIST],
    tags: ['base', 'property', 'writes'],
  },
  'base start_date leaves out events that started before its day, even when they still run',
  async (t) => {
    // The pool holds a spanning event: day 0 evening to day 2 morning (the table's E2).
    await poolProperty(t, {
      ...(await pool.get(t)),
      days: 4,
      params: ['start_date'],
      strict: false,
      variant: 'base',
      readings: () => readingSets({ base: ['spec'], window: ['start', 'overlap'] }),
    });
  },
);

// An inverted window (start_date after end_date) lists nothing in the spec's AND reading; 4.6.8
// lists the events between the two bounds (reference-behavior.md "inverted window"): a should.

check(
  {
    id: 'events.list.date-filters-inverted-window',
    spec: 'List events: start_date, end_date (filters together: AND); docs/requirements.md#levels base/extended date filters (never an inverted window at must level; 4.6.8 reads it as overlap)',
    level: 'should',
    requirements: [req.param('events', 'start_date'), req.param('events', 'end_date'), LIST],
    tags: ['property', 'writes'],
  },
  'a start_date after the end_date lists no event',
  async (t) => {
    const readings = () =>
      t.extended ? mustReadings(null) : readingSets({ base: ['spec'], basis: ['wallclock'], window: ['start'] });
    await runTable(
      t,
      await table.get(t),
      [
        [{ start_date: 'D2', end_date: 'D0' }, []],
        [{ start_date: 'D4', end_date: 'D1' }, []],
      ],
      t.variant,
      readings(),
    );
    await poolProperty(t, {
      ...(await pool.get(t)),
      days: 4,
      params: BASE_PARAMS,
      strict: t.extended,
      variant: t.variant,
      readings,
      combos: 'inverted',
      // One query a run (the inverted pair): 8 runs, not the 16 of two parameters' default.
      numRuns: 8,
    });
  },
);

// ---------------------------------------------------------------------------------------------
// The default window (both variants).

check(
  {
    id: 'events.list.default-window-oracle',
    spec: 'List events: start_date/end_date defaults (about two years); docs/requirements.md#default-window (measured on both)',
    level: 'must',
    requirements: [req.param('events', 'start_date'), req.param('events', 'end_date'), LIST],
    tags: ['writes'],
  },
  'without date parameters, events from tomorrow to 23 months ahead are listed, 3 days ago and 26 months ahead are not',
  async (t) => {
    const today = DateTime.utc().startOf('day');
    const at = (d: DateTime) => d.set({ hour: 12 }).toFormat('yyyy-MM-dd HH:mm:ss');
    const plan: Array<[string, DateTime]> = [
      ['3 days ago', today.minus({ days: 3 })],
      ['tomorrow', today.plus({ days: 1 })],
      ['in 23 months', today.plus({ months: 23 })],
      ['in 26 months', today.plus({ months: 26 })],
    ];
    const { events } = await createPool(
      t,
      plan.map(([label, d]) => ({ label, start: at(d), end: at(d.plus({ hours: 1 })) })),
    );
    const labels = new Map(events.map((e, i) => [e.id, plan[i][0]]));
    const exp = expectation(
      events as OracleEvent[],
      {},
      { variant: t.variant, siteZone: 'UTC', now: Date.now() },
      readingSets({ basis: ['wallclock'], window: ['start', 'overlap'], windowFrom: ['yesterday', 'today'] }),
    );
    if (exp.listed.length !== 2 || exp.notListed.length !== 2)
      throw new Error(`oracle: unexpected default-window plan ${JSON.stringify(exp)}`);
    const { ids, res } = await listedIds(t, {});
    const d = disagreement(exp, ids);
    const name = (xs: number[]) => xs.map((id) => labels.get(id) ?? id).join(', ') || '(none)';
    t.assert(
      !d,
      `GET /events?${describeQuery({}) || 'search=<scope>'} listed ${name(ids.filter((id) => labels.has(id)))}; expected ${name(exp.listed)} and not ${name(exp.notListed)}`,
      res,
    );
  },
);
