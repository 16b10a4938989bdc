/**
 * Exact refusal codes (issue 22, item 3), declared once for the five resources. The must-checks
 * ask a refusal for a 4xx; these should-checks ask for the status and error `code` the original
 * answers (measured on 6.8.0 and 4.6.8, 2026-11-26), and each reports every mismatch at once:
 * - invalid values of the list parameters: 400 `rest_invalid_param` naming each parameter in
 *   `data.params` (one request per list route: the original validates every argument and names
 *   every invalid one together; type-checked booleans are reported apart by core, so they are not
 *   mixed in);
 * - an anonymous create and update: 401 `rest_forbidden` (the original answers it to every
 *   anonymous write; the existing auth.anonymous-* checks send each method and the delete);
 * - an anonymous read of a draft by ID (records with a status): 403 `<record>-not-accessible`;
 * - a venue, organizer, category or tag create with invalid values: 400 `rest_invalid_param`
 *   naming every invalid field (events: suites/events/create-codes.test.ts).
 */
import { check, type CheckContext, sharedSetup } from '../../../lib/check/index.ts';
import type { ApiResponse, Params } from '../../../lib/types.ts';
import { field, isObject, MISSING_ID, req } from '../../../lib/spec/contract.ts';
import type { ResourceDef } from '../../../lib/spec/resources.ts';
import { an } from '../../../lib/spec/resources.ts';
import { make } from './support.ts';

type Plural = ResourceDef['plural'];

/** The list parameters venues and organizers validate alike, one invalid value each. */
const BAD_LINKED_LIST: Params = { per_page: '0', page: '0', search: '', event: 'foo', status: 'foo' };

/** The list parameters categories and tags validate alike (categories add `parent`). */
const BAD_TERM_LIST: Params = {
  per_page: '0',
  page: '0',
  search: '',
  include: 'abc',
  exclude: 'abc',
  order: '',
  orderby: '',
  post: String(MISSING_ID),
  event: String(MISSING_ID),
  slug: '',
};

/**
 * One invalid value per list parameter that the original names in `data.params` of a single
 * 400 (measured with all of them in one request on 6.8.0 and 4.6.8); `extended` adds the
 * parameters of the extended variant (4.6.8 does not know them).
 */
const BAD_LIST_VALUES: Record<Plural, { both: Params; extended: Params }> = {
  events: {
    both: {
      per_page: '0',
      page: '0',
      start_date: 'foo',
      end_date: 'foo',
      search: '',
      categories: String(MISSING_ID),
      tags: String(MISSING_ID),
      venue: String(MISSING_ID),
      organizer: String(MISSING_ID),
      status: 'foo',
    },
    extended: {
      starts_before: 'foo',
      starts_after: 'foo',
      ends_before: 'foo',
      ends_after: 'foo',
      include: 'abc',
      post_parent: 'foo',
    },
  },
  venues: { both: BAD_LINKED_LIST, extended: {} },
  organizers: { both: BAD_LINKED_LIST, extended: {} },
  categories: { both: { ...BAD_TERM_LIST, parent: String(MISSING_ID) }, extended: {} },
  // A missing parent is no error for tags (6.8.0 lists none, 4.6.8 answers its empty-page 404).
  tags: { both: BAD_TERM_LIST, extended: {} },
};

/**
 * One create per resource with an invalid value of every field the original validates, all named
 * in `data.params` of one 400 (measured on 6.8.0 and 4.6.8): malformed dates, unknown references
 * and status, an object where text belongs, and for terms an empty name (a category's parent that
 * does not exist too). Venues and organizers keep a valid name, so the refusal is for the rest.
 */
/** The post fields venues and organizers validate alike. */
const BAD_POST_FIELDS = {
  description: { text: 'an object' },
  author: MISSING_ID,
  status: 'foo',
  date: 'foo',
  date_utc: 'foo',
  image: MISSING_ID,
};

const BAD_CREATE_VALUES: Partial<Record<Plural, { section: string; bad: Record<string, unknown> }>> = {
  venues: { section: 'Venue', bad: BAD_POST_FIELDS },
  organizers: { section: 'Organizer', bad: BAD_POST_FIELDS },
  categories: {
    section: 'Event category',
    bad: { name: '', description: { text: 'an object' }, slug: [1], parent: MISSING_ID },
  },
  tags: { section: 'Event tag', bad: { name: '', description: { text: 'an object' }, slug: [1] } },
};

/** What a refusal answered that differs from `status` and `code` (and, given, the parameters named in `data.params`). */
export function refusalMismatch(res: ApiResponse, status: number, code: string, params: string[] = []): string[] {
  const out: string[] = [];
  if (res.status !== status) out.push(`status ${res.status}, expected ${status}`);
  const got = field(res.json, 'code');
  if (got !== code) out.push(`code ${JSON.stringify(got)}, expected "${code}"`);
  const named = field(field(res.json, 'data'), 'params');
  const unnamed = params.filter((p) => !isObject(named) || !(p in named));
  if (unnamed.length) out.push(`data.params does not name ${unnamed.join(', ')}`);
  return out;
}

/**
 * Judge every exchange of a check at once: one assertion on the statuses, one on everything else
 * (code, `data.params`, values), each failing with the full list of mismatches so that one run
 * reports them all.
 */
export function judgeAll(t: CheckContext, judged: Array<{ what: string; res: ApiResponse; bad: string[] }>): void {
  t.assert(judged.length > 0, 'no answer was judged');
  const all = judged.filter((j) => j.bad.length).map((j) => `${j.what}: ${j.bad.join(', ')}`);
  const first = judged.find((j) => j.bad.length)?.res;
  const message = `${all.length} of ${judged.length} answers differ: ${all.join('; ')}`;
  t.assert(!judged.some((j) => j.bad.some((b) => b.startsWith('status'))), message, first);
  t.assert(all.length === 0, message, first);
}

export function codeChecks(r: ResourceDef): void {
  const P = r.plural;
  const bad = BAD_LIST_VALUES[P];

  check(
    {
      id: `${P}.list.invalid-param-code`,
      spec: `List ${P}: every parameter; docs/requirements.md#measured-cross-cutting: invalid value is 400 rest_invalid_param (should: the exact status and code, every invalid parameter named in data.params; measured on 6.8.0 and 4.6.8)`,
      level: 'should',
      requirements: [req.route('GET', P), ...Object.keys({ ...bad.both, ...bad.extended }).map((p) => req.param(P, p))],
      tags: [],
    },
    `answers 400 rest_invalid_param naming every parameter to a list of ${P} with an invalid value of each`,
    async (t) => {
      const query = t.extended ? { ...bad.both, ...bad.extended } : bad.both;
      const res = await t.api.get(`/${P}`, query);
      judgeAll(t, [
        {
          what: `GET /${P} with ${Object.keys(query).join(', ')} invalid`,
          res,
          bad: refusalMismatch(res, 400, 'rest_invalid_param', Object.keys(query)),
        },
      ]);
    },
  );

  const create = BAD_CREATE_VALUES[P];
  const badCreate = create?.bad ?? {};
  if (create)
    check(
      {
        id: `${P}.create.invalid-param-code`,
        spec: `Resources and their fields / ${create.section}; docs/requirements.md#measured-cross-cutting: invalid value is 400 rest_invalid_param (should: the exact status and code, every invalid field named in data.params; measured on 6.8.0 and 4.6.8)`,
        level: 'should',
        requirements: [req.route('POST', P), ...Object.keys(badCreate).map((f) => req.field(P, f))],
        tags: ['writes'],
      },
      `answers 400 rest_invalid_param naming every invalid field to ${an(r.noun)} create with invalid values`,
      async (t) => {
        const body = { [r.nameField]: t.name('invalid values'), ...r.required(30), ...badCreate };
        const res = await t.api.post(`/${P}`, body);
        t.trackCreated(P, res);
        judgeAll(t, [
          {
            what: `POST /${P} with ${Object.keys(badCreate).join(', ')} invalid`,
            res,
            bad: refusalMismatch(res, 400, 'rest_invalid_param', Object.keys(badCreate)),
          },
        ]);
      },
    );

  // One record per resource that the anonymous requests aim at and (a draft, where the resource
  // has a status) the anonymous read: no check changes it (a server that let the anonymous update
  // through fails that check anyway).
  const hasStatus = 'status' in r.fields;
  const target = sharedSetup(`${P} refusal target`, (s) =>
    make(s, r, hasStatus ? 'draft target' : 'target', hasStatus ? { status: 'draft' } : {}),
  );

  check(
    {
      id: `${P}.auth.anonymous-401-code`,
      spec: 'Authentication: not shown; docs/requirements.md#anonymous-writes (should: 401; the original answers the code rest_forbidden to every anonymous write, measured on 6.8.0 and 4.6.8)',
      level: 'should',
      requirements: [req.route('POST', P), req.route('POST', P, '/{id}')],
      tags: ['writes', 'security', 'anonymous'],
    },
    `answers 401 rest_forbidden to an anonymous create and update of ${an(r.noun)}`,
    async (t) => {
      const rec = await target.get(t);
      const judged: Array<{ what: string; res: ApiResponse; bad: string[] }> = [];
      const create = await t.anon.post(`/${P}`, { [r.nameField]: t.name('anonymous'), ...r.required(30) });
      t.trackCreated(P, create);
      judged.push({ what: `anonymous POST /${P}`, res: create, bad: refusalMismatch(create, 401, 'rest_forbidden') });
      const path = `/${P}/${rec.id}`;
      const update = await t.anon.post(path, { [r.nameField]: t.name('anonymous update') });
      judged.push({ what: `anonymous POST ${path}`, res: update, bad: refusalMismatch(update, 401, 'rest_forbidden') });
      judgeAll(t, judged);
    },
  );

  if (!('status' in r.fields)) return;
  check(
    {
      id: `${P}.read.draft-anonymous-403`,
      spec: `Endpoints: GET /${P}/{id}; docs/requirements.md#measured-cross-cutting: anonymous reads of non-published records are 403 (should: the code ${r.noun}-not-accessible, measured on 6.8.0 and 4.6.8)`,
      level: 'should',
      requirements: [req.route('GET', P, '/{id}'), req.field(P, 'status')],
      tags: ['writes', 'security', 'anonymous'],
    },
    `answers 403 ${r.noun}-not-accessible to an anonymous read of a draft ${r.noun}`,
    async (t) => {
      const rec = await target.get(t);
      // The precondition: the create's answer says the record is a draft.
      if (rec.status !== 'draft')
        t.blocked(
          `the ${r.noun} created as a draft answered status ${JSON.stringify(rec.status)}: there is no draft to read`,
        );
      const res = await t.anon.get(`/${P}/${rec.id}`);
      judgeAll(t, [
        {
          what: `anonymous GET /${P}/${rec.id} (a draft)`,
          res,
          bad: refusalMismatch(res, 403, `${r.noun}-not-accessible`),
        },
      ]);
    },
  );
}
