/**
 * The event date filters of the variant on the target's own events: windows around learned
 * events' starts and ends (whole days and exact times, both sides of the whole-day rounding,
 * strict_dates, the relative bounds, the default window), compared with the date oracle of
 * lib/spec/oracle/dates.ts under the same must/should split as the write-mode date checks: must-level
 * windows look only at events in the site's zone and never put two bounds on one side or invert.
 */
import { DateTime } from 'luxon';
import { check, type CheckContext } from '../../lib/check/index.ts';
import {
  expectation,
  MUST_READINGS,
  readingSets,
  type DateQuery,
  type OracleEvent,
  type Readings,
} from '../../lib/spec/oracle/dates.ts';
import { complete, draw, LIST, PARAM, show } from './support.ts';
import { all, judge, type Matcher } from './readings.ts';
import { oracleEvents, siteZone } from './date-oracle.ts';
import { CouldNotJudge } from '../../lib/check/index.ts';

const SPEC =
  'List events: date filters; docs/requirements.md#measured-date-filters "Event date filters, measured"; docs/requirements.md#levels date filters; docs/requirements.md#measured-site-zone-2026-11 (the site zone from the REST index)';
const FMT = 'yyyy-MM-dd HH:mm:ss';

type Build = (ev: OracleEvent, t: CheckContext) => DateQuery | null;

/** Events the date oracle judges per window at most (the near ones first). */
const ORACLE_SAMPLE = 120;
/** "Near" a drawn event: starting within this many days of it (every window here spans less). */
const NEAR_DAYS = 45;

/** The pool's events starting within NEAR_DAYS of `ev` (at most ORACLE_SAMPLE - 20), and 20 drawn from the rest. Pure but for the draw. */
function nearAndSome(pool: OracleEvent[], ev: OracleEvent, d: ReturnType<typeof draw>): OracleEvent[] {
  const ms = (e: OracleEvent) => Date.parse(`${e.start.replace(' ', 'T')}Z`);
  const at = ms(ev);
  const isNear = (e: OracleEvent) => Math.abs(ms(e) - at) <= NEAR_DAYS * 86_400_000;
  const near = pool.filter(isNear);
  const chosen =
    near.length > ORACLE_SAMPLE - 20
      ? [
          ev,
          ...d.sample(
            near.filter((e) => e !== ev),
            ORACLE_SAMPLE - 21,
          ),
        ]
      : near;
  return [
    ...chosen,
    ...d.sample(
      pool.filter((e) => !isNear(e)),
      20,
    ),
  ];
}

async function dateCase(
  t: CheckContext,
  build: Build,
  opts: { must: boolean; readings?: Array<Partial<Readings>> },
): Promise<void> {
  const l = await complete(t, 'events');
  const zone = await siteZone(t, l.events);
  const pool = oracleEvents(l.events, zone, opts.must);
  if (!pool.length)
    t.na(
      opts.must
        ? `no learned event with readable dates in the site zone ${zone} (the must-checks judge those; events in other zones: observe.events-dates.other-zones)`
        : 'no learned event with readable dates',
    );
  if (!opts.must && pool.every((e) => e.zone === zone)) t.na(`every learned event is in the site zone ${zone}`);
  const d = draw(t);
  const candidates = opts.must ? pool : pool.filter((e) => e.zone !== zone);
  // Must readings: wall clocks only (the site zone is inferred, not known), every other reading.
  const readings = opts.readings ?? (opts.must ? MUST_READINGS.filter((r) => r.basis === 'wallclock') : undefined);
  let ran = 0;
  for (const ev of d.sample(candidates, 2)) {
    const query = build(ev, t);
    if (!query) continue;
    // The oracle reads a bounded sample of the calendar (its cost grows with every event and
    // reading): the events near the drawn one, where the window's edges are, and a few drawn
    // from the rest; the others are judged by neither side.
    const judged = nearAndSome(pool, ev, d);
    const exp = expectation(judged, query, { variant: t.variant, siteZone: zone, now: Date.now() }, readings);
    // A window for which every reading allowed disagrees on every event judges nothing.
    if (!exp.listed.length && !exp.notListed.length) continue;
    ran++;
    const got = await all(t, t.api, 'events', query as Record<string, unknown>);
    // Every event the list shows is judged (rule `shown-judged`): the snapshot's by the oracle,
    // any other read by ID and judged on its copy.
    const when = { variant: t.variant, siteZone: zone, now: Date.now() };
    const known = new Set(judged.map((e) => e.id));
    const shown = new Set(got.ids);
    const more = expectation(
      pool.filter((e) => shown.has(e.id) && !known.has(e.id)),
      query,
      when,
      readings,
    );
    const matches: Matcher = (r) => {
      const [e] = oracleEvents([r], zone, opts.must);
      if (!e || (opts.must && e.zone !== zone)) return undefined;
      const x = expectation([e], query, when, readings);
      return x.listed.length ? true : x.notListed.length ? false : undefined;
    };
    await judge(
      t,
      'events',
      l.events,
      got,
      [...exp.listed, ...more.listed],
      [...exp.notListed, ...more.notListed],
      `GET /events?${new URLSearchParams(query as never)} (site zone ${zone}, around event ${ev.id} ${ev.start} .. ${ev.end} ${ev.zone}; expected ${show(exp.listed)}${exp.either.length ? `, either way ${show(exp.either)}` : ''})`,
      { matches },
    );
  }
  if (!ran)
    throw new CouldNotJudge(
      `the suite could not judge: no window around the ${Math.min(2, candidates.length)} drawn snapshot events judged an event (every reading allowed disagrees on each)`,
      'no-evidence',
    );
}

const at = (ev: OracleEvent, which: 'start' | 'end') =>
  DateTime.fromFormat(ev[which], FMT, { zone: ev.zone ?? 'UTC' }).setZone(ev.zone ?? 'UTC', { keepLocalTime: true });
const day = (dt: DateTime) => dt.toFormat('yyyy-MM-dd');
const exact = (dt: DateTime) => dt.toFormat(FMT);

const cases: Array<{
  id: string;
  title: string;
  params: string[];
  extended: boolean;
  build: Build;
}> = [
  {
    id: 'whole-days',
    title: 'start_date/end_date as whole days around a learned event list what the oracle says',
    params: ['start_date', 'end_date'],
    extended: false,
    // The window ends on the day the event starts: read as a whole day the bound takes the event
    // in, read as that day's midnight (end_date not rounded) it leaves it out. An event starting at
    // midnight proves nothing there: its window reaches 20 days past its end instead.
    build: (ev) => {
      const start = at(ev, 'start');
      const last = start.hour || start.minute || start.second ? start : at(ev, 'end').plus({ days: 20 });
      return { start_date: day(start), end_date: day(last) };
    },
  },
  {
    id: 'rounding-both-sides',
    title: 'start_date just after a learned start and end_date just before a learned end round to whole days',
    params: ['start_date', 'end_date'],
    extended: false,
    build: (ev) => {
      const lo = at(ev, 'start').plus({ minutes: 1 });
      const hi = at(ev, 'end').minus({ minutes: 1 }).plus({ days: 3 });
      return hi > lo ? { start_date: exact(lo), end_date: exact(hi) } : null;
    },
  },
  {
    id: 'strict-dates',
    title: 'strict_dates makes start_date/end_date exact around a learned event',
    params: ['start_date', 'end_date', 'strict_dates'],
    extended: true,
    // The window opens one minute after the event ends: read exactly, the event is out; rounded
    // to whole days (strict_dates ignored), it is in.
    build: (ev) => {
      const lo = at(ev, 'end').plus({ minutes: 1 });
      const hi = at(ev, 'end').plus({ days: 2, minutes: 1 });
      return { start_date: exact(lo), end_date: exact(hi), strict_dates: '1' };
    },
  },
  {
    id: 'starts-after-before',
    title: 'starts_after and starts_before around a learned start list what the oracle says',
    params: ['starts_after', 'starts_before'],
    extended: true,
    build: (ev) => ({
      starts_after: exact(at(ev, 'start').minus({ days: 1 })),
      starts_before: exact(at(ev, 'start').plus({ days: 30 })),
    }),
  },
  {
    id: 'ends-after-before',
    title: 'ends_after and ends_before around a learned end list what the oracle says',
    params: ['ends_after', 'ends_before'],
    extended: true,
    build: (ev) => ({
      ends_after: exact(at(ev, 'end').minus({ days: 1 })),
      ends_before: exact(at(ev, 'end').plus({ days: 30 })),
    }),
  },
  {
    id: 'strict-relative',
    title: 'strict_dates makes starts_after/ends_before exact around a learned event',
    params: ['starts_after', 'ends_before', 'strict_dates'],
    extended: true,
    build: (ev) => ({
      starts_after: exact(at(ev, 'start').minus({ minutes: 1 })),
      ends_before: exact(at(ev, 'end').plus({ days: 10, minutes: 1 })),
      strict_dates: 'true',
    }),
  },
];

for (const c of cases) {
  check(
    {
      id: `observe.events-dates.${c.id}`,
      spec: SPEC,
      level: 'must',
      requirements: [LIST('events'), ...c.params.map((p) => PARAM('events', p))],
      tags: c.extended ? ['observe', 'extended'] : ['observe'],
    },
    c.title,
    (t) => dateCase(t, c.build, { must: true }),
  );
}

check(
  {
    id: 'observe.events-dates.default-window',
    spec: `${SPEC}; docs/requirements.md#default-window`,
    level: 'must',
    requirements: [LIST('events')],
    tags: ['observe'],
  },
  'without date parameters the learned events of the default window are listed and the others are not',
  async (t) => {
    const l = await complete(t, 'events');
    const zone = await siteZone(t, l.events);
    // A drawn sample of the calendar: each event's place in the default window is judged on its own.
    const all_ = oracleEvents(l.events, zone, true);
    const pool = draw(t).sample(all_, ORACLE_SAMPLE);
    if (!pool.length) t.na(`the snapshot holds no event with readable dates in the site zone ${zone}`);
    const when = { variant: t.variant, siteZone: zone, now: Date.now() };
    const readings = MUST_READINGS.filter((r) => r.basis === 'wallclock');
    const exp = expectation(pool, {}, when, readings);
    if (!exp.notListed.length) t.na('every snapshot event lies in the default window');
    const got = await all(t, t.api, 'events', {});
    // Every event the list shows is judged (rule `shown-judged`): the sample's, the snapshot's
    // others by the oracle, any other read by ID and judged on its copy.
    const known = new Set(pool.map((e) => e.id));
    const shown = new Set(got.ids);
    const more = expectation(
      all_.filter((e) => shown.has(e.id) && !known.has(e.id)),
      {},
      when,
      readings,
    );
    const matches: Matcher = (r) => {
      const [e] = oracleEvents([r], zone, true);
      if (!e) return undefined;
      const x = expectation([e], {}, when, readings);
      return x.listed.length ? true : x.notListed.length ? false : undefined;
    };
    await judge(
      t,
      'events',
      l.events,
      got,
      [...exp.listed, ...more.listed],
      [...exp.notListed, ...more.notListed],
      `GET /events (default window, site zone ${zone})`,
      { matches },
    );
  },
);

check(
  {
    id: 'observe.events-dates.other-zones',
    spec: `${SPEC} (should: other event zones compare as instants)`,
    level: 'should',
    requirements: [LIST('events'), PARAM('events', 'start_date'), PARAM('events', 'end_date')],
    tags: ['observe', 'extended'],
  },
  'windows around learned events in other time zones compare their instants',
  (t) =>
    // The window closes with the event's own local start day: an event whose instant falls on the
    // next day of the site zone is out when instants are compared, in when wall clocks are.
    dateCase(t, (ev) => ({ start_date: day(at(ev, 'start').minus({ days: 5 })), end_date: day(at(ev, 'start')) }), {
      must: false,
      readings: readingSets({ basis: ['instant'], window: ['start', 'overlap'], windowFrom: ['yesterday', 'today'] }),
    }),
);
