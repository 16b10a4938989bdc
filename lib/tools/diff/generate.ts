/**
 * The requests of a differential run: the root and every list plain, `numRuns` list queries drawn
 * by fast-check from the run's seed (record IDs only as placeholders of paired records), and the
 * run-tagged create/read/delete sequence.
 */
import fc from 'fast-check';
import type { Params } from '../../types.ts';
import { type DateAnchor, NO_POOLS, type PoolKey, type Pools, type Step } from './model.ts';

const LISTS = ['venues', 'organizers', 'categories', 'tags'] as const;

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The list queries of a run: deterministic for a seed, numRuns, day and pools. Record IDs are
 * placeholders of paired records (`{venues_0}`, `{events_3},{events_1}`), drawn only from
 * resources with pairs (`pools`); each side substitutes its own IDs.
 */
export function generateQueries(seed: number, numRuns: number, today: string, pools: Pools = NO_POOLS): Step[] {
  const day = fc.integer({ min: -400, max: 800 }).map((n) => addDays(today, n));
  const time = fc.constantFrom('00:00:00', '09:30:00', '12:00:00', '23:59:59');
  const date = fc.oneof(
    day,
    fc.tuple(day, time).map(([d, t]) => `${d} ${t}`),
  );
  const words = fc.constantFrom('calcert', 'fixture', 'event', 'venue', 'Paris', 'zzz-nothing');
  /** One paired record of `pool`, as its placeholder. */
  const one = (pool: PoolKey) => fc.integer({ min: 0, max: pools[pool] - 1 }).map((i) => `{${pool}_${i}}`);
  /** One to three paired records of `pool`, comma-separated. */
  const several = (pool: PoolKey) =>
    fc
      .uniqueArray(fc.integer({ min: 0, max: pools[pool] - 1 }), { minLength: 1, maxLength: Math.min(3, pools[pool]) })
      .map((a) => a.map((i) => `{${pool}_${i}}`).join(','));
  /** The filters on `pool`'s IDs, only when it has pairs. */
  const byId = <T extends Record<string, fc.Arbitrary<unknown>>>(pool: PoolKey, model: () => T): T | object =>
    pools[pool] > 0 ? model() : {};
  /** Term filters: slugs, or paired terms of the taxonomy. */
  const terms = (pool: 'categories' | 'tags') =>
    pools[pool] > 0
      ? fc.oneof(fc.constantFrom('music', 'sport', 'calcert'), several(pool))
      : fc.constantFrom('music', 'sport', 'calcert');
  const paging = { page: fc.integer({ min: 1, max: 3 }), per_page: fc.integer({ min: 1, max: 60 }) };
  // A few filters per query (0 to 3), so lists are not almost always empty.
  const some = <T extends Record<string, fc.Arbitrary<unknown>>>(model: T) =>
    fc
      .tuple(fc.uniqueArray(fc.constantFrom(...Object.keys(model)), { maxLength: 3 }), fc.record(model))
      .map(([keys, all]) => Object.fromEntries(keys.map((k) => [k, (all as Record<string, unknown>)[k]])) as Params);
  const events = fc
    .constant(null)
    .chain(() =>
      some({
        ...paging,
        start_date: date,
        end_date: date,
        starts_before: date,
        starts_after: date,
        ends_before: date,
        ends_after: date,
        strict_dates: fc.boolean(),
        search: words,
        categories: terms('categories'),
        tags: terms('tags'),
        ...byId('venues', () => ({ venue: one('venues') })),
        ...byId('organizers', () => ({ organizer: one('organizers') })),
        featured: fc.boolean(),
        status: fc.constantFrom('publish', 'draft', 'any'),
        ...byId('events', () => ({ include: several('events') })),
      }),
    )
    .map((query): Step => ({ label: 'events list', method: 'GET', path: '/events', query }));
  const linked = fc
    .tuple(
      fc.constantFrom('venues', 'organizers'),
      some({ ...paging, search: words, has_events: fc.boolean(), only_with_upcoming: fc.boolean() }),
    )
    .map(([r, query]): Step => ({ label: `${r} list`, method: 'GET', path: `/${r}`, query }));
  const termList = fc.constantFrom('categories' as const, 'tags' as const).chain((r) =>
    some({
      ...paging,
      search: words,
      order: fc.constantFrom('asc', 'desc'),
      orderby: fc.constantFrom('name', 'id', 'count'),
      hide_empty: fc.boolean(),
      ...byId(r, () => ({ exclude: several(r), include: several(r) })),
    }).map((query): Step => ({ label: `${r} list`, method: 'GET', path: `/${r}`, query })),
  );
  const drawn = fc.sample(
    fc.oneof({ weight: 3, arbitrary: events }, { weight: 1, arbitrary: linked }, { weight: 1, arbitrary: termList }),
    { seed, numRuns },
  );
  const fixed: Step[] = [
    { label: 'root', method: 'GET', path: '' },
    { label: 'events list', method: 'GET', path: '/events' },
    ...LISTS.map((r): Step => ({ label: `${r} list`, method: 'GET', path: `/${r}` })),
    { label: 'events list', method: 'GET', path: '/events', query: { per_page: 2 } },
    { label: 'events list', method: 'GET', path: '/events', query: { page: 2, per_page: 2 } },
  ];
  return [...fixed, ...drawn];
}

/** Paired events whose edges the date filters are drawn at. */
export const EDGE_EVENTS = 4;

/**
 * The date filters at the edges of paired events (drawn by the seed, at most EDGE_EVENTS): the
 * places where rounding and strictness show. A bound on an event's own day at another time than
 * its start or end (rounded to the whole day, or taken exactly under strict_dates), and a bound at
 * its very start or end (strict or not): a server that does not round `start_date` to 00:00:00,
 * keeps an event starting exactly at `starts_after`, or ignores a filter lists that event
 * differently. Random days (generateQueries) almost never land on an event's day. Pure.
 */
export function dateEdgeQueries(seed: number, anchors: readonly DateAnchor[]): Step[] {
  if (!anchors.length) return [];
  const picked =
    fc.sample(
      fc.shuffledSubarray([...anchors], {
        minLength: Math.min(EDGE_EVENTS, anchors.length),
        maxLength: Math.min(EDGE_EVENTS, anchors.length),
      }),
      { seed, numRuns: 1 },
    )[0] ?? [];
  const steps: Step[] = [];
  const step = (query: Params): Step => ({
    label: 'events list (date edges)',
    method: 'GET',
    path: '/events',
    query: { per_page: 50, ...query },
  });
  for (const { start, end } of picked) {
    const startDay = start.slice(0, 10);
    const endDay = end.slice(0, 10);
    for (const strict of [undefined, 1]) {
      const s = strict ? { strict_dates: strict } : {};
      steps.push(
        step({ start_date: `${startDay} 23:59:59`, ...s }),
        step({ end_date: `${endDay} 00:00:00`, ...s }),
        step({ starts_after: start, ...s }),
        step({ starts_before: start, ...s }),
        step({ ends_after: `${endDay} 00:00:00`, ...s }),
        step({ ends_before: end, ...s }),
      );
    }
  }
  return steps;
}

/** The create/read/delete sequence, run-tagged. */
export function writeSequence(runTag: string, today: string): Step[] {
  const d = addDays(today, 45);
  return [
    {
      label: 'create venue',
      method: 'POST',
      path: '/venues',
      json: { venue: `${runTag} diff venue`, address: '2 Diff Street', city: 'Lyon', country: 'France' },
      save: 'venue',
    },
    {
      label: 'create organizer',
      method: 'POST',
      path: '/organizers',
      json: { organizer: `${runTag} diff organizer`, email: 'diff@example.org' },
      save: 'organizer',
    },
    {
      label: 'create category',
      method: 'POST',
      path: '/categories',
      json: { name: `${runTag} diff category` },
      save: 'category',
    },
    { label: 'create tag', method: 'POST', path: '/tags', json: { name: `${runTag} diff tag` }, save: 'tag' },
    {
      label: 'create event',
      method: 'POST',
      path: '/events',
      json: {
        title: `${runTag} diff event`,
        description: 'Differential run event',
        start_date: `${d} 10:00:00`,
        end_date: `${d} 12:00:00`,
        cost: '10',
        venue: '{venue}',
        organizer: '{organizer}',
        categories: ['{category}'],
        tags: ['{tag}'],
      },
      save: 'event',
    },
    { label: 'read event', method: 'GET', path: '/events/{event}' },
    { label: 'read venue', method: 'GET', path: '/venues/{venue}' },
    { label: 'read organizer', method: 'GET', path: '/organizers/{organizer}' },
    { label: 'read category', method: 'GET', path: '/categories/{category}' },
    { label: "list the run's events", method: 'GET', path: '/events', query: { search: runTag } },
    { label: 'delete event', method: 'DELETE', path: '/events/{event}' },
    { label: 'read deleted event', method: 'GET', path: '/events/{event}' },
    { label: 'delete event again', method: 'DELETE', path: '/events/{event}' },
    { label: 'delete venue', method: 'DELETE', path: '/venues/{venue}' },
    { label: 'delete organizer', method: 'DELETE', path: '/organizers/{organizer}' },
    { label: 'delete category', method: 'DELETE', path: '/categories/{category}', query: { force: true } },
    { label: 'delete tag', method: 'DELETE', path: '/tags/{tag}', query: { force: true } },
  ].map((s) => ({ ...s, auth: true }) as Step);
}
