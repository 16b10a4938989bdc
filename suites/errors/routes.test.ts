/**
 * Routes of the endpoint table: every route-method of the variant's table exists (answers anything
 * but 404/405), exercised on records the check creates (the create routes' own records serve the
 * item routes) so item and by-slug routes resolve; a
 * non-digit `{id}` matches no record (should: 404); an unknown route is 404 (should).
 */
import { check, type CheckContext } from '../../lib/check/index.ts';
import type { ApiResponse } from '../../lib/types.ts';
import {
  type ApiRecord,
  at,
  field,
  isBaseEmptyPage,
  isInteger,
  req,
  type ResourceKey,
} from '../../lib/spec/contract.ts';

const RESOURCES: ResourceKey[] = ['events', 'venues', 'organizers', 'categories', 'tags'];
const ITEM_METHODS = ['GET', 'DELETE', 'POST', 'PUT', 'PATCH'] as const;
const ALL_ROUTES: string[] = [
  req.rootRoute(),
  req.rootRoute('/doc'),
  ...RESOURCES.flatMap((r) => [
    req.route('GET', r),
    req.route('POST', r),
    ...ITEM_METHODS.map((m) => req.route(m, r, '/{id}')),
  ]),
  ...(['events', 'venues', 'organizers'] as const).flatMap((r) =>
    ITEM_METHODS.map((m) => req.route(m, r, '/by-slug/{slug}')),
  ),
];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

check(
  {
    id: 'errors.routes.exist',
    spec: 'Endpoints: methods per route; docs/requirements.md#routes (must: anything but 404/405)',
    level: 'must',
    requirements: ALL_ROUTES,
    tags: ['writes'],
  },
  "answers every route-method of the variant's endpoint table with something other than 404 or 405",
  async (t) => {
    const missing: string[] = [];
    let last: ApiResponse | undefined;
    const call = async (method: Method, path: string, json?: unknown, query?: Record<string, unknown>) => {
      const res = await t.api.request({ method, path, json, query });
      last = res;
      // Base only: an empty list page may be a 404 JSON error (LEVELS.md minimal contract; 4.6.8
      // answers an empty list, e.g. GET /categories with hide_empty, 404 *-archive-page-not-found).
      // A 404 whose code is rest_no_route (or that has no code) says the route is missing, not the page empty.
      const list = /^\/(events|venues|organizers|categories|tags)$/.exec(path)?.[1] as ResourceKey | undefined;
      const code = field(res.json, 'code');
      const emptyBasePage =
        method === 'GET' &&
        list !== undefined &&
        isBaseEmptyPage(t.variant, res, list) &&
        typeof code === 'string' &&
        code !== 'rest_no_route';
      if ((res.status === 404 || res.status === 405) && !emptyBasePage)
        missing.push(
          `${method} ${path} -> ${res.status}${field(res.json, 'code') ? ` ${field(res.json, 'code')}` : ''}`,
        );
      return res;
    };
    const ev = { title: t.name('route event'), start_date: at(30, 10), end_date: at(30, 12) };
    // The by-slug routes get records of their own (a DELETE by slug removes them).
    const e2 = await t.create('events', { ...ev, slug: `${t.scope}-route-two`.toLowerCase() });
    const linked = async (kind: 'venue' | 'organizer', n: string) =>
      t.create(kind === 'venue' ? 'venues' : 'organizers', { [kind]: t.name(`route ${kind} ${n}`) });
    const v2 = t.extended ? await linked('venue', 'two') : undefined;
    const o2 = t.extended ? await linked('organizer', 'two') : undefined;

    await call('GET', '');
    await call('GET', '/doc');
    for (const r of ['events', 'venues', 'organizers', 'categories', 'tags']) await call('GET', `/${r}`);
    // The records the create routes answer are the item routes' records (created as setup when
    // a create route answers no record: the check is then blocked, as a setup that failed).
    const posted = async (r: ResourceKey, body: Record<string, unknown>): Promise<ApiRecord> => {
      const res = await call('POST', `/${r}`, body);
      t.trackCreated(r, res);
      return isInteger(field(res.json, 'id')) && res.status < 300 ? (res.json as ApiRecord) : t.create(r, body);
    };
    const e1 = await posted('events', { ...ev, slug: `${t.scope}-route-one`.toLowerCase() });
    const v1 = await posted('venues', { venue: t.name('route venue one') });
    const o1 = await posted('organizers', { organizer: t.name('route organizer one') });
    const c = await posted('categories', { name: t.name('route category') });
    const g = await posted('tags', { name: t.name('route tag') });
    const items: Array<[string, ApiRecord, Record<string, unknown>]> = [
      ['events', e1, { title: ev.title, start_date: ev.start_date, end_date: ev.end_date }],
      ['venues', v1, { venue: v1.venue }],
      ['organizers', o1, { organizer: o1.organizer }],
      ['categories', c, { name: c.name }],
      ['tags', g, { name: g.name }],
    ];
    for (const [r, rec, body] of items) {
      await call('GET', `/${r}/${rec.id}`);
      for (const m of ['POST', 'PUT', 'PATCH'] as const) await call(m, `/${r}/${rec.id}`, body);
    }
    const slugged: Array<[string, ApiRecord, Record<string, unknown>]> = [
      ['events', e2, { title: ev.title, start_date: ev.start_date, end_date: ev.end_date }],
    ];
    if (v2 && o2)
      slugged.push(
        ['venues', v2, { venue: v2.venue, slug: v2.slug }],
        ['organizers', o2, { organizer: o2.organizer, slug: o2.slug }],
      );
    for (const [r, rec, body] of slugged) {
      const slug = rec.slug;
      if (typeof slug !== 'string' || slug === '') return t.fail(`setup: the ${r} record ${rec.id} has no slug`);
      await call('GET', `/${r}/by-slug/${encodeURIComponent(slug)}`);
      for (const m of ['POST', 'PUT', 'PATCH'] as const)
        await call(m, `/${r}/by-slug/${encodeURIComponent(slug)}`, body);
      const gone = await call('DELETE', `/${r}/by-slug/${encodeURIComponent(slug)}`);
      t.deletedBy(r as ResourceKey, rec.id, gone);
    }
    for (const [r, rec] of items)
      await call(
        'DELETE',
        `/${r}/${rec.id}`,
        undefined,
        r === 'categories' || r === 'tags' ? { force: true } : undefined,
      );
    t.assert(
      missing.length === 0,
      `route-methods of the ${t.variant} table answer 404/405: ${missing.join('; ')}`,
      last,
    );
  },
);

async function nonDigit(t: CheckContext): Promise<ApiResponse[]> {
  const out: ApiResponse[] = [];
  for (const r of ['events', 'venues', 'organizers', 'categories', 'tags']) out.push(await t.api.get(`/${r}/abc`));
  return out;
}

check(
  {
    id: 'errors.routes.non-digit-id',
    spec: 'Endpoints: {id} is a numeric path segment (digits only); docs/requirements.md#non-digit-id (must: no 2xx record)',
    level: 'must',
    requirements: [
      req.route('GET', 'events', '/{id}'),
      req.route('GET', 'venues', '/{id}'),
      req.route('GET', 'organizers', '/{id}'),
      req.route('GET', 'categories', '/{id}'),
      req.route('GET', 'tags', '/{id}'),
    ],
    tags: [],
  },
  'answers no record for a non-digit {id}',
  async (t) => {
    for (const res of await nonDigit(t)) {
      const record =
        res.status < 300 && res.json && typeof res.json === 'object' && !Array.isArray(res.json) && 'id' in res.json;
      t.assert(
        !record,
        `${res.exchange.method} ${res.exchange.url} answered ${res.status} with a record (id ${JSON.stringify(field(res.json, 'id'))})`,
        res,
      );
    }
  },
);

check(
  {
    id: 'errors.routes.non-digit-id-404',
    spec: 'docs/requirements.md#non-digit-id (should: 404 rest_no_route)',
    level: 'should',
    requirements: [req.route('GET', 'events', '/{id}')],
    tags: [],
  },
  'answers 404 for a non-digit {id}',
  async (t) => {
    for (const res of await nonDigit(t)) t.expectStatus(res, 404, `${res.exchange.method} ${res.exchange.url}`);
  },
);

check(
  {
    id: 'errors.routes.unknown-404',
    spec: 'Endpoints (only the routes of the table); docs/requirements.md#measured-cross-cutting unknown routes are 404 rest_no_route (should)',
    level: 'should',
    requirements: [req.rootRoute()],
    tags: [],
  },
  'answers 404 to a route that is not in the endpoint table',
  async (t) => {
    for (const path of ['/no-such-route', '/events/12/no-such-child']) {
      const res = await t.api.get(path);
      t.expectStatus(res, 404, `GET ${path}`);
    }
  },
);
