/**
 * Runners shared by the date checks (suites/events/dates-*.test.ts): the measured table of
 * reference-behavior.md replayed on E1..E4 shifted to a future date, and generated queries over
 * a pool compared with the oracle. Each compared listing is a judgement (`t.assert`), and its
 * message carries the query, the expected and the listed IDs.
 *
 * The checks only read their events, so a file creates E1..E4 and its pools once (shared setup,
 * lib/check/shared.ts: `createTable`, `createPool` in a `sharedSetup`) and every check lists them
 * by the setup's scope.
 */
import { DateTime } from 'luxon';
import { fromFormat } from '../../lib/spec/luxon-format.ts';
import type { CheckContext } from '../../lib/check/index.ts';
import {
  disagreement,
  expectation,
  isUtcZone,
  MUST_READINGS,
  type DateQuery,
  type OracleEvent,
  type Readings,
} from '../../lib/spec/oracle/dates.ts';
import {
  anchorDay,
  describeQuery,
  placeQuery,
  formExamples,
  poolRun,
  runShapes,
  type Combos,
  type PoolEvent,
} from '../../lib/spec/arbitraries/dates.ts';
import type { ApiResponse } from '../../lib/types.ts';
import { readList } from '../../lib/spec/contract.ts';

// The measured table, shifted: D0 = 05-10 of the measurement, 60 days ahead.

type Label = 'E1' | 'E2' | 'E3' | 'E4';
/** A table row: the query with `D<n>` for the anchor day + n, and the events listed. */
export type Row = [Record<string, string>, Label[]];

function tableEvents(d: (n: number) => string): Array<PoolEvent & { label: Label }> {
  return [
    { label: 'E1', start: `${d(0)} 10:00:00`, end: `${d(0)} 12:00:00` },
    { label: 'E2', start: `${d(0)} 20:00:00`, end: `${d(2)} 09:00:00` },
    { label: 'E3', start: `${d(2)} 08:00:00`, end: `${d(2)} 09:00:00` },
    { label: 'E4', start: `${d(4)} 08:00:00`, end: `${d(4)} 09:00:00` },
  ];
}

function dayFn(anchor: string) {
  return (n: number) => fromFormat(anchor, 'yyyy-MM-dd', { zone: 'UTC' }).plus({ days: n }).toFormat('yyyy-MM-dd');
}

/** E1..E4 as created: the oracle's view, the anchor day D0 and the scope that lists them. */
interface TableEvents {
  events: OracleEvent[];
  anchor: string;
  scope: string;
  /** The site's zone as the created events name it (null: not named). */
  siteZone: string | null;
}

/** Creates E1..E4 (D0 = 60 days ahead) with the context's names (a file's shared setup). */
export async function createTable(s: CheckContext): Promise<TableEvents> {
  const anchor = anchorDay(60);
  const { events, scope, siteZone } = await createPool(s, tableEvents(dayFn(anchor)));
  return { events, anchor, scope, siteZone };
}

/**
 * Runs each row over E1..E4 (`table`, created by `createTable`): the listed set (of the table's
 * events) must be exactly the row's. The oracle must agree with every row (a disagreement is a
 * bug of the check, not the server).
 */
export async function runTable(
  t: CheckContext,
  table: TableEvents,
  rows: Row[],
  variant: 'base' | 'extended' = 'extended',
  /** Base only: the readings the listing is compared under (default: both base readings). */
  baseReadings: Array<Partial<Readings>> = MUST_READINGS,
): Promise<void> {
  const { events, anchor } = table;
  const siteZone = table.siteZone ?? 'UTC';
  // The measured table holds on a UTC site; on another, an exact bound may be read in either zone
  // (lib/spec/oracle/dates.ts `strictZone`), so the rows are judged by the oracle there.
  const exact = variant === 'extended' && isUtcZone(siteZone);
  const d = dayFn(anchor);
  const evs = tableEvents(d);
  const byLabel = new Map(evs.map((e, i) => [e.label, events[i].id]));
  const labelOf = new Map(evs.map((e, i) => [events[i].id, e.label]));
  const names = (ids: number[]) => (ids.length ? ids.map((id) => labelOf.get(id) ?? String(id)).join(' ') : '(none)');
  const pool = evs.map((e) => `${e.label} ${e.start} -> ${e.end}`).join(', ');
  for (const [raw, want] of rows) {
    const query = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, v.replace(/D(\d)/, (_m, n) => d(Number(n)))]),
    ) as DateQuery;
    const exp = expectation(
      events,
      query,
      { variant, siteZone, now: Date.now() },
      (variant === 'extended' ? MUST_READINGS : baseReadings).filter((r) => r.basis !== 'instant'),
    );
    const wantIds = want.map((l) => byLabel.get(l)!);
    if (exact && names(exp.listed) !== names(wantIds))
      throw new Error(
        `oracle disagrees with the table for ${describeQuery(query)}: ${names(exp.listed)} vs ${want.join(' ')}`,
      );
    const { ids, res } = await listedIds(t, query, table.scope);
    const got = ids.filter((id) => labelOf.has(id)).sort((a, b) => a - b);
    const mismatch = exact ? (names(got) !== names(wantIds) ? 'differs' : null) : disagreement(exp, got);
    const expected = exact
      ? want.join(' ')
      : `${names(exp.listed)}${exp.either.length ? ` (either way: ${names(exp.either)})` : ''}`;
    t.assert(
      !mismatch,
      `GET /events?${describeQuery(query)} listed ${names(got)}, expected ${expected} (events ${pool})`,
      res,
    );
  }
}

// Properties over a pool.

function poolText(events: readonly OracleEvent[]): string {
  return events.map((e) => `${e.id} ${e.start} -> ${e.end}${e.zone ? ` ${e.zone}` : ''}`).join('; ');
}

/**
 * Runs generated queries over a pool and compares each listing with the oracle under `readings`
 * (only events the readings agree on are asserted). The pool is created by the check, or was
 * created before (`created`: a file's shared setup made by `createPool` from `pool`).
 */
export async function poolProperty(
  t: CheckContext,
  opts: {
    pool: readonly PoolEvent[];
    created?: CreatedPool;
    anchor: string;
    days: number;
    params: readonly string[];
    strict: boolean;
    variant: 'base' | 'extended';
    readings: (siteZone: string | null) => Array<Partial<Readings>>;
    numRuns?: number;
    /** Which pairs of parameters the runs send (dates.ts `Combos`); default `must`. */
    combos?: Combos;
  },
): Promise<void> {
  const { events, siteZone, scope } = opts.created ?? (await createPool(t, opts.pool));
  const zone = siteZone ?? 'UTC';
  const readings = opts.readings(siteZone);
  const own = new Set(events.map((e) => e.id));
  const compare = async (query: DateQuery) => {
    const exp = expectation(events, query, { variant: opts.variant, siteZone: zone, now: Date.now() }, readings);
    const { ids, res } = await listedIds(t, query, scope);
    const mine = ids.filter((id) => own.has(id));
    const d = disagreement(exp, mine);
    t.assert(
      !d,
      `GET /events?${describeQuery(query)} (site zone ${zone}): ${d}; listed [${mine.join(', ')}], expected [${exp.listed.join(', ')}]${exp.either.length ? `, either way [${exp.either.join(', ')}]` : ''}; pool: ${poolText(events)}`,
      res,
    );
  };
  // Each run tries every parameter alone with the run's bounds (so few runs still cover each
  // parameter, rounded and strict), then the generated combination of two. The should-level
  // combinations (two bounds on one side, an inverted window) send only the combination.
  const combos = opts.combos ?? 'must';
  const place = { combos, variant: opts.variant };
  // The counterexample (lib/spec/arbitraries/dates.ts PoolRun) names every parameter a run sends.
  await t.property(
    poolRun({ params: opts.params, poolSize: opts.pool.length, days: opts.days, strict: opts.strict, combos }),
    async (run) => {
      for (const shape of runShapes(run, combos)) await compare(placeQuery(shape, opts.pool, opts.anchor, zone, place));
    },
    {
      numRuns: opts.numRuns ?? Math.max(4, Math.ceil(48 / (opts.params.length + 1))),
      // Every parameter alone as a day and as a time in the first two runs, whatever the seed.
      ...(combos === 'must'
        ? { examples: formExamples({ params: opts.params, poolSize: opts.pool.length, strict: opts.strict }) }
        : {}),
    },
  );
}

/** Must readings: both comparison bases when the site zone is known, else wall clocks only. */
export const mustReadings = (siteZone: string | null) =>
  siteZone ? MUST_READINGS : MUST_READINGS.filter((r) => r.basis === 'wallclock');

// ---------------------------------------------------------------------------------------------
// I/O for the date checks.

/** A created pool: the oracle's view (IDs as created), the site zone, the scope that lists it. */
interface CreatedPool {
  events: OracleEvent[];
  siteZone: string | null;
  scope: string;
}

/**
 * Creates the pool (titles `t.name(label)`, `timezone` only for events with their own zone) and
 * returns the oracle's view of it (IDs as created), the site zone the server reports (the
 * `timezone` of an event created without one; null when the record does not say) and the scope.
 */
export async function createPool(t: CheckContext, pool: readonly PoolEvent[]): Promise<CreatedPool> {
  const events: OracleEvent[] = [];
  let siteZone: string | null = null;
  for (const ev of pool) {
    const payload: Record<string, unknown> = { title: t.name(ev.label), start_date: ev.start, end_date: ev.end };
    if (ev.zone) payload.timezone = ev.zone;
    const rec = await t.create('events', payload);
    if (
      !ev.zone &&
      siteZone === null &&
      typeof rec.timezone === 'string' &&
      DateTime.now().setZone(rec.timezone).isValid
    )
      siteZone = rec.timezone;
    events.push({ id: rec.id, start: ev.start, end: ev.end, zone: ev.zone });
  }
  return { events, siteZone, scope: t.scope };
}

/**
 * Lists the events of `scope` (default: the check's) for a date query (50 per page) and returns
 * their IDs, read by the response contract (lib/spec/contract.ts).
 */
export async function listedIds(
  t: CheckContext,
  query: DateQuery,
  scope = t.scope,
): Promise<{ ids: number[]; res: ApiResponse }> {
  const res = await t.api.get('/events', { ...query, search: scope, per_page: 50 });
  return { ids: readList(t, res, 'events', { what: `GET /events with ${describeQuery(query)}` }).ids, res };
}
