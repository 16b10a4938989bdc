/**
 * The event list's date semantics, written from reference-behavior.md ("Event date filters,
 * measured" and its reading) and LEVELS.md, INDEPENDENTLY of the reference server: the checks
 * compare what a server lists with what this oracle says, so a disagreement shows in one of the
 * two implementations. Do not import from or copy fixtures/reference-server here.
 *
 * Where the originals (or the spec and the original) disagree, the oracle knows several
 * *readings*; `expectation()` evaluates all readings a level allows and reports, per event,
 * whether every reading lists it, none does, or they differ (`either`). Must-checks assert only
 * on events the readings agree on.
 *
 * Readings:
 *  - base `start_date`: `spec` (event STARTS at/after 00:00 of that day) or `overlap` (4.6.8:
 *    event ENDS at/after 00:00 of that day). `end_date` is "starts at/before 23:59:59" in both.
 *    `within` (an event lies wholly within the bounds: `start_date` as `spec`, `end_date` "ENDS
 *    at/before 23:59:59") is no measured version's; it is among the must readings because
 *    LEVELS.md keeps every event that spans a base bound out of the must ("base date filters":
 *    events not spanning the boundary), so a spanning event is `either` at must level on both
 *    bounds; the spanning cases are should-checks (events.list.base-*-spanning).
 *  - basis: `instant` (events and bounds compared as instants: event wall clock in its zone,
 *    bounds in the site zone) or `wallclock` (the original's per-event time zone mode: the
 *    event's wall clock against the bound's wall clock). For events in the site zone they agree
 *    except inside a DST fall-back hour.
 *  - default window (no date parameter): `start` (6.x: start at/after 00:00 yesterday, end
 *    at/before 23:59:59 two years ahead; running events dropped) or `overlap` (4.6.8: ends
 *    at/after the lower bound, starts at/before the upper bound); the lower bound is 00:00 of
 *    yesterday (sites at or west of UTC) or of today (east of UTC).
 *  - strict zone (an exact bound, `strict_dates` on): `site` (the bound is site time) or `utc`
 *    (6.8.0 on a site whose zone is not UTC, measured 2026-11-26 on Europe/Paris: the bound is read
 *    as UTC and compared in site time; whole-day bounds are site days in both). The spec says
 *    neither, so `expectation` accepts both unless a reading set names one; on a UTC site they agree.
 */
import { DateTime } from 'luxon';
import { fromFormat } from '../luxon-format.ts';
import type { Variant } from '../../types.ts';

export type BaseReading = 'spec' | 'overlap' | 'within';
export type Basis = 'instant' | 'wallclock';
export type WindowReading = 'start' | 'overlap';
export type StrictZone = 'site' | 'utc';

export interface OracleEvent {
  id: number;
  /** Wall clock `YYYY-MM-DD hh:mm:ss` (or `hh:mm`) in `zone`. */
  start: string;
  end: string;
  /** IANA zone of the event; default the site zone. */
  zone?: string;
}

/** The list's date parameters, as sent. */
export interface DateQuery {
  start_date?: string;
  end_date?: string;
  starts_before?: string;
  starts_after?: string;
  ends_before?: string;
  ends_after?: string;
  strict_dates?: string | boolean | number;
}

export interface Readings {
  base: BaseReading;
  basis: Basis;
  window: WindowReading;
  /** Lower bound of the default window: 00:00 of yesterday or of today (site time). */
  windowFrom: 'yesterday' | 'today';
  /** The zone an exact (strict) bound is read in: the site's, or UTC shown in site time. */
  strictZone: StrictZone;
}

interface OracleOptions {
  variant: Variant;
  siteZone: string;
  /** The server's "now", for the default window; without it the window is not modelled. */
  now?: Date | string | number;
  readings?: Partial<Readings>;
}

const RELATIVE_PARAMS = ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;

const DEFAULT_READINGS: Readings = {
  base: 'spec',
  basis: 'instant',
  window: 'overlap',
  windowFrom: 'yesterday',
  strictZone: 'site',
};

const PATTERNS: Array<[RegExp, string]> = [
  [/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'yyyy-MM-dd HH:mm:ss'],
  [/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'yyyy-MM-dd HH:mm'],
  [/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd'],
];

const parsed = new Map<string, DateTime>();

/** A wall-clock string as a luxon DateTime in `zone` (throws on a string the oracle cannot read). */
function wallClock(s: string, zone: string): DateTime {
  const key = `${s}|${zone}`;
  let dt = parsed.get(key);
  if (!dt) {
    dt = readWallClock(s, zone);
    if (parsed.size > 5000) parsed.clear();
    parsed.set(key, dt);
  }
  return dt;
}

function readWallClock(s: string, zone: string): DateTime {
  const text = s.trim().replace('T', ' ');
  for (const [re, format] of PATTERNS) {
    if (re.test(text)) {
      const dt = fromFormat(text, format, { zone });
      if (!dt.isValid) break;
      return dt;
    }
  }
  throw new TypeError(`oracle: cannot read date ${JSON.stringify(s)} (YYYY-MM-DD[ hh:mm[:ss]] expected)`);
}

/** PHP FILTER_VALIDATE_BOOLEAN truthiness, which `strict_dates` is read with on the original. */
function isStrict(value: DateQuery['strict_dates']): boolean {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  return ['1', 'true', 'on', 'yes'].includes(String(value).trim().toLowerCase());
}

/**
 * A point in time on the axis the basis compares on: instants in ms, or the wall clock read as
 * if it were UTC ("floating" time) for the wallclock basis.
 */
function axis(dt: DateTime, basis: Basis): number {
  if (basis === 'instant') return dt.toMillis();
  return Date.UTC(dt.year, dt.month - 1, dt.day, dt.hour, dt.minute, dt.second);
}

/** A bound sent in the site zone: as is (strict), or rounded to 00:00:00 / 23:59:59 of its day. */
const bounds = new Map<string, DateTime>();

function bound(value: string, siteZone: string, rounding: 'exact' | 'down' | 'up', strictZone: StrictZone): DateTime {
  const key = `${value}|${siteZone}|${rounding}|${strictZone}`;
  let dt = bounds.get(key);
  if (!dt) {
    dt =
      rounding === 'exact' && strictZone === 'utc'
        ? wallClock(value, 'UTC').setZone(siteZone)
        : roundBound(value, siteZone, rounding);
    if (bounds.size > 5000) bounds.clear();
    bounds.set(key, dt);
  }
  return dt;
}

const windows = new Map<string, { from: DateTime; to: DateTime }>();

/** The default window: 00:00 of yesterday (or today) to 23:59:59 two years ahead, site time. */
function defaultWindow(
  nowMs: number,
  siteZone: string,
  from: Readings['windowFrom'],
): { from: DateTime; to: DateTime } {
  const key = `${Math.floor(nowMs / 1000)}|${siteZone}|${from}`;
  let w = windows.get(key);
  if (!w) {
    const now = DateTime.fromMillis(nowMs, { zone: siteZone });
    w = {
      from: (from === 'yesterday' ? now.minus({ days: 1 }) : now).startOf('day'),
      to: now.plus({ years: 2 }).set({ hour: 23, minute: 59, second: 59, millisecond: 0 }),
    };
    if (windows.size > 100) windows.clear();
    windows.set(key, w);
  }
  return w;
}

function roundBound(value: string, siteZone: string, rounding: 'exact' | 'down' | 'up'): DateTime {
  const dt = wallClock(value, siteZone);
  if (rounding === 'down') return dt.startOf('day');
  if (rounding === 'up') return dt.set({ hour: 23, minute: 59, second: 59, millisecond: 0 });
  return dt;
}

function present(v: string | undefined): v is string {
  return typeof v === 'string' && v !== '';
}

/** IDs of `events` listed for `query` under one set of readings. */
export function listed(events: readonly OracleEvent[], query: DateQuery, opts: OracleOptions): number[] {
  const r: Readings = { ...DEFAULT_READINGS, ...opts.readings };
  const ext = opts.variant === 'extended';
  const strict = ext && isStrict(query.strict_dates);
  const b = (v: string, rounding: 'down' | 'up') =>
    axis(bound(v, opts.siteZone, strict ? 'exact' : rounding, r.strictZone), r.basis);
  type Test = (s: number, e: number) => boolean;
  const tests: Test[] = [];

  if (present(query.start_date)) {
    const lo = b(query.start_date, 'down');
    tests.push(ext || r.base !== 'overlap' ? (s) => s >= lo : (_s, e) => e >= lo);
  }
  if (present(query.end_date)) {
    const hi = b(query.end_date, 'up');
    tests.push(ext || r.base === 'within' ? (_s, e) => e <= hi : (s) => s <= hi);
  }
  const relative = ext && RELATIVE_PARAMS.some((p) => present(query[p]));
  if (ext) {
    // Every relative bound rounds UP to 23:59:59 without strict_dates; all compare strictly.
    if (present(query.starts_after)) {
      const x = b(query.starts_after, 'up');
      tests.push((s) => s > x);
    }
    if (present(query.starts_before)) {
      const x = b(query.starts_before, 'up');
      tests.push((s) => s < x);
    }
    if (present(query.ends_after)) {
      const x = b(query.ends_after, 'up');
      tests.push((_s, e) => e > x);
    }
    if (present(query.ends_before)) {
      const x = b(query.ends_before, 'up');
      tests.push((_s, e) => e < x);
    }
  }
  if (!relative && opts.now !== undefined) {
    const { from, to } = defaultWindow(new Date(opts.now).getTime(), opts.siteZone, r.windowFrom);
    const lo = axis(from, r.basis);
    const hi = axis(to, r.basis);
    if (!present(query.start_date)) tests.push(r.window === 'start' ? (s) => s >= lo : (_s, e) => e >= lo);
    if (!present(query.end_date)) tests.push(r.window === 'start' ? (_s, e) => e <= hi : (s) => s <= hi);
  }

  const out: number[] = [];
  for (const ev of events) {
    const zone = ev.zone ?? opts.siteZone;
    const s = axis(wallClock(ev.start, zone), r.basis);
    const e = axis(wallClock(ev.end, zone), r.basis);
    if (tests.every((t) => t(s, e))) out.push(ev.id);
  }
  return out;
}

interface Expectation {
  /** Listed under every reading allowed. */
  listed: number[];
  /** Listed under none. */
  notListed: number[];
  /** The readings disagree: the check may not demand either way. */
  either: number[];
}

/** Every combination of the readings given (each key a list of the values to consider). */
export function readingSets(choices: { [K in keyof Readings]?: Array<Readings[K]> }): Array<Partial<Readings>> {
  let sets: Array<Partial<Readings>> = [{}];
  for (const [key, values] of Object.entries(choices) as Array<[keyof Readings, string[]]>) {
    sets = sets.flatMap((s) => values.map((v) => ({ ...s, [key]: v })));
  }
  return sets;
}

/** Readings a must-check must accept: both base readings, both bases, every window reading. */
export const MUST_READINGS = readingSets({
  base: ['spec', 'overlap', 'within'],
  basis: ['instant', 'wallclock'],
  window: ['start', 'overlap'],
  windowFrom: ['yesterday', 'today'],
});

/** Whether a site zone is UTC by name, where the two strict zones agree. */
export function isUtcZone(zone: string): boolean {
  return ['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT'].includes(zone);
}

/**
 * What a check may demand for `query` over `events`: evaluated under each of `readings` (default
 * MUST_READINGS), combined per event.
 */
export function expectation(
  events: readonly OracleEvent[],
  query: DateQuery,
  opts: Omit<OracleOptions, 'readings'>,
  readings: Array<Partial<Readings>> = MUST_READINGS,
): Expectation {
  // Both zones of an exact bound unless a reading set names one (they agree on a UTC site).
  const sets = isUtcZone(opts.siteZone)
    ? readings
    : readings.flatMap((r) => (r.strictZone ? [r] : (['site', 'utc'] as const).map((z) => ({ ...r, strictZone: z }))));
  const counts = new Map<number, number>();
  for (const ev of events) counts.set(ev.id, 0);
  for (const r of sets)
    for (const id of listed(events, query, { ...opts, readings: r })) counts.set(id, (counts.get(id) ?? 0) + 1);
  const out: Expectation = { listed: [], notListed: [], either: [] };
  for (const [id, n] of counts) (n === sets.length ? out.listed : n === 0 ? out.notListed : out.either).push(id);
  return out;
}

/**
 * Compares what a server listed with an expectation; null when it agrees, else a sentence
 * naming the missing and the unexpected IDs.
 */
export function disagreement(exp: Expectation, got: readonly number[]): string | null {
  const gotSet = new Set(got);
  const missing = exp.listed.filter((id) => !gotSet.has(id));
  const unexpected = exp.notListed.filter((id) => gotSet.has(id));
  if (!missing.length && !unexpected.length) return null;
  const parts: string[] = [];
  if (missing.length) parts.push(`missing ${missing.join(', ')}`);
  if (unexpected.length) parts.push(`unexpected ${unexpected.join(', ')}`);
  return parts.join('; ');
}
