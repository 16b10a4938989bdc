/**
 * Parameter edges of the event list (issue 12, point 2). Invalid values (drawn by
 * lib/spec/arbitraries/invalid.ts) never give a 2xx listing of records the filter does not select
 * (must, LEVELS.md unknown filter values) and answer 400 (should); the array form and the comma
 * form of every array parameter select the same records (reference-behavior.md: both work; must
 * for venue, organizer, categories, include; tags any-of is should: 6.x applies only the first); a
 * filter that matches nothing answers 200 with an empty list and total 0 (should); several
 * statuses at once (should). The two form checks share their linked events (made once per file).
 */
import fc from 'fast-check';
import {
  arrayForScalar,
  badPositiveInt,
  invalidCases,
  malformedDate,
  nonBoolean,
  nonNumeric,
  unknownId,
  unknownStatus,
} from '../../lib/spec/arbitraries/invalid.ts';
import { check, sharedSetup, type CheckContext } from '../../lib/check/index.ts';
import { sameIds, showIds as show, listedIds, field, req } from '../../lib/spec/contract.ts';
import { listEvents, makeEvent } from './support.ts';

const LIST = req.route('GET', 'events');

const MUST_TABLE = {
  start_date: { malformed: malformedDate },
  end_date: { malformed: malformedDate },
  venue: { unknown: unknownId },
  organizer: { unknown: unknownId },
  categories: { unknown: unknownId, 'unknown-slug': fc.constantFrom('no-such-category-zz', 'missing-cat-qq') },
  tags: { unknown: unknownId },
};
const SHOULD_TABLE = {
  ...MUST_TABLE,
  page: { bad: badPositiveInt, array: arrayForScalar(fc.constantFrom('1', '2')) },
  per_page: { bad: badPositiveInt },
  featured: { 'non-boolean': nonBoolean },
  status: { unknown: unknownStatus },
  search: { 'array-for-scalar': arrayForScalar(fc.constantFrom('alpha', 'beta')) },
  venue: { unknown: unknownId, 'non-numeric': nonNumeric },
  organizer: { unknown: unknownId, 'non-numeric': nonNumeric },
};
const SHOULD_EXTENDED = {
  starts_before: { malformed: malformedDate },
  starts_after: { malformed: malformedDate },
  ends_before: { malformed: malformedDate },
  ends_after: { malformed: malformedDate },
  include: { 'non-numeric': nonNumeric },
  post_parent: { unknown: unknownId },
};

check(
  {
    id: 'events.params.invalid-no-listing',
    spec: 'docs/requirements.md#measured-cross-cutting: invalid filter values are 400; docs/requirements.md#unknown-filter-values (must: no 2xx listing of unrelated records)',
    level: 'must',
    requirements: [LIST, ...Object.keys(MUST_TABLE).map((p) => req.cover(`events.list.${p}.invalid`))],
    tags: ['writes', 'property'],
  },
  'a malformed date or an unknown venue, organizer or term never lists records the filter does not select',
  async (t) => {
    const ev = await makeEvent(t, 'unrelated', {}, 30);
    await t.property(
      invalidCases(MUST_TABLE),
      async (cases) => {
        for (const c of cases) {
          const res = await t.api.get('/events', { search: t.scope, per_page: 50, [c.name]: c.value as string });
          const ids = listedIds(res.json, 'events');
          t.assert(
            !(res.status >= 200 && res.status < 300 && ids.includes(ev.id)),
            `GET /events with ${c.name}=${JSON.stringify(c.value)} (${c.kind}) answered ${res.status} listing unrelated event ${ev.id}`,
            res,
          );
        }
      },
      { numRuns: 3 },
    );
  },
);

check(
  {
    id: 'events.params.invalid-400',
    spec: 'docs/requirements.md#measured-cross-cutting: invalid value (bad date, unknown ID, non-boolean, per_page=0/abc, page=0) is 400 rest_invalid_param',
    level: 'should',
    requirements: [
      LIST,
      ...[...Object.keys(SHOULD_TABLE), ...Object.keys(SHOULD_EXTENDED)].map((p) =>
        req.cover(`events.list.${p}.invalid-400`),
      ),
    ],
    tags: ['property'],
  },
  'answers 400 to a non-numeric, negative, empty, unknown, malformed or array value of a list parameter',
  async (t) => {
    const table = t.extended ? { ...SHOULD_TABLE, ...SHOULD_EXTENDED } : SHOULD_TABLE;
    await t.property(
      invalidCases(table),
      async (cases) => {
        for (const c of cases) {
          const res = await t.api.get('/events', { [c.name]: c.value as string });
          t.expectStatus(res, 400, `GET /events with ${c.name}=${JSON.stringify(c.value)} (${c.kind})`);
        }
      },
      { numRuns: 2 },
    );
  },
);

/**
 * Two linked events A and B and an unlinked C, all in the setup's scope: made once for the two
 * form checks, which only read them (shared setup, lib/check/shared.ts).
 */
const linkedPair = sharedSetup('events.params forms pool', async (t: CheckContext) => {
  const v = [
    await t.create('venues', { venue: t.name('form venue 1') }),
    await t.create('venues', { venue: t.name('form venue 2') }),
  ];
  const o = [
    await t.create('organizers', { organizer: t.name('form org 1') }),
    await t.create('organizers', { organizer: t.name('form org 2') }),
  ];
  const extended = t.extended;
  const c = extended
    ? [
        await t.create('categories', { name: t.name('form cat 1') }),
        await t.create('categories', { name: t.name('form cat 2') }),
      ]
    : [];
  const g = extended
    ? [await t.create('tags', { name: t.name('form tag 1') }), await t.create('tags', { name: t.name('form tag 2') })]
    : [];
  const links = (i: number) => ({
    venue: v[i].id,
    organizer: [o[i].id],
    ...(extended ? { categories: [c[i].id], tags: [g[i].id] } : {}),
  });
  const a = await makeEvent(t, 'form A', links(0), 30);
  const b = await makeEvent(t, 'form B', links(1), 31);
  const other = await makeEvent(t, 'form C', {}, 32);
  return { a, b, other, v, o, c, g, scope: t.scope };
});

check(
  {
    id: 'events.params.array-and-comma',
    spec: 'docs/requirements.md#measured-cross-cutting: arrays may be sent as name[]=a&name[]=b or as a comma list (include, categories, venue, organizer); docs/requirements.md#levels venue/organizer/categories filters (several values any-of)',
    level: 'must',
    requirements: [
      LIST,
      ...['venue', 'organizer', 'categories', 'include'].flatMap((p) => [
        req.cover(`events.list.${p}.array`),
        req.cover(`events.list.${p}.comma`),
      ]),
    ],
    tags: ['writes', 'extended'],
  },
  'the array form and the comma-list form of venue, organizer, categories and include select the same records',
  async (t) => {
    const { a, b, other, v, o, c, scope } = await linkedPair.get(t);
    const params: Record<string, number[]> = {
      venue: v.map((x) => x.id),
      organizer: o.map((x) => x.id),
      categories: c.map((x) => x.id),
      include: [a.id, b.id],
    };
    for (const [name, values] of Object.entries(params)) {
      for (const form of ['array', 'comma'] as const) {
        const value = form === 'array' ? values.map(String) : values.join(',');
        const list = await listEvents(
          t,
          { search: scope, per_page: 50, [name]: value },
          { what: `the list with ${name} as ${form}` },
        );
        t.assert(
          sameIds(list.ids, [a.id, b.id]),
          `${name} as ${form} ${JSON.stringify(value)} listed ${show(list.ids)}, expected ${show([a.id, b.id])} (not ${other.id})`,
          list.res,
        );
      }
    }
  },
);

check(
  {
    id: 'events.params.tags-forms',
    spec: 'Lists: tags (several values any-of, array or comma list); docs/requirements.md#tags-filter (should: several values any-of; 6.x applies only the first)',
    level: 'should',
    requirements: [LIST, req.cover('events.list.tags.array'), req.cover('events.list.tags.comma')],
    tags: ['writes', 'extended'],
  },
  'the array form and the comma-list form of tags both select the events of every tag',
  async (t) => {
    const { a, b, g, scope } = await linkedPair.get(t);
    for (const value of [g.map((x) => String(x.id)), g.map((x) => x.id).join(',')]) {
      const list = await listEvents(t, { search: scope, per_page: 50, tags: value });
      t.assert(
        sameIds(list.ids, [a.id, b.id]),
        `tags=${JSON.stringify(value)} listed ${show(list.ids)}, expected ${show([a.id, b.id])}`,
        list.res,
      );
    }
  },
);

check(
  {
    id: 'events.params.no-match',
    spec: 'docs/requirements.md#measured-cross-cutting: 200 with an empty page 1 (6.x; 4.6.8 answers 404); docs/requirements.md#page-past-the-end (should: 200 empty)',
    level: 'should',
    requirements: [LIST, req.cover('events.list.no-match')],
    tags: ['writes'],
  },
  'a filter whose value matches nothing answers 200 with an empty list and total 0',
  async (t) => {
    const venue = await t.create('venues', { venue: t.name('empty venue') });
    await makeEvent(t, 'not at the venue', {}, 30);
    for (const query of [{ venue: venue.id }, { search: `${t.scope}-nothing`, per_page: 5 }]) {
      const res = await t.api.get('/events', query);
      t.expectStatus(res, 200, `GET /events ${JSON.stringify(query)}`);
      const body = t.json(res);
      const events = field(body, 'events');
      const total = field(body, 'total');
      t.assert(
        Array.isArray(events) && events.length === 0 && total === 0,
        `GET /events ${JSON.stringify(query)} answered ${Array.isArray(events) ? events.length : 'no array of'} events with total ${JSON.stringify(total)}, expected none and total 0`,
        res,
      );
    }
  },
);

check(
  {
    id: 'events.params.several-statuses',
    spec: 'Lists: status (array); docs/requirements.md#status-filter (authenticated; several at once: should)',
    level: 'should',
    requirements: [LIST, req.param('events', 'status'), req.cover('events.list.status.several')],
    tags: ['writes', 'auth'],
  },
  'several statuses at once (array and comma list) list the events of each of them',
  async (t) => {
    const draft = await makeEvent(t, 'several draft', { status: 'draft' }, 30);
    const pending = await makeEvent(t, 'several pending', { status: 'pending' }, 31);
    await makeEvent(t, 'several published', {}, 32);
    for (const status of [['draft', 'pending'], 'draft,pending']) {
      const list = await listEvents(t, { search: t.scope, per_page: 50, status: status as string });
      t.assert(
        sameIds(list.ids, [draft.id, pending.id]),
        `status=${JSON.stringify(status)} listed ${show(list.ids)}, expected ${show([draft.id, pending.id])}`,
        list.res,
      );
    }
  },
);
