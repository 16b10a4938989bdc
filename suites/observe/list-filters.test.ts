/**
 * Venue, organizer, category and tag list filters on the target's own records, with values drawn
 * from the learned data (LEVELS.md: venue/organizer `event`, `has_events`, `search`; term
 * `include`, `exclude`, `slug`, `parent`, `post`/`event`, `hide_empty`, `order`/`orderby=name`).
 */
import { an } from '../../lib/spec/resources.ts';
import { check, type CheckContext, CouldNotJudge } from '../../lib/check/index.ts';
import { normaliseText } from '../../lib/spec/normalise.ts';
import {
  complete,
  draw,
  LIST,
  linkedIds,
  PARAM,
  published,
  replay,
  settled,
  show,
  spend,
  WIDE_WINDOW,
  words,
  discriminating,
  searched,
  unmentioned,
} from './support.ts';
import { all, judge, type Matcher, refusedNaming } from './readings.ts';
import { leftOutLine, nameOrder } from '../../lib/spec/judge/collation.ts';
import type { ApiResponse } from '../../lib/types.ts';
import { type ApiRecord, isInteger, isObject } from '../../lib/spec/contract.ts';

const LINKED = [
  ['venues', 'venue'],
  ['organizers', 'organizer'],
] as const;

for (const [plural, key] of LINKED) {
  const spec = `List ${plural}; docs/requirements.md#venue-organizer-lists`;
  check(
    {
      id: `observe.${plural}-filter.event`,
      spec,
      level: 'must',
      requirements: [LIST(plural), PARAM(plural, 'event')],
      tags: ['observe'],
    },
    `event with a learned event ID lists exactly its ${plural}`,
    async (t) => {
      const l = await complete(t, 'events', plural);
      const withOne = l.events.filter((e) => linkedIds(e, key).length);
      if (!withOne.length) t.na(`no learned event names ${an(key)}`);
      const ev = draw(t).pick(withOne);
      const got = await all(t, t.api, plural, { event: ev.id });
      const linked = linkedIds(ev, key);
      const others = (l[plural] as ApiRecord[]).map((r) => r.id).filter((id) => !linked.includes(id));
      const links = await linksNow(t, ev, key, got.ids, l[plural]);
      await judge(t, plural, l[plural], got, linked, others, `GET /${plural}?event=${ev.id}`, {
        matches: (r) => links.has(r.id),
      });
    },
  );

  check(
    {
      id: `observe.${plural}-filter.has-events`,
      spec,
      level: 'must',
      requirements: [LIST(plural), PARAM(plural, 'has_events')],
      tags: ['observe'],
    },
    `has_events lists the ${plural} of published events, and has_events=0 none of them`,
    async (t) => {
      const l = await complete(t, 'events', plural);
      const used = new Set(published(l.events).flatMap((e) => linkedIds(e, key)));
      // Linked by no learned event at all (drafts included): no reading of has_events lists them.
      const linkedAny = new Set(l.events.flatMap((e) => linkedIds(e, key)));
      const learnedIds = (l[plural] as ApiRecord[]).map((r) => r.id);
      const withEvents = learnedIds.filter((id) => used.has(id));
      const without = learnedIds.filter((id) => !linkedAny.has(id));
      if (!withEvents.length) t.na(`no learned published event names ${an(key)}`);
      if (!without.length) t.na(`every learned ${key} is linked to an event: has_events cannot leave one out`);
      const yes = await all(t, t.api, plural, { has_events: 1 });
      // A record the crawl never saw may be linked to an event it never saw either: either way.
      const byLearned = (yes: boolean) => (r: ApiRecord) =>
        withEvents.includes(r.id) ? yes : without.includes(r.id) ? !yes : undefined;
      await judge(t, plural, l[plural], yes, withEvents, without, `GET /${plural}?has_events=1`, {
        matches: byLearned(true),
      });
      const no = await all(t, t.api, plural, { has_events: 0 });
      await judge(t, plural, l[plural], no, [], withEvents, `GET /${plural}?has_events=0`, {
        matches: (r) => (withEvents.includes(r.id) ? false : undefined),
      });
    },
  );

  check(
    {
      id: `observe.${plural}-filter.search`,
      spec: `${spec} (search: title, description; should: address fields)`,
      level: 'must',
      requirements: [LIST(plural), PARAM(plural, 'search')],
      tags: ['observe'],
    },
    `search with a word of a learned ${key} name lists the ${plural} having it and none that never mention it`,
    async (t) => {
      const l = await complete(t, plural);
      const records: ApiRecord[] = l[plural];
      const pool = discriminating(records, (r) => words(normaliseText(r[key])));
      if (!pool.length) t.na(`no learned ${key} name has a word of 4+ letters`);
      const word = draw(t).pick(pool);
      const got = await all(t, t.api, plural, { search: word });
      const must = records.filter((r) => words(normaliseText(r[key])).includes(word)).map((r) => r.id);
      await judge(t, plural, records, got, must, unmentioned(records, word), `GET /${plural}?search=${word}`, {
        matches: searched(word, (r) => words(normaliseText(r[key]))),
      });
    },
  );
}

/**
 * The records an event links now, when a list for `event=` shows records the crawl never saw: its
 * learned links and those of its read by ID (another client may have linked a new record to it).
 */
async function linksNow(
  t: CheckContext,
  ev: ApiRecord,
  key: 'venue' | 'organizer' | 'categories' | 'tags',
  /** The IDs the list showed, or null before it is read (then the event is read anyway). */
  shown: readonly number[] | null,
  learnedRecords: readonly ApiRecord[],
): Promise<Set<number>> {
  const links = new Set(linkedIds(ev, key));
  const known = new Set(learnedRecords.map((r) => r.id));
  if (shown && !shown.some((id) => !known.has(id))) return links;
  spend(t);
  const res = await t.api.get(`/events/${ev.id}`);
  if (res.status === 200 && isObject(res.json)) for (const id of linkedIds(res.json as ApiRecord, key)) links.add(id);
  return links;
}

// ---------------------------------------------------------------------------------------------
// Term lists. `hide_empty=0` everywhere but the hide_empty check, so the learned set is complete.

const TERMS = ['categories', 'tags'] as const;
type TermPlural = (typeof TERMS)[number];

async function terms(t: CheckContext, plural: TermPlural, min = 1) {
  const l = await complete(t, plural);
  const list: ApiRecord[] = l[plural];
  if (list.length < min) t.na(`the target has ${list.length} ${plural} (${min} needed)`);
  return { l, list };
}

/**
 * The term list with `query` lists exactly `expected` of the learned terms: every one of them and
 * no other learned term (a term created meanwhile by another client is judged by neither side).
 */
async function same(
  t: CheckContext,
  plural: TermPlural,
  learnedTerms: readonly ApiRecord[],
  query: Record<string, unknown>,
  expected: number[],
  matches: Matcher = (r) => expected.includes(r.id),
) {
  // The original refuses (400) an include, exclude or parent naming a term that no longer
  // exists: the judge reads the named terms afresh (readings.ts refusedNaming).
  const named = Object.values(query)
    .flatMap((v) => String(v).split(','))
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const what = `GET /${plural}?${new URLSearchParams(query as never)}`;
  const onRefused = (res: ApiResponse) =>
    refusedNaming(
      t,
      plural,
      learnedTerms.filter((x) => named.includes(x.id)),
      res,
      what,
    );
  const got = await all(t, t.api, plural, { hide_empty: 0, ...query }, { onRefused });
  const others = learnedTerms.map((x) => x.id).filter((id) => !expected.includes(id));
  await judge(t, plural, learnedTerms, got, expected, others, `GET /${plural}?${new URLSearchParams(query as never)}`, {
    matches,
  });
  return got;
}

for (const plural of TERMS) {
  const spec = `List ${plural}; docs/requirements.md#term-lists (as measured)`;
  const meta = (behaviour: string, param: string, level: 'must' | 'should' = 'must') => ({
    id: `observe.${plural}-filter.${behaviour}`,
    spec,
    level,
    requirements: [LIST(plural), PARAM(plural, param)],
    tags: ['observe' as const],
  });

  check(meta('include', 'include'), `include with learned ${plural} IDs lists exactly those`, async (t) => {
    const { list } = await terms(t, plural);
    const picked = draw(t)
      .sample(settled(list, 2), Math.min(2, list.length))
      .map((x) => x.id);
    await same(t, plural, list, { include: picked.join(',') }, picked);
  });

  check(meta('exclude', 'exclude'), `exclude with a learned ${plural} ID lists all the others`, async (t) => {
    const { list } = await terms(t, plural, 2);
    const gone = draw(t).pick(settled(list, 1)).id;
    await same(
      t,
      plural,
      list,
      { exclude: gone },
      list.map((x) => x.id).filter((id) => id !== gone),
      (r) => r.id !== gone,
    );
  });

  check(meta('slug', 'slug'), `slug with a learned slug lists exactly that term`, async (t) => {
    const { list } = await terms(t, plural);
    const term = draw(t).pick(settled(list, 1));
    await same(t, plural, list, { slug: term.slug }, [term.id], (r) => r.slug === term.slug);
  });

  check(
    meta('search', 'search'),
    `search with a word of a learned name lists the ${plural} having it and none that never mention it`,
    async (t) => {
      const { list } = await terms(t, plural);
      const pool = discriminating(list, (x) => words(normaliseText(x.name)));
      if (!pool.length) t.na(`no learned ${plural} name has a word of 4+ letters`);
      const word = draw(t).pick(pool);
      const got = await all(t, t.api, plural, { hide_empty: 0, search: word });
      const must = list.filter((x) => words(normaliseText(x.name)).includes(word)).map((x) => x.id);
      await judge(t, plural, list, got, must, unmentioned(list, word), `GET /${plural}?search=${word}`, {
        matches: searched(word, (x) => words(normaliseText(x.name))),
      });
    },
  );

  for (const param of ['post', 'event'] as const) {
    check(meta(param, param), `${param} with a learned event ID lists exactly its ${plural}`, async (t) => {
      const l = await complete(t, 'events', plural);
      const withTerms = l.events.filter((e) => linkedIds(e, plural).length);
      if (!withTerms.length) t.na(`no learned event has ${plural}`);
      const ev = draw(t).pick(withTerms);
      const links = await linksNow(t, ev, plural, null, l[plural]);
      await same(t, plural, l[plural], { [param]: ev.id }, linkedIds(ev, plural), (r) => links.has(r.id));
    });
  }

  check(
    meta('hide-empty', 'hide_empty'),
    `by default (hide_empty) the ${plural} of published events are listed and unused ones are not`,
    async (t) => {
      const l = await complete(t, 'events', plural);
      const list: ApiRecord[] = l[plural];
      const used = new Set(published(l.events).flatMap((e) => linkedIds(e, plural)));
      const unused = list.filter((x) => x.count === 0 && !l.events.some((e) => linkedIds(e, plural).includes(x.id)));
      if (!used.size || !unused.length) t.na(`the learned ${plural} are not both used (${used.size}) and unused`);
      const got = await all(t, t.api, plural, {});
      await judge(
        t,
        plural,
        list,
        got,
        [...used],
        unused.map((x) => x.id),
        `GET /${plural} (default hide_empty)`,
        // A term the crawl never saw: unused (count 0) must not be listed; a used one either way.
        { matches: (x) => (used.has(x.id) ? true : x.count === 0 ? false : undefined) },
      );
    },
  );

  for (const order of ['asc', 'desc'] as const) {
    check(
      meta(`orderby-name-${order}`, 'orderby'),
      `orderby=name&order=${order} sorts the ${plural} by name (ASCII, case-insensitive)`,
      async (t) => {
        const { list } = await terms(t, plural, 2);
        const got = await all(t, t.api, plural, { hide_empty: 0, orderby: 'name', order });
        // The order is judged on the learned terms the answer holds: all of them when it was read
        // to its end (an empty or short answer is no sorted list), else the pages read.
        const learnedIds = new Set(list.map((x) => x.id));
        const shown = got.ids.filter((id) => learnedIds.has(id));
        // Every learned term listed (one another client deleted meanwhile excepted: judge), or
        // at least two on the pages read of a longer list.
        if (got.complete) await judge(t, plural, list, got, [...learnedIds], [], `orderby=name&order=${order}`);
        else
          t.assert(
            shown.length >= 2,
            `orderby=name&order=${order} listed ${shown.length} of the ${list.length} learned ${plural} on its first pages; ${replay(t)}`,
            got.res,
          );
        // Judged under the measured collation; other names are left out and named (rule `collation`).
        const o = nameOrder(
          got.records.filter((x) => learnedIds.has(x.id)).map((x) => String(x?.name ?? '')),
          order,
        );
        if (o.judged.length < 2)
          throw new CouldNotJudge(
            `the suite could not judge: orderby=name&order=${order} lists ${o.judged.length} ${plural} of the measured collation; ${leftOutLine(o.leftOut)}`,
            'no-evidence',
          );
        t.assert(
          !o.wrong,
          `orderby=name&order=${order}: ${o.wrong}${o.leftOut.length ? `; ${leftOutLine(o.leftOut)}` : ''}; ${replay(t)}`,
          got.res,
        );
      },
    );
  }
}

check(
  {
    id: 'observe.categories-filter.parent',
    spec: 'List categories; docs/requirements.md#term-lists (parent)',
    level: 'must',
    requirements: [LIST('categories'), PARAM('categories', 'parent')],
    tags: ['observe'],
  },
  'parent with a learned parent category lists exactly its children',
  async (t) => {
    const { list } = await terms(t, 'categories');
    const parents = [...new Set(list.map((x) => x.parent).filter((p) => isInteger(p) && p > 0))];
    if (!parents.length) t.na('no learned category has a parent');
    const p = draw(t).pick(parents);
    await same(
      t,
      'categories',
      list,
      { parent: p },
      list.filter((x) => x.parent === p).map((x) => x.id),
      (r) => (isInteger(r.parent) ? r.parent === p : undefined),
    );
  },
);

// ---------------------------------------------------------------------------------------------
// The status filter (authenticated) and only_with_upcoming, on the site's own records.

for (const plural of ['events', 'venues', 'organizers'] as const) {
  check(
    {
      id: `observe.${plural}-filter.status`,
      spec: `List ${plural}: status (post status); docs/requirements.md#levels status (authenticated; must: publish and draft select those records, and no record of another status)`,
      level: 'must',
      requirements: [LIST(plural), PARAM(plural, 'status')],
      tags: ['observe'],
    },
    `status=publish and status=draft list exactly the learned ${plural} of that status (with credentials)`,
    async (t) => {
      const l = await complete(t, plural);
      if (!l.authenticated)
        t.na(
          `the run has no credentials: the status filter is the authenticated caller's (a visitor's status=draft is refused); run with --user and a password to judge it`,
        );
      const records: ApiRecord[] = l[plural];
      const statusOf = (r: ApiRecord) => (typeof r?.status === 'string' ? r.status : undefined);
      const shown = [...new Set(records.map(statusOf).filter((s): s is string => !!s))].sort();
      t.assert(
        shown.length > 0 || !records.length,
        `the authenticated ${plural} list gives no record a status: nothing tells which records status=publish or status=draft must select; ${replay(t)}`,
      );
      const judged = ['publish', 'draft'].filter((s) => shown.includes(s));
      if (!judged.length)
        t.na(`the learned ${plural} are neither published nor drafts (statuses: ${shown.join(', ')})`);
      const window = plural === 'events' ? WIDE_WINDOW : {};
      for (const status of judged) {
        const got = await all(t, t.api, plural, { ...window, status });
        const must = records.filter((r) => statusOf(r) === status).map((r) => r.id);
        const mustNot = records.filter((r) => statusOf(r) !== undefined && statusOf(r) !== status).map((r) => r.id);
        // Listed records that show another status: judged on the answer itself too.
        const wrong = got.records.filter((r) => typeof r?.status === 'string' && r.status !== status).map((r) => r.id);
        t.assert(
          !wrong.length,
          `GET /${plural}?status=${status} lists ${show(wrong)}, whose status is not ${status}; ${replay(t)}`,
          got.res,
        );
        await judge(t, plural, records, got, must, mustNot, `GET /${plural}?status=${status}`, {
          matches: (r) => (statusOf(r) === undefined ? undefined : statusOf(r) === status),
        });
      }
    },
  );
}

for (const [plural, key] of LINKED) {
  check(
    {
      id: `observe.${plural}-filter.only-with-upcoming`,
      spec: `List ${plural}: only_with_upcoming (records that have upcoming events); docs/requirements.md#levels (should: the original looks at the site's first 10 upcoming events only)`,
      level: 'should',
      requirements: [LIST(plural), PARAM(plural, 'only_with_upcoming')],
      tags: ['observe'],
    },
    `only_with_upcoming lists the ${plural} of published events still to end, and none linked to no event`,
    async (t) => {
      const l = await complete(t, 'events', plural);
      // Still to end: a day of margin either side of now covers every site zone.
      const later = Date.now() + 86_400_000;
      const ends = (e: ApiRecord) => Date.parse(`${String(e.end_date ?? '').replace(' ', 'T')}Z`);
      const upcoming = published(l.events).filter((e) => ends(e) > later);
      const withUpcoming = new Set(upcoming.flatMap((e) => linkedIds(e, key)));
      const linkedAny = new Set(l.events.flatMap((e) => linkedIds(e, key)));
      const learnedIds = (l[plural] as ApiRecord[]).map((r) => r.id);
      const must = learnedIds.filter((id) => withUpcoming.has(id));
      const mustNot = learnedIds.filter((id) => !linkedAny.has(id));
      if (!must.length) t.na(`no learned ${key} is linked to a published event still to end`);
      if (!mustNot.length) t.na(`every learned ${key} is linked to an event: only_with_upcoming cannot leave one out`);
      const got = await all(t, t.api, plural, { only_with_upcoming: 1 });
      await judge(t, plural, l[plural], got, must, mustNot, `GET /${plural}?only_with_upcoming=1`);
    },
  );
}
