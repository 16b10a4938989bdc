/**
 * The model's scope and request translation (lib/spec/model/pairs.ts): a request of the target is
 * sent to the model with the check's own records translated, or counted out of scope with its
 * reason; and the level of a difference (levels.ts).
 */
import { expect, test } from 'vitest';
import { listInScope, Pairs, translateRequest } from '../../lib/spec/model/pairs.ts';
import { type LevelContext, levelOf } from '../../lib/spec/model/levels.ts';
import { type ModelRequest, operationOf, parseRoute } from '../../lib/spec/model/route.ts';
import type { FieldDifference } from '../../lib/spec/model/compare.ts';
import { newCheckState, scopeOf, type TargetExchange, TRANSIENT_ANSWERS } from '../../lib/spec/model/judge.ts';
import { TRANSIENT_STATUSES } from '../../lib/run/client.ts';

function pairs(): Pairs {
  const p = new Pairs();
  p.pair('post', 237, 76); // an event
  p.pair('post', 234, 77); // its venue
  p.pair('term', 50, 127); // a category
  p.pairSlug('cc1ab-t', 'cc1ab-t-2', 'term', 50);
  p.names.add('cc1ab t');
  return p;
}
const get = (route: string, query = ''): ModelRequest => ({ method: 'GET', route, query, auth: true });
const post = (route: string, body: string, form = false): ModelRequest => ({
  method: 'POST',
  route,
  query: '',
  body,
  contentType: form ? 'application/x-www-form-urlencoded' : 'application/json',
  auth: true,
});

test.each<[string, ModelRequest, string]>([
  ['a read of an own record', get('/events/237'), 'GET /events/76 '],
  ['a read of a missing record', get('/events/987654321'), 'GET /events/987654321 '],
  ['a non-digit ID', get('/events/abc'), 'GET /events/abc '],
  ['a by-slug read of an own slug', get('/events/by-slug/cc1ab-t'), 'GET /events/by-slug/cc1ab-t-2 '],
  [
    'a list by include',
    get('/events', 'include=237,987654321&per_page=5'), // sent with bare commas: replayed with bare commas
    'GET /events include=76,987654321&per_page=5',
  ],
  ['a list by include as an array', get('/events', 'include%5B%5D=237'), 'GET /events include%5B%5D=76'],
  ['a list of the events of an own venue', get('/events', 'venue=234'), 'GET /events venue=77'],
  ['a list by the slug of an own category', get('/events', 'categories=cc1ab-t'), 'GET /events categories=cc1ab-t-2'],
  ['a list by a run-tagged search', get('/events', 'search=cc1ab&per_page=50'), 'GET /events search=cc1ab&per_page=50'],
  [
    'own venues asked only_with_upcoming=false',
    get('/venues', 'search=cc1ab&only_with_upcoming=false'),
    'GET /venues search=cc1ab&only_with_upcoming=false',
  ],
  [
    'a create linking own records by ID (JSON)',
    post('/events', '{"title":"x","venue":234,"organizer":[{"id":234}],"categories":[50,"cc1ab new"]}'),
    'POST /events {"title":"x","venue":77,"organizer":[{"id":77}],"categories":[127,"cc1ab new"]}',
  ],
  [
    'a create linking by form',
    post('/events', 'title=x&venue=234&organizer%5B%5D=234', true),
    'POST /events title=x&venue=77&organizer%5B%5D=77',
  ],
  [
    'a create with a venue ID no record has',
    post('/events', '{"venue":987654321}'),
    'POST /events {"venue":987654321}',
  ],
])('in scope: %s', (_name, req, expected) => {
  const tr = translateRequest(req, pairs(), 'cc1');
  expect(tr.ok).toBe(true);
  if (!tr.ok) return;
  expect(`${tr.request.method} ${tr.request.route} ${tr.request.body ?? tr.request.query}`).toBe(expected);
});

test.each<[string, ModelRequest, string]>([
  ['the root', get(''), 'not-a-record-route'],
  ['the doc route', get('/doc'), 'not-a-record-route'],
  ['an unknown route', get('/no-such-route'), 'not-a-record-route'],
  ['a read of a record of the site', get('/events/12'), 'foreign-record'],
  ['a by-slug read of a slug of the site', get('/events/by-slug/hello-world'), 'foreign-record'],
  ['a by-slug read of a run-tagged slug no answer gave (shared setup)', get('/events/by-slug/cc1zz'), 'foreign-record'],
  ['a list by a run-tagged slug no answer gave', get('/events', 'categories=cc1zz-cat'), 'foreign-record'],
  ['a list by a foreign venue', get('/events', 'venue=12'), 'foreign-record'],
  ['a list of the site', get('/events', 'per_page=5'), 'unscoped-list'],
  [
    'own venues asked only_with_upcoming (the site upcoming events decide)',
    get('/venues', 'search=cc1ab&per_page=50&only_with_upcoming=true'),
    'site-upcoming',
  ],
  [
    'own organizers asked only_with_upcoming=1',
    get('/organizers', 'search=cc1ab&only_with_upcoming=1'),
    'site-upcoming',
  ],
  ['a list excluding an own record only', get('/events', 'exclude=237'), 'unscoped-list'],
  ['a search for a word of the site', get('/events', 'search=hello'), 'unscoped-list'],
  ['a search for the run tag alone', get('/events', 'search=cc1'), 'unscoped-list'],
  [
    'a search for a run-tagged word no own record carries (a shared setup)',
    get('/events', 'search=cc1zz'),
    'unscoped-list',
  ],
  ['a create with an image of the fixtures', post('/events', '{"title":"x","image":42}'), 'foreign-record'],
  [
    'an inline venue with an image of the fixtures',
    post('/events', '{"title":"x","venue":{"venue":"v","image":"10"}}'),
    'foreign-record',
  ],
  ['a list by a category slug of the site', get('/events', 'categories=concerts'), 'foreign-record'],
  [
    'a create linking a term of the site by name',
    post('/events', '{"title":"x","tags":["concerts"]}'),
    'foreign-record',
  ],
])('out of scope: %s', (_name, req, reason) => {
  const tr = translateRequest(req, pairs(), 'cc1');
  expect(tr.ok ? 'in scope' : tr.reason).toBe(reason);
});

test('a record changed behind the model is out of scope from then on', () => {
  const p = pairs();
  p.taint('post', 237);
  const tr = translateRequest(get('/events/237'), p, 'cc1');
  expect(tr.ok ? 'in scope' : tr.reason).toBe('changed-unseen');
});

const own = { post: { id: 237 }, venue: { id: 234 } };
const x = (method: string, route: string, status: number | undefined, json?: unknown): TargetExchange => ({
  method,
  route,
  query: '',
  headers: {},
  auth: true,
  ...(status !== undefined ? { status, answerHeaders: {} } : {}),
  ...(json !== undefined ? { json } : {}),
});

// Transient trouble (CONTRACT.md: `error` at worst, never `fail`) is never compared, whatever the
// model answers; after a write that met it (or no answer) the check's next answers are not either.
// Every other 5xx is compared (a 500 where the original answers 2xx is the server's own failure).
test.each<[string, TargetExchange[], string[]]>([
  ['a delete answered 503', [x('DELETE', '/events/237', 503)], ['transient']],
  [
    'a read answered 502, then read again',
    [x('GET', '/events/237', 502), x('GET', '/events/237', 200, own.post)],
    ['transient', 'in scope'],
  ],
  [
    'an update answered 504, then a read',
    [x('PATCH', '/events/237', 504), x('GET', '/events/237', 200, own.post)],
    ['transient', 'desynced'],
  ],
  [
    'a write without an answer, then a read',
    [x('POST', '/events/237', undefined), x('GET', '/events/237', 200)],
    ['no-answer', 'desynced'],
  ],
  ['a delete answered 500 (no transient trouble)', [x('DELETE', '/events/237', 500)], ['in scope']],
  ['a delete answered 501', [x('DELETE', '/events/237', 501)], ['in scope']],
])('scope of an answer: %s', (_name, exchanges, expected) => {
  const state = newCheckState();
  state.pairs.pair('post', 237, 76);
  expect(
    exchanges.map((e) => {
      const s = scopeOf(e, state, 'cc1');
      return s.inScope ? 'in scope' : s.reason;
    }),
  ).toEqual(expected);
});

test("the model's transient answers are the runner's", () => {
  expect([...TRANSIENT_ANSWERS].sort()).toEqual([...TRANSIENT_STATUSES].sort());
});

test("a scoped list is compared only when the target's answer lists own records alone", () => {
  expect(listInScope('events', { events: [{ id: 237 }] }, pairs())).toBeNull();
  expect(listInScope('events', { events: [{ id: 237 }, { id: 12 }] }, pairs())).toBe('foreign-in-list');
  expect(listInScope('events', { code: 'x' }, pairs())).toBeNull();
});

test.each<[string, string, string]>([
  ['/events', 'POST', 'create'],
  ['/events', 'GET', 'list'],
  ['/events/12', 'PATCH', 'update'],
  ['/events/12', 'DELETE', 'delete'],
  ['/tags/abc', 'GET', 'read'],
  ['/venues/by-slug/x', 'PUT', 'by-slug'],
])('%s %s is the operation %s', (route, method, op) => {
  const r = parseRoute(route);
  expect(r && operationOf(method, r)).toBe(op);
});

const d = (kind: FieldDifference['kind'], at = kind === 'status' ? 'status' : 'title'): FieldDifference => ({
  kind,
  at,
  field: at,
});
function lc(method: string, route: string, t: number, m: number, body?: string): LevelContext {
  const r = parseRoute(route)!;
  return {
    method,
    route: r,
    operation: operationOf(method, r)!,
    targetStatus: t,
    modelStatus: m,
    ...(body ? { body, contentType: 'application/json' } : {}),
  };
}

test.each<[string, FieldDifference, LevelContext, string]>([
  ['a field the model does not know', d('extra', 'vendor'), lc('GET', '/events/1', 200, 200), 'info'],
  ['a value', d('value'), lc('GET', '/events/1', 200, 200), 'should'],
  ['a create the model accepts, refused', d('status'), lc('POST', '/events', 400, 201, '{"title":"x"}'), 'must'],
  ['201 against 200 on create', d('status'), lc('POST', '/events', 200, 201, '{"title":"x"}'), 'should'],
  [
    'a fuzzed create refused where the model accepts (no valid create)',
    d('status'),
    { ...lc('POST', '/venues', 400, 201, '{"venue":"x"}'), check: 'errors.fuzz.create-text-fields' },
    'should',
  ],
  [
    'the same refusal from another check',
    d('status'),
    { ...lc('POST', '/venues', 400, 201, '{"venue":"x"}'), check: 'venues.create.round-trip' },
    'must',
  ],
  ['a create without its name, accepted', d('status'), lc('POST', '/events', 201, 400, '{"start_date":"x"}'), 'must'],
  [
    'a create with its name the model refuses, accepted',
    d('status'),
    lc('POST', '/events', 201, 400, '{"title":"x"}'),
    'should',
  ],
  ['a read the model answers, refused', d('status'), lc('GET', '/events/1', 404, 200), 'must'],
  ['another missing-record code', d('status'), lc('GET', '/events/987654321', 404, 400), 'should'],
  ['a missing record served', d('status'), lc('GET', '/events/987654321', 200, 400), 'must'],
  ['a non-digit ID served', d('status'), lc('GET', '/events/abc', 200, 404), 'must'],
  ['an anonymous read of a draft served (a should row)', d('status'), lc('GET', '/events/5', 200, 403), 'should'],
  ['an update refused', d('status'), lc('PATCH', '/venues/1', 400, 200), 'must'],
  ['a by-slug delete refused', d('status'), lc('DELETE', '/venues/by-slug/x', 404, 200), 'must'],
  [
    'a second delete of a record the target already deleted in the check (410), the model holding two',
    d('status'),
    { ...lc('DELETE', '/venues/12', 410, 200), deletedBefore: true as const },
    'should',
  ],
  ['a record without its id', d('missing', 'id'), lc('GET', '/events/1', 200, 200), 'must'],
  ['a list without its records array', d('missing', 'events'), lc('GET', '/events', 200, 200), 'must'],
  [
    'a list refused (the base empty page is a 404 on the original)',
    d('status'),
    lc('GET', '/events', 404, 200),
    'should',
  ],
])('level: %s', (_name, diff, c, level) => {
  expect(levelOf(diff, c).level).toBe(level);
});

// A slug the check made up from its own scope word names no record (issue 37: the missing-slug
// reads of <resource>.missing.exact-version were out of scope, so a changed error code passed).
test.each<[string, string, string | undefined, boolean]>([
  ["the check's scope word, no answer gave it", 'cc1abqx9-no-such-slug', 'cc1abqx9', true],
  ['the scope in other case', 'CC1ABQX9-none', 'cc1abqx9', true],
  ["another check's or a shared setup's scope", 'cc1zzzz1-no-such-slug', 'cc1abqx9', false],
  ['the run tag alone', 'cc1-market', 'cc1abqx9', false],
  ['no scope recorded', 'cc1abqx9-no-such-slug', undefined, false],
])('a made-up slug: %s', (_name, slug, scope, inScope) => {
  const tr = translateRequest(get(`/events/by-slug/${slug}`), pairs(), 'cc1', scope);
  expect(tr.ok).toBe(inScope);
  if (tr.ok) expect(tr.request.route).toBe(`/events/by-slug/${encodeURIComponent(slug)}`);
  else expect(tr.reason).toBe('foreign-record');
});

test('a made-up slug is out of scope once a write of the check was not replayed (it may have made the record)', () => {
  const state = newCheckState('cc1abqx9');
  const x = (method: string, route: string, body?: string): TargetExchange =>
    ({
      method,
      route,
      query: '',
      headers: { 'content-type': 'application/json' },
      auth: true,
      status: 201,
      ...(body ? { body } : {}),
    }) as TargetExchange;
  expect(scopeOf(x('GET', '/events/by-slug/cc1abqx9-x'), state, 'cc1').inScope).toBe(true);
  // A create naming a site record (an image of the site): not replayed.
  expect(scopeOf(x('POST', '/events', '{"title":"cc1abqx9 e","image":42}'), state, 'cc1').inScope).toBe(false);
  expect(scopeOf(x('GET', '/events/by-slug/cc1abqx9-x'), state, 'cc1').inScope).toBe(false);
});
