/**
 * Pairing: the records of both sides matched by name (the first page of each list), so that a
 * generated query names the same record on both sides, each by its own ID.
 */
import { TransportError } from '../../run/client.ts';
import type { Params } from '../../types.ts';
import { field, isObject, readPage } from '../../spec/contract.ts';
import { normaliseText } from '../../spec/normalise.ts';
import { type DateAnchor, NO_POOLS, POOLS, type PoolKey, type Pools } from './model.ts';
import type { Side } from './side.ts';

/** The field naming a record of each resource. */
const NAME_FIELD: Record<PoolKey, string> = {
  events: 'title',
  venues: 'venue',
  organizers: 'organizer',
  categories: 'name',
  tags: 'name',
};
/** At most this many pairs per resource. */
const MAX_PAIRS = 30;

/** name -> ID of the records of one list answer whose (normalised) name is unique in it. Pure. */
function namesToIds(body: unknown, pool: PoolKey): Map<string, number> {
  const list = field(body, pool);
  const seen = new Map<string, number | null>();
  for (const rec of Array.isArray(list) ? list : []) {
    if (!isObject(rec) || typeof rec['id'] !== 'number') continue;
    const name = normaliseText(rec[NAME_FIELD[pool]]);
    if (!name) continue;
    seen.set(name, seen.has(name) ? null : rec['id']);
  }
  return new Map([...seen].filter((e): e is [string, number] => e[1] !== null));
}

/** The pairs of two sides' names (sorted by name, at most MAX_PAIRS): [base ID, candidate ID]. Pure. */
function pairsOf(a: Map<string, number>, b: Map<string, number>): Array<[number, number]> {
  return [...a.keys()]
    .filter((n) => b.has(n))
    .sort()
    .slice(0, MAX_PAIRS)
    .map((n) => [a.get(n) as number, b.get(n) as number]);
}

/** name -> ID of the first page of one side's list (empty when the list cannot be read), and the page's body. */
async function namesOf(
  side: Side,
  pool: PoolKey,
  query: Params,
  withAuth: boolean,
): Promise<{ ids: Map<string, number>; body: unknown }> {
  try {
    const res = await side.client.request({ method: 'GET', path: `/${pool}`, query, auth: withAuth });
    // The one list rule (lib/spec/contract.ts readPage): a page of records, else nothing to pair (the
    // documented empty answer on either variant; an error is no list).
    return readPage(res, pool, { variant: 'base' }).kind === 'page'
      ? { ids: namesToIds(res.json, pool), body: res.json }
      : { ids: new Map(), body: null };
  } catch (e) {
    if (e instanceof TransportError) return { ids: new Map(), body: null };
    throw e;
  }
}

/**
 * The start and end (`YYYY-MM-DD hh:mm:ss`, as the base side answers them) of the paired events,
 * in pair order: the date filters are drawn at their edges. Pure.
 */
function eventTimes(body: unknown, ids: number[]): DateAnchor[] {
  const list = field(body, 'events');
  const byId = new Map((Array.isArray(list) ? list : []).filter(isObject).map((r) => [r['id'], r]));
  const out: DateAnchor[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    const start = r?.['start_date'];
    const end = r?.['end_date'];
    const ok = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(v);
    if (ok(start) && ok(end)) out.push({ start, end });
  }
  return out;
}

/**
 * Pair the records of both sides by name (the first page of each list, 50 records), and give
 * each side its own ID of every pair (`{events_0}` ...). Returns the number of pairs per resource.
 */
export async function pairRecords(
  a: Side,
  b: Side,
  withAuth: boolean,
): Promise<{ pools: Pools; anchors: DateAnchor[] }> {
  const pools: Pools = { ...NO_POOLS };
  let anchors: DateAnchor[] = [];
  for (const pool of POOLS) {
    const query = { per_page: 50, ...(pool === 'categories' || pool === 'tags' ? { hide_empty: 0 } : {}) };
    const [la, lb] = await Promise.all([namesOf(a, pool, query, withAuth), namesOf(b, pool, query, withAuth)]);
    const pairs = pairsOf(la.ids, lb.ids);
    pairs.forEach(([ia, ib], i) => {
      a.ids[`${pool}_${i}`] = ia;
      b.ids[`${pool}_${i}`] = ib;
    });
    pools[pool] = pairs.length;
    if (pool === 'events')
      anchors = eventTimes(
        la.body,
        pairs.map(([ia]) => ia),
      );
  }
  return { pools, anchors };
}
