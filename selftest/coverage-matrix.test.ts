/**
 * The coverage matrix of issue 12 (`cover:` rows of fixtures/spec/requirements.json): the rows
 * are derived from the spec's tables (every field of a resource on every update method, invalid
 * values of every field and list parameter), and every row is named by a check's `requirements`.
 * A field or parameter the spec gains without a row, or a row no check names, fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { type ListedCheck, listChecks } from '../lib/check/list.ts';
import { PROJECT_ROOT } from '../lib/run/paths.ts';

interface Requirement {
  id: string;
  kind: string;
  variant: string;
}
const requirements = (
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'fixtures/spec/requirements.json'), 'utf8')) as {
    requirements: Requirement[];
  }
).requirements;
const rows = new Set(requirements.filter((r) => r.kind === 'cover').map((r) => r.id));
const specIds = (prefix: string) =>
  requirements.filter((r) => r.id.startsWith(prefix)).map((r) => r.id.slice(prefix.length));

let checks: ListedCheck[] = [];
beforeAll(async () => {
  checks = await listChecks();
});

/** The event password is a read parameter (events.update.password): no field of the update matrix. */
const EVENT_FIELDS_ELSEWHERE = ['password'];
/** Event fields with no invalid value: cost and website are not typed by the spec. */
const EVENT_FIELDS_UNTYPED = ['cost', 'website'];
/** List parameters with no invalid value to send: read as a PHP boolean, or gated by a feature. */
const EVENT_PARAMS_EXEMPT = ['strict_dates', 'geoloc', 'geoloc_lat', 'geoloc_lng', 'ticketed'];

test('every cover row is named by at least one check', () => {
  const named = new Set(checks.flatMap((c) => c.requirements));
  expect([...rows].filter((r) => !named.has(r))).toEqual([]);
});

test('every event field of the spec has a row per update method and an invalid-value row', () => {
  const fields = specIds('field:events.').filter((f) => !EVENT_FIELDS_ELSEWHERE.includes(f));
  expect(fields.length).toBeGreaterThan(10);
  const missing: string[] = [];
  for (const f of fields) {
    for (const op of ['post', 'put', 'patch']) if (!rows.has(`cover:events.${f}.${op}`)) missing.push(`${f}.${op}`);
    if (!EVENT_FIELDS_UNTYPED.includes(f) && !rows.has(`cover:events.${f}.invalid`)) missing.push(`${f}.invalid`);
  }
  expect(missing).toEqual([]);
});

test('every event list parameter of the spec has an invalid-value row', () => {
  const params = specIds('param:events.').filter((p) => !EVENT_PARAMS_EXEMPT.includes(p));
  const missing = params.filter((p) => !rows.has(`cover:events.list.${p}.invalid-400`));
  expect(missing).toEqual([]);
});

test('the visibility rows cover every hidden status, anonymously and for an editor, and the trash', () => {
  const missing = ['draft', 'pending', 'private', 'future']
    .flatMap((s) => [`cover:events.visibility.${s}`, `cover:events.visibility.${s}.editor`])
    .concat('cover:events.visibility.trash')
    .filter((r) => !rows.has(r));
  expect(missing).toEqual([]);
});

test('every text field of the venue and organizer tables has a row per update method', () => {
  const missing: string[] = [];
  for (const [plural, fields] of [
    [
      'venues',
      [
        'venue',
        'description',
        'address',
        'city',
        'country',
        'province',
        'state',
        'zip',
        'phone',
        'stateprovince',
        'website',
        'status',
      ],
    ],
    ['organizers', ['organizer', 'description', 'phone', 'website', 'email', 'status']],
  ] as const)
    for (const f of fields)
      for (const op of ['post', 'put', 'patch'])
        if (!rows.has(`cover:${plural}.${f}.${op}`)) missing.push(`${plural}.${f}.${op}`);
  expect(missing).toEqual([]);
});

test('every category and tag field of the spec has a create row and a row per update method; name and parent have invalid rows', () => {
  const missing: string[] = [];
  for (const tx of ['categories', 'tags']) {
    const fields = specIds(`field:${tx}.`);
    expect(fields.length, `field:${tx}.* rows of requirements.json`).toBeGreaterThanOrEqual(3);
    for (const f of fields)
      for (const op of ['create', 'post', 'put', 'patch'])
        if (!rows.has(`cover:${tx}.${f}.${op}`)) missing.push(`${tx}.${f}.${op}`);
    for (const f of fields.filter((x) => x === 'name' || x === 'parent'))
      if (!rows.has(`cover:${tx}.${f}.invalid`)) missing.push(`${tx}.${f}.invalid`);
  }
  expect(missing).toEqual([]);
});

test('every category and tag list parameter has a 400 row; include and exclude both forms; the edges of issue 12.2 have rows', () => {
  const missing: string[] = [];
  for (const tx of ['categories', 'tags']) {
    const params = specIds(`param:${tx}.`);
    expect(params.length, `param:${tx}.* rows of requirements.json`).toBeGreaterThanOrEqual(10);
    for (const p of params)
      if (!rows.has(`cover:${tx}.list.${p}.invalid-400`)) missing.push(`${tx}.list.${p}.invalid-400`);
    // The ID filters whose unknown values must list nothing (LEVELS.md unknown filter values).
    for (const p of params.filter((x) => ['include', 'parent', 'post', 'event'].includes(x)))
      if (!rows.has(`cover:${tx}.list.${p}.invalid`)) missing.push(`${tx}.list.${p}.invalid`);
    for (const p of ['include', 'exclude'])
      for (const form of ['array', 'comma'])
        if (!rows.has(`cover:${tx}.list.${p}.${form}`)) missing.push(`${tx}.list.${p}.${form}`);
    for (const edge of ['post-event.event-wins', 'no-match', 'totals', 'order.edges', 'orderby.edges'])
      if (!rows.has(`cover:${tx}.list.${edge}`)) missing.push(`${tx}.list.${edge}`);
  }
  expect(missing).toEqual([]);
});

test('venue and organizer list filters: has_events and only_with_upcoming true and false, and event, over only past, only draft and mixed events', () => {
  const missing: string[] = [];
  const cases = ['past', 'draft', 'mixed'];
  for (const plural of ['venues', 'organizers']) {
    const params = specIds(`param:${plural}.`);
    for (const p of ['has_events', 'only_with_upcoming', 'event'])
      expect(params, `param:${plural}.${p} of requirements.json`).toContain(p);
    for (const p of ['has_events', 'only_with_upcoming'])
      for (const value of ['true', 'false'])
        for (const c of cases)
          if (!rows.has(`cover:${plural}.list.${p}.${value}.${c}`)) missing.push(`${plural}.list.${p}.${value}.${c}`);
    for (const c of [...cases, 'none', 'other-kind'])
      if (!rows.has(`cover:${plural}.list.event.${c}`)) missing.push(`${plural}.list.event.${c}`);
  }
  expect(missing).toEqual([]);
});

test('the by-slug edges (empty slug, another kind, a draft, the same full record) have rows for every resource with by-slug routes', () => {
  const missing: string[] = [];
  for (const plural of ['events', 'venues', 'organizers']) {
    expect(
      requirements.some((r) => r.id === `route:GET /cal/events/v1/${plural}/by-slug/{slug}`),
      `the by-slug read of ${plural} in requirements.json`,
    ).toBe(true);
    for (const edge of ['empty', 'other-kind', 'draft', 'same-record'])
      if (!rows.has(`cover:${plural}.by-slug.${edge}`)) missing.push(`${plural}.by-slug.${edge}`);
  }
  expect(missing).toEqual([]);
});

test('every optional venue and organizer field the spec defaults to null (extended) has a row for clearing it with an empty value', () => {
  const missing: string[] = [];
  // Name and status are no optional text: a name is required, a status is never empty. The map flags are booleans.
  const notClearable = ['venue', 'organizer', 'status', 'author', 'date', 'date_utc', 'show_map', 'show_map_link'];
  for (const plural of ['venues', 'organizers']) {
    const fields = specIds(`field:${plural}.`).filter((f) => !notClearable.includes(f));
    expect(fields.length, `field:${plural}.* rows of requirements.json`).toBeGreaterThanOrEqual(5);
    for (const f of fields) if (!rows.has(`cover:${plural}.${f}.clear`)) missing.push(`${plural}.${f}.clear`);
  }
  expect(missing).toEqual([]);
});
