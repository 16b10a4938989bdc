/**
 * The interface's elements, as data (issue 32): what a run's coverage map counts. Derived from the
 * spec's own tables as `fixtures/spec/requirements.json` records them (routes, parameters, request
 * fields) and lib/spec/resources.ts; nothing here says whether a run judged anything.
 *
 * Kinds and IDs:
 * - `route`: a route-method of the Endpoints table, `route:GET /cal/events/v1/events/{id}` (the
 *   requirement ID itself);
 * - `param`: a query or path parameter, `param:events.search` (the requirement ID), and the event
 *   password of the item routes, `param:item.password`;
 * - `field`: a request field under one write operation, `field:events.title@create` (`@post`,
 *   `@put`, `@patch` the updates by ID, `@slug` an update by slug by any method);
 * - `response`: a response field the minimal contract names (LEVELS.md: a record names its fields
 *   like the request fields, `id`; a list holds its records under the plural name, with `total`
 *   and `total_pages`; an error body has `code`, `message`, `data.status`): `response:events.title`,
 *   `response:events-list.total`, `response:error.code`;
 * - `value`: a value class of a list parameter, `value:events.start_date=date-only`.
 */
import { readFileSync } from 'node:fs';

export type ElementKind = 'route' | 'param' | 'field' | 'response' | 'value';
export type WriteOp = 'create' | 'post' | 'put' | 'patch' | 'slug';
export const WRITE_OPS: readonly WriteOp[] = ['create', 'post', 'put', 'patch', 'slug'];

type FixtureName = 'image' | 'childEvent' | 'ticketedEvent' | 'passwordEvent' | 'geolocatedVenue';

/** What an element needs besides its variant: a feature the run declares (and maybe a fixture too), or a fixture. */
export type Need = { feature: 'premium' | 'tickets'; fixture?: FixtureName } | { fixture: FixtureName };

export interface Element {
  id: string;
  kind: ElementKind;
  /** The group the summary and the gate count by (one of GROUPS). */
  group: Group;
  variant: 'both' | 'extended';
  /** Sending it writes (a route other than GET, a field under a write operation). */
  writes: boolean;
  needs?: Need;
  /** The requirement of fixtures/spec/requirements.json it stands for (checks cite these). */
  requirement?: string;
  /** Where the spec's tables put it: table title, row, column. */
  table: string;
  row: string;
  col: string;
}

export const GROUPS = ['routes', 'parameters', 'value classes', 'fields', 'responses'] as const;
export type Group = (typeof GROUPS)[number];

interface Requirement {
  id: string;
  variant: 'both' | 'extended';
  kind: string;
}

const NS = '/cal/events/v1';
const RESOURCE_TITLE: Record<string, string> = {
  events: 'Event',
  venues: 'Venue',
  organizers: 'Organizer',
  categories: 'Event category',
  tags: 'Event tag',
};
const LIST_TITLE: Record<string, string> = {
  root: 'Root route parameters',
  path: 'Path parameters',
  events: 'List events: query parameters',
  venues: 'List venues: query parameters',
  organizers: 'List organizers: query parameters',
  categories: 'List categories: query parameters',
  tags: 'List tags: query parameters',
};

/** The value classes of a list parameter (measured per request by lib/coverage/traffic.ts). */
export type ValueRule = 'date' | 'ids' | 'terms' | 'bool' | 'per_page' | 'page' | 'status' | 'order' | 'orderby';
export const VALUE_CLASSES: Record<ValueRule, readonly string[]> = {
  date: ['date-only', 'date-time', 'timestamp', 'invalid'],
  ids: ['single', 'array', 'comma', 'unknown'],
  terms: ['single', 'array', 'comma', 'slug', 'unknown'],
  bool: ['true', 'false'],
  per_page: ['in-range', 'above-cap', 'invalid'],
  page: ['first', 'later', 'invalid'],
  status: ['publish', 'draft', 'other'],
  order: ['asc', 'desc'],
  orderby: ['name', 'other'],
};

/** The value rule of a list parameter, or undefined when its values are not classed (text, one ID). */
export function valueRule(resource: string, param: string): ValueRule | undefined {
  if (resource === 'root' || resource === 'path') return undefined;
  if (resource === 'events') {
    if (/^(start_date|end_date|starts_before|starts_after|ends_before|ends_after)$/.test(param)) return 'date';
    if (param === 'categories' || param === 'tags') return 'terms';
    if (/^(venue|organizer|include)$/.test(param)) return 'ids';
    if (/^(featured|strict_dates|geoloc|ticketed)$/.test(param)) return 'bool';
  }
  if ((resource === 'venues' || resource === 'organizers') && /^(has_events|only_with_upcoming)$/.test(param))
    return 'bool';
  if (resource === 'categories' || resource === 'tags') {
    if (param === 'include' || param === 'exclude') return 'ids';
    if (param === 'hide_empty') return 'bool';
    if (param === 'order') return 'order';
    if (param === 'orderby') return 'orderby';
  }
  if (param === 'per_page') return 'per_page';
  if (param === 'page') return 'page';
  if (param === 'status') return 'status';
  return undefined;
}

/** What a parameter or field needs besides the variant. */
function needOf(kind: 'param' | 'field', resource: string, name: string): Need | undefined {
  if (kind === 'param' && resource === 'events' && name.startsWith('geoloc')) return { feature: 'premium' };
  if (kind === 'param' && resource === 'events' && name === 'post_parent') return { fixture: 'childEvent' };
  // The tickets extension first (without it the parameter filters nothing), then a ticketed event.
  if (kind === 'param' && resource === 'events' && name === 'ticketed')
    return { feature: 'tickets', fixture: 'ticketedEvent' };
  if (kind === 'field' && name === 'image') return { fixture: 'image' };
  return undefined;
}

/** Build the catalogue from the requirement list (pure; exported for the tests). */
export function buildElements(requirements: readonly Requirement[]): Element[] {
  const out: Element[] = [];
  for (const r of requirements.filter((x) => x.kind === 'route')) {
    const m = /^route:(\w+) (\S+)$/.exec(r.id);
    if (!m) continue;
    const method = m[1]!;
    const path = m[2]!.slice(NS.length) || '/';
    out.push({
      id: r.id,
      kind: 'route',
      group: 'routes',
      variant: r.variant,
      writes: method !== 'GET',
      requirement: r.id,
      table: 'Endpoints',
      row: path,
      col: method,
    });
  }
  for (const r of requirements.filter((x) => x.kind === 'param')) {
    const [resource, name] = r.id.slice('param:'.length).split('.') as [string, string];
    const needs = needOf('param', resource, name);
    const table = LIST_TITLE[resource] ?? resource;
    out.push({
      id: r.id,
      kind: 'param',
      group: 'parameters',
      variant: r.variant,
      writes: false,
      ...(needs ? { needs } : {}),
      requirement: r.id,
      table,
      row: name,
      col: 'sent',
    });
    const rule = valueRule(resource, name);
    for (const cls of rule ? VALUE_CLASSES[rule] : [])
      out.push({
        id: `value:${resource}.${name}=${cls}`,
        kind: 'value',
        group: 'value classes',
        variant: r.variant,
        writes: false,
        ...(needs ? { needs } : {}),
        requirement: r.id,
        table,
        row: name,
        col: cls,
      });
  }
  const fields = requirements.filter((x) => x.kind === 'field');
  for (const r of fields) {
    const [resource, name] = r.id.slice('field:'.length).split('.') as [string, string];
    if (resource === 'events' && name === 'password') {
      // A read parameter of the event item routes (LEVELS.md: the original stores no password sent on writes).
      out.push({
        id: 'param:item.password',
        kind: 'param',
        group: 'parameters',
        variant: r.variant,
        writes: false,
        needs: { fixture: 'passwordEvent' },
        requirement: r.id,
        table: LIST_TITLE.path!,
        row: 'password (event item routes)',
        col: 'sent',
      });
      continue;
    }
    const needs = needOf('field', resource, name);
    const table = `${RESOURCE_TITLE[resource] ?? resource} fields`;
    const bySlug =
      resource === 'events' ? 'both' : resource === 'venues' || resource === 'organizers' ? 'extended' : null;
    for (const op of WRITE_OPS) {
      if (op === 'slug' && !bySlug) continue;
      const variant = op === 'slug' && bySlug === 'extended' ? 'extended' : r.variant;
      out.push({
        id: `field:${resource}.${name}@${op}`,
        kind: 'field',
        group: 'fields',
        variant,
        writes: true,
        ...(needs ? { needs } : {}),
        requirement: r.id,
        table,
        row: name,
        col: op === 'slug' ? 'by slug' : op === 'create' ? 'create' : op.toUpperCase(),
      });
    }
    out.push({
      id: `response:${resource}.${name}`,
      kind: 'response',
      group: 'responses',
      variant: r.variant,
      writes: false,
      requirement: r.id,
      table,
      row: name,
      col: 'answer',
    });
  }
  for (const resource of Object.keys(RESOURCE_TITLE)) {
    out.push({
      id: `response:${resource}.id`,
      kind: 'response',
      group: 'responses',
      variant: 'both',
      writes: false,
      table: `${RESOURCE_TITLE[resource]} fields`,
      row: 'id',
      col: 'answer',
    });
    for (const key of [resource, 'total', 'total_pages'])
      out.push({
        id: `response:${resource}-list.${key}`,
        kind: 'response',
        group: 'responses',
        variant: 'both',
        writes: false,
        table: 'List answers',
        row: resource,
        col: key === resource ? 'records' : key,
      });
  }
  for (const key of ['code', 'message', 'data.status'])
    out.push({
      id: `response:error.${key}`,
      kind: 'response',
      group: 'responses',
      variant: 'both',
      writes: false,
      table: 'Error answers',
      row: 'error body',
      col: key,
    });
  return out;
}

let cached: Element[] | undefined;

/** Every element of the interface (both variants). */
export function allElements(): Element[] {
  if (!cached) {
    const file = JSON.parse(
      readFileSync(new URL('../../fixtures/spec/requirements.json', import.meta.url), 'utf8'),
    ) as { requirements: Requirement[] };
    cached = buildElements(file.requirements);
  }
  return cached;
}

/** The elements of a variant. */
export function elementsOf(variant: string): Element[] {
  return allElements().filter((e) => e.variant === 'both' || variant === 'extended');
}

/**
 * Whether LEVELS.md makes the element a must (its "Decisions" table and the minimal response
 * contract): every route-method; the list parameters but the root's, venues' and organizers'
 * `only_with_upcoming`; the value classes whose behaviour is a must there (filters by ID, slug and
 * several values, unknown and malformed values refused or listing nothing unrelated, booleans,
 * `per_page` in range, pages, `publish`/`draft`, `orderby=name` both ways; not: timestamps, several
 * tags, `per_page` above the cap or invalid, other statuses and orderby values); every field
 * under every write operation (create reflects, updates apply, by slug the same record); the
 * response fields of the contract (`id`, the records under the plural name, fields named like the
 * request fields), not totals nor error bodies. Pure.
 */
export function mustByLevels(e: Element): boolean {
  switch (e.kind) {
    case 'route':
    case 'field':
      return true;
    case 'param':
      return !e.id.startsWith('param:root.') && !e.id.endsWith('.only_with_upcoming');
    case 'response':
      return !/^response:(error\.|[a-z]+-list\.total)/.test(e.id);
    case 'value': {
      if (e.id.includes('.only_with_upcoming=')) return false;
      if (/^value:events\.tags=(array|comma)$/.test(e.id)) return false;
      return !/=(timestamp|above-cap|other)$/.test(e.id) && !/\.(per_page|page)=invalid$/.test(e.id);
    }
  }
}
