/**
 * The learned events as the date oracle (lib/spec/oracle/dates.ts) reads them, for the observation
 * checks of dates (dates.test.ts) and of `include` (event-filters.test.ts).
 */
import { DateTime } from 'luxon';
import { fromFormat } from '../../lib/spec/luxon-format.ts';
import { expectation, MUST_READINGS, type OracleEvent } from '../../lib/spec/oracle/dates.ts';
import type { ApiRecord } from '../../lib/spec/contract.ts';
import type { Variant } from '../../lib/types.ts';
import type { CheckContext } from '../../lib/check/index.ts';

const FMT = 'yyyy-MM-dd HH:mm:ss';

/** The site's zone as the learned events suggest (the zone most of them use). */
export function siteZoneOf(events: ApiRecord[]): string {
  const counts = new Map<string, number>();
  for (const e of events)
    if (typeof e?.timezone === 'string') counts.set(e.timezone, (counts.get(e.timezone) ?? 0) + 1);
  let best = 'UTC';
  let n = 0;
  for (const [z, c] of counts)
    if (c > n) {
      best = z;
      n = c;
    }
  return best;
}

/** oracleEvents per learned list and arguments: the checks of this file share one worker and its crawl. */
const oracleMemo = new WeakMap<ApiRecord[], Map<string, OracleEvent[]>>();

export function oracleEvents(events: ApiRecord[], siteZone: string, onlySiteZone: boolean): OracleEvent[] {
  const memo = oracleMemo.get(events) ?? new Map<string, OracleEvent[]>();
  oracleMemo.set(events, memo);
  const key = `${siteZone} ${onlySiteZone}`;
  const known = memo.get(key);
  if (known) return known;
  const out: OracleEvent[] = [];
  memo.set(key, out);
  for (const e of events) {
    const zone = typeof e?.timezone === 'string' && e.timezone ? e.timezone : siteZone;
    if (onlySiteZone && zone !== siteZone) continue;
    if (typeof e?.start_date !== 'string' || typeof e?.end_date !== 'string') continue;
    if (!fromFormat(e.start_date, FMT, { zone }).isValid) continue;
    out.push({ id: e.id, start: e.start_date, end: e.end_date, zone });
  }
  return out;
}

/**
 * The learned events that the default window (no date parameter) lists under every reading a
 * must-check accepts, in the site zone: the events a server may not leave out of a list that keeps
 * its default window (6.8.0 keeps it under `include`, also beside explicit dates).
 */
export function surelyInDefaultWindow(events: ApiRecord[], variant: Variant, zone: string): Set<number> {
  const exp = expectation(
    oracleEvents(events, zone, true),
    {},
    { variant, siteZone: zone, now: Date.now() },
    MUST_READINGS,
  );
  return new Set(exp.listed);
}

/**
 * The zone the REST index names, per run and REST root: one request per worker. Keyed on the run
 * too: a worker may serve several runs (lib/certify/kept-threads.ts), and a later run's server
 * may listen where an earlier one did.
 */
const indexZones = new Map<string, Promise<string | null>>();

/**
 * The site's time zone: the one WordPress's REST index names (`timezone_string`, else
 * `gmt_offset` as a fixed offset), else the zone most learned events use (a server that is no
 * WordPress). The events alone can mislead: a site whose zone changed after its events were made
 * (6.8.0 reads an exact date bound by the site's zone of now, measured on Europe/Paris).
 */
export async function siteZone(t: CheckContext, events: ApiRecord[]): Promise<string> {
  const root = t.config.baseUrl;
  const key = `${t.config.runTag} ${root}`;
  let known = indexZones.get(key);
  if (!known) {
    known = t.api
      .request({ method: 'GET', url: root, auth: false })
      .then((res) => zoneOfIndex(res.json))
      .catch(() => null);
    indexZones.set(key, known);
  }
  return (await known) ?? siteZoneOf(events);
}

function zoneOfIndex(index: unknown): string | null {
  if (!index || typeof index !== 'object') return null;
  const { timezone_string: name, gmt_offset: offset } = index as Record<string, unknown>;
  if (typeof name === 'string' && name && DateTime.now().setZone(name).isValid) return name;
  const hours = typeof offset === 'number' ? offset : typeof offset === 'string' ? Number(offset) : Number.NaN;
  if (!Number.isFinite(hours)) return null;
  if (hours === 0) return 'UTC';
  const minutes = Math.round(Math.abs(hours) * 60);
  const zone = `UTC${hours < 0 ? '-' : '+'}${Math.floor(minutes / 60)}${minutes % 60 ? `:${String(minutes % 60).padStart(2, '0')}` : ''}`;
  return DateTime.now().setZone(zone).isValid ? zone : null;
}
